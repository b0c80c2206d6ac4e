import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { clientOptions } from './client-options';
import { required, type HandlerEnvironment } from './environment';
import { once } from './once';
import type { AwsAccess } from './runtime';

/** Secrets Manager's GetSecretValue, with the access's credentials; the SDK's client is loaded at the first read. */
export const secretsManagerRead = (access: AwsAccess) => {
  const secrets = once(async () => {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    return { client: new SecretsManagerClient(clientOptions(access)), GetSecretValueCommand };
  });
  return async (secretArn: string) => {
    const { client, GetSecretValueCommand } = await secrets();
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!SecretString) throw new Error(`the secret ${secretArn} has no value`);
    return SecretString;
  };
};

/** A secret's value, read with the access's own reader (the local stack's) or Secrets Manager's. */
export const readSecretWith = (access: AwsAccess): ((secretArn: string) => Promise<string>) =>
  access.readSecret ?? secretsManagerRead(access);

/**
 * Each owner's identifier key (contract/accounts/identifier-keys), derived from the
 * deployment's secret, which is read once, at the first key asked for.
 */
export const ownerKeysWith = (settings: Pick<HandlerEnvironment, 'identifierSecretArn'>, access: AwsAccess) => {
  const secret = once(() => readSecretWith(access)(required(settings.identifierSecretArn, LAMBDA_ENV.identifierSecretArn)));
  return async (owner: string): Promise<string> => ownerIdentifierKey(await secret(), owner);
};
