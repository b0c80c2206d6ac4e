import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import webPush from 'web-push';
import { clientOptions, type AwsAccess } from '../shared/runtime';

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
  generate: () => { publicKey: string; privateKey: string } = webPush.generateVAPIDKeys,
): Promise<VapidResourceData | undefined> => {
  if (event.RequestType === 'Delete') return undefined;
  const secretArn = String(event.ResourceProperties.SecretArn ?? '');
  if (!secretArn) throw new Error('SecretArn is not set');
  const current = await secrets.read(secretArn);
  if (isKeyPair(current)) return { PublicKey: (JSON.parse(current) as { publicKey: string }).publicKey };
  const keys = generate();
  await secrets.write(secretArn, JSON.stringify(keys));
  return { PublicKey: keys.publicKey };
};

export const secretsManagerPort = (access: AwsAccess = {}): VapidSecretPort => {
  const client = new SecretsManagerClient(clientOptions(access));
  return {
    read: async (secretArn) => (await client.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString,
    write: async (secretArn, value) => {
      await client.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: value }));
    },
  };
};
