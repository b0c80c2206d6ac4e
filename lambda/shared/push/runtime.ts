import { LAMBDA_ENV } from '../../../contract/lambda-env';
import { required, type HandlerEnvironment } from '../environment';
import type { Log } from '../log';
import type { MetricsPort } from '../metrics';
import { once } from '../once';
import type { AwsAccess } from '../runtime';
import { readSecretWith } from '../secrets';
import type { DeviceStore } from './devices';
import { createPushSender, type PushSender, type VapidKeys } from './sender';

/** The VAPID key pair from its secret: read at the first notice of a container, again only after a failed read. */
export const vapidFromSecret = (secretArn: string, readSecret: (arn: string) => Promise<string>): (() => Promise<VapidKeys>) =>
  once(async () => {
    const parsed = JSON.parse(await readSecret(secretArn)) as Partial<VapidKeys>;
    if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
      throw new Error('the VAPID secret is not { publicKey, privateKey }');
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  });

/**
 * The sender of a function that sends web push, from its environment: undefined where the
 * environment names no VAPID secret (a function that sends none).
 */
export const pushSenderOf = (
  settings: HandlerEnvironment,
  access: AwsAccess,
  parts: { devices: DeviceStore; log: Log; metrics: MetricsPort },
): PushSender | undefined => {
  if (!settings.push) return undefined;
  return createPushSender({
    ...parts,
    vapid: vapidFromSecret(settings.push.vapidSecretArn, readSecretWith(access)),
    subject: settings.push.subject,
    extraOrigins: settings.push.extraOrigins,
  });
};

/** The same, for a function that must send it: its absence is an error naming the variable (the handlers check it at cold start). */
export const requiredPushSender = (...args: Parameters<typeof pushSenderOf>): PushSender => {
  const sender = pushSenderOf(...args);
  if (!sender) required(undefined, LAMBDA_ENV.pushVapidSecretArn);
  return sender!;
};
