import { clientOptions } from './client-options';
import { once } from './once';
import type { AwsAccess } from './runtime';

/**
 * Lambda's asynchronous invoke: queued by Lambda, which retries a failed run twice. The
 * SDK's Lambda client is loaded by the first invoke, not at cold start: the statements API
 * starts a deletion rarely, the share function tells the notifier once per share, the mail
 * function once per file that waits.
 */
export const lambdaInvokeAsync = (access: AwsAccess = {}) => {
  const lambda = once(async () => {
    const sdk = await import('@aws-sdk/client-lambda');
    return { sdk, client: new sdk.LambdaClient(clientOptions(access)) };
  });
  return async (functionName: string, payload: unknown): Promise<void> => {
    const { sdk, client } = await lambda();
    await client.send(new sdk.InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(payload) }));
  };
};
