import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientOptions } from '../shared/client-options';
import { once } from '../shared/once';
import type { AssumeRoleRequest, AwsAccess } from '../shared/runtime';

// Apart from runtime.ts: only the functions that start or run a deletion bundle these clients.

export const createCognitoClient = (access: AwsAccess = {}): CognitoIdentityProviderClient =>
  new CognitoIdentityProviderClient({
    ...clientOptions(access),
    ...(access.endpoints?.cognito ? { endpoint: access.endpoints.cognito } : {}),
  });

/**
 * STS's AssumeRole with a session policy: credentials with what both the role and the policy
 * allow, for `durationSeconds`. The SDK's STS client is loaded by the first call.
 */
export const stsAssumeRole = (access: AwsAccess, durationSeconds: number) => {
  const sts = once(async () => {
    const sdk = await import('@aws-sdk/client-sts');
    return { sdk, client: new sdk.STSClient(clientOptions(access)) };
  });
  return async ({ roleArn, sessionName, policy }: AssumeRoleRequest) => {
    const { sdk, client } = await sts();
    const { Credentials: credentials } = await client.send(
      new sdk.AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: sessionName, Policy: policy, DurationSeconds: durationSeconds }),
    );
    if (!credentials?.AccessKeyId || !credentials.SecretAccessKey) throw new Error('STS answered AssumeRole without credentials');
    return { accessKeyId: credentials.AccessKeyId, secretAccessKey: credentials.SecretAccessKey, sessionToken: credentials.SessionToken };
  };
};
