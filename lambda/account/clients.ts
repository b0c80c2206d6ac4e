import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { REGION } from '../../contract';
import type { AwsAccess } from '../shared/runtime';

// Apart from runtime.ts: only the functions that start or run a deletion bundle these clients.

export const createCognitoClient = (access: AwsAccess = {}): CognitoIdentityProviderClient =>
  new CognitoIdentityProviderClient({
    region: REGION,
    ...(access.credentials ? { credentials: access.credentials } : {}),
    ...(access.endpoints?.cognito ? { endpoint: access.endpoints.cognito } : {}),
  });

/** Lambda's asynchronous invoke: queued by Lambda, which retries a failed run twice. */
export const lambdaInvokeAsync = (access: AwsAccess = {}) => {
  const client = new LambdaClient({ region: REGION, ...(access.credentials ? { credentials: access.credentials } : {}) });
  return async (functionName: string, payload: unknown): Promise<void> => {
    await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(payload) }));
  };
};

/** A setting a function needs for what it does here; its absence stops the call, naming it. */
export const required = (value: string | undefined, name: string): string => {
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
};
