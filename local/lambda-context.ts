import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { REGION } from '../contract';
import { LOCAL_ACCOUNT_ID } from './settings';

/**
 * The context object Lambda passes each invocation, for handlers the local stack runs in
 * process: a fresh request id each time, the function's name, and the remaining time
 * counted from the invocation's start.
 */
export const lambdaContext = (functionName: string, timeoutMs = 30_000): Context => {
  const started = Date.now();
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${awsRequestId.replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
