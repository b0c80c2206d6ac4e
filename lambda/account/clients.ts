import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { clientOptions, type AssumeRoleRequest, type AwsAccess } from '../shared/runtime';

// Apart from runtime.ts: only the functions that start or run a deletion bundle these clients.

export const createCognitoClient = (access: AwsAccess = {}): CognitoIdentityProviderClient =>
  new CognitoIdentityProviderClient({
    ...clientOptions(access),
    ...(access.endpoints?.cognito ? { endpoint: access.endpoints.cognito } : {}),
  });

/** Lambda's asynchronous invoke: queued by Lambda, which retries a failed run twice. */
export const lambdaInvokeAsync = (access: AwsAccess = {}) => {
  const client = new LambdaClient(clientOptions(access));
  return async (functionName: string, payload: unknown): Promise<void> => {
    await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(payload) }));
  };
};

/** STS's AssumeRole with a session policy: credentials with what both the role and the policy allow, for `durationSeconds`. */
export const stsAssumeRole = (access: AwsAccess, durationSeconds: number) => {
  const client = new STSClient(clientOptions(access));
  return async ({ roleArn, sessionName, policy }: AssumeRoleRequest) => {
    const { Credentials: credentials } = await client.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: sessionName, Policy: policy, DurationSeconds: durationSeconds }),
    );
    if (!credentials?.AccessKeyId || !credentials.SecretAccessKey) throw new Error('STS answered AssumeRole without credentials');
    return { accessKeyId: credentials.AccessKeyId, secretAccessKey: credentials.SecretAccessKey, sessionToken: credentials.SessionToken };
  };
};
