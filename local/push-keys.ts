import * as fs from 'node:fs';
import * as path from 'node:path';
import webPush from 'web-push';
import { ensureVapidKeys } from '../lambda/push/vapid-keys';

/**
 * The local stack's part of the VAPID custom resource and of Secrets Manager: the key pair
 * is made at the first start (by the custom resource's own code) and kept in the data
 * directory, so browsers' subscriptions outlive a restart as they outlive a deploy.
 */
export const localVapidSecret = async (file: string, secretArn: string) => {
  const read = async () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  const data = await ensureVapidKeys(
    { RequestType: 'Create', ResourceProperties: { SecretArn: secretArn } },
    {
      read: async () => read(),
      write: async (_arn, value) => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, value, { mode: 0o600 });
      },
    },
    webPush.generateVAPIDKeys,
  );
  return {
    publicKey: data!.PublicKey,
    /** GetSecretValue for the one secret there is. */
    value: async (arn: string) => {
      if (arn !== secretArn)
        throw Object.assign(new Error(`Secrets Manager can't find the specified secret.`), { name: 'ResourceNotFoundException' });
      return (await read())!;
    },
  };
};
