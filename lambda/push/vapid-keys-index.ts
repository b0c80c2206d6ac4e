import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { ensureVapidKeys, secretsManagerPort } from './vapid-keys';

const secrets = secretsManagerPort();

/**
 * The VAPID key pair's custom resource: CloudFormation invokes it directly and waits for
 * the answer at the presigned `ResponseURL` (no provider framework, so no second function).
 * It answers FAILED with the error's name only: the secret's value never leaves it.
 */
export const handler = async (event: CloudFormationCustomResourceEvent, context: Context): Promise<void> => {
  let answer: { Status: 'SUCCESS' | 'FAILED'; Reason?: string; Data?: Record<string, string> };
  try {
    const data = await ensureVapidKeys(event, secrets);
    answer = { Status: 'SUCCESS', ...(data ? { Data: { ...data } } : {}) };
  } catch (error) {
    answer = { Status: 'FAILED', Reason: `VAPID keys: ${(error as Error).name}: ${(error as Error).message}`.slice(0, 300) };
  }
  const body = JSON.stringify({
    ...answer,
    PhysicalResourceId: 'PhysicalResourceId' in event ? event.PhysicalResourceId : `vapid-keys-${event.LogicalResourceId}`,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Reason: answer.Reason ?? `See ${context.logStreamName}`,
  });
  const response = await fetch(event.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!response.ok) throw new Error(`CloudFormation's response URL answered ${response.status}`);
};
