import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { clientOptions } from '../shared/client-options';
import { once } from '../shared/once';
import type { AwsAccess } from '../shared/runtime';

/** A VAPID key pair, base64url. */
type KeyPair = { publicKey: string; privateKey: string };

/** What the custom resource answers CloudFormation: the public key, for the web app's config. */
export interface VapidResourceData {
  PublicKey: string;
}

export interface VapidSecretPort {
  read(secretArn: string): Promise<string | undefined>;
  write(secretArn: string, value: string): Promise<void>;
}

const isKeyPair = (value: string | undefined): value is string => {
  try {
    const parsed = JSON.parse(value ?? '') as { publicKey?: unknown; privateKey?: unknown };
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string';
  } catch {
    return false;
  }
};

/**
 * The deployment's VAPID key pair, made once: the first deploy writes a new pair into the
 * secret; every later one (an update, a stack deployed again over a kept secret) keeps the
 * pair there, since every browser's subscription is bound to its public key. A delete
 * leaves the secret to its own removal policy.
 */
export const ensureVapidKeys = async (
  event: Pick<CloudFormationCustomResourceEvent, 'RequestType'> & { ResourceProperties: Record<string, unknown> },
  secrets: VapidSecretPort,
  generate: () => KeyPair | Promise<KeyPair> = async () => (await import('web-push')).default.generateVAPIDKeys(),
): Promise<VapidResourceData | undefined> => {
  if (event.RequestType === 'Delete') return undefined;
  const secretArn = String(event.ResourceProperties.SecretArn ?? '');
  if (!secretArn) throw new Error('SecretArn is not set');
  const current = await secrets.read(secretArn);
  if (isKeyPair(current)) return { PublicKey: (JSON.parse(current) as { publicKey: string }).publicKey };
  const keys = await generate();
  await secrets.write(secretArn, JSON.stringify(keys));
  return { PublicKey: keys.publicKey };
};

/** Secrets Manager, with the access's credentials; the SDK's client is loaded by the first call (a deploy's), not at cold start. */
export const secretsManagerPort = (access: AwsAccess = {}): VapidSecretPort => {
  const secrets = once(async () => {
    const sdk = await import('@aws-sdk/client-secrets-manager');
    return { sdk, client: new sdk.SecretsManagerClient(clientOptions(access)) };
  });
  return {
    read: async (secretArn) => {
      const { sdk, client } = await secrets();
      return (await client.send(new sdk.GetSecretValueCommand({ SecretId: secretArn }))).SecretString;
    },
    write: async (secretArn, value) => {
      const { sdk, client } = await secrets();
      await client.send(new sdk.PutSecretValueCommand({ SecretId: secretArn, SecretString: value }));
    },
  };
};
