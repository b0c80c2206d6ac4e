import { countOf, formatDay, formatPeriod } from './format';
import * as z from './zod';

/**
 * Web push: a person's devices each hold a subscription (the push service's endpoint and
 * the browser's keys); the server encrypts each notice to those keys and signs its request
 * with the deployment's VAPID key, so the push service learns nothing but that something
 * was sent.
 */
export const PUSH_LIMITS = {
  /** Devices one person may have notifications on. */
  devicesPerPerson: 20,
  /** How long a push service keeps a notice for a device that is offline. */
  ttlSeconds: 24 * 60 * 60,
  /** A device's label (its browser and system, as coarseBrowser says it). */
  labelMaxChars: 60,
} as const;

/**
 * The push services browsers subscribe with. Endpoints anywhere else are refused: the
 * server posts to the endpoint, and an endpoint of the person's choosing (the cloud's
 * metadata address, the Lambda runtime's loopback) would make it post where it should not.
 * The local stack adds its own loopback push service through `LAMBDA_ENV.pushExtraOrigins`.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.notify.windows.com',
  '.push.apple.com',
] as const;

export { PUSH_DEVICE_ID_PATTERN, pushDeviceId } from './push-device-id';

/** A P-256 public key, uncompressed (65 bytes), and a 16-byte secret, both base64url as the Push API gives them. */
const P256DH_PATTERN = /^[A-Za-z0-9_-]{86,87}$/;
const AUTH_PATTERN = /^[A-Za-z0-9_-]{21,22}$/;

/** Whether a push endpoint is one of the push services' (or one the local stack adds), over HTTPS or on loopback. */
export const pushEndpointProblem = (endpoint: string, extraOrigins: readonly string[] = []): string | undefined => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (extraOrigins.includes(url.origin)) return undefined;
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return 'endpoint must be an https URL of a push service';
  const host = url.hostname.toLowerCase();
  const known = PUSH_SERVICE_HOSTS.some((service) => (service.startsWith('.') ? host.endsWith(service) : host === service));
  return known ? undefined : 'endpoint must be one of the browsers’ push services';
};

/** A subscription as the Push API's `toJSON()` gives it. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.string({ error: 'endpoint must be text' }).max(1000, 'endpoint must be at most 1000 characters'),
  /** When the push service ends it (ms since the epoch), if it says; the sender learns of an end by a 404 or 410 anyway. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(P256DH_PATTERN, 'keys.p256dh must be a P-256 public key in base64url'),
    auth: z.string().regex(AUTH_PATTERN, 'keys.auth must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** Turning notifications on for a device: its subscription, and whether its lock screen may show statement names. */
export const addDeviceRequestSchema = z.strictObject({
  subscription: pushSubscriptionSchema,
  showNames: z.boolean({ error: 'showNames must be true or false' }).default(false),
});
export type AddDeviceRequest = z.input<typeof addDeviceRequestSchema>;

/** A device with notifications on, as its owner lists it. */
export interface PushDevice {
  deviceId: string;
  label: string;
  showNames: boolean;
  createdAt: string;
  lastSentAt?: string;
}

/** What a notice is about. */
export type PushNoticeKind = 'statementReady' | 'statementQuarantined' | 'shareOpened' | 'arrivalWaiting' | 'statementLate' | 'test';

/** What the service worker receives, decrypted: what it shows, and where a click goes. */
export interface PushNotice {
  kind: PushNoticeKind;
  title: string;
  body: string;
  /** A path of the web app: never personal data. */
  url: string;
  /** Notices with one tag replace each other on the device. */
  tag: string;
}

/**
 * The notice of an event, in words for a lock screen: it says what happened, and names
 * the statement only where the person chose to see names on that device.
 */
export const pushNotice = (
  event:
    | { kind: 'statementReady' | 'statementQuarantined'; statementId: string; fileName: string; byMail?: boolean }
    | { kind: 'shareOpened'; shareId: string; note?: string }
    | { kind: 'arrivalWaiting'; statementId: string; fileName: string; count?: number }
    /** `tagId`: the account's own tag (a hash of its key), so two accounts' notices of one month stand apart. */
    | { kind: 'statementLate'; accountLabel: string; period: string; expectedOn: string; tagId: string }
    | { kind: 'test' },
  showNames: boolean,
): PushNotice => {
  switch (event.kind) {
    case 'statementReady':
      return {
        kind: event.kind,
        title: event.byMail ? 'Statement arrived by mail' : 'Statement ready',
        body: event.byMail
          ? showNames
            ? `“${event.fileName}” came in a mail to your vault, and is scanned and kept.`
            : 'A statement came in a mail to your vault, and is scanned and kept.'
          : showNames
            ? `“${event.fileName}” is scanned and kept.`
            : 'A statement you uploaded is scanned and kept.',
        url: `/statements/${event.statementId}`,
        tag: `statement-${event.statementId}`,
      };
    case 'statementQuarantined':
      return {
        kind: event.kind,
        title: 'Statement quarantined',
        body: showNames
          ? `“${event.fileName}” failed its malware scan and cannot be downloaded.`
          : `A statement ${event.byMail ? 'mailed to your vault' : 'you uploaded'} failed its malware scan and cannot be downloaded.`,
        url: `/statements/${event.statementId}`,
        tag: `statement-${event.statementId}`,
      };
    case 'shareOpened':
      return {
        kind: event.kind,
        title: 'Share opened',
        body:
          showNames && event.note
            ? `Your share “${event.note.slice(0, 60)}” was opened for the first time.`
            : 'A share of yours was opened for the first time.',
        url: `/shares/${event.shareId}`,
        tag: `share-${event.shareId}`,
      };
    case 'arrivalWaiting': {
      // One notice a mail: the first file's name, and how many more wait with it.
      const others = (event.count ?? 1) - 1;
      if (others <= 0)
        return {
          kind: event.kind,
          title: 'A statement waits for you',
          body: showNames
            ? `“${event.fileName}” came in a mail to your vault and waits on your profile to be filed.`
            : 'A statement came in a mail to your vault and waits on your profile to be filed.',
          url: '/profile',
          tag: `arrival-${event.statementId}`,
        };
      return {
        kind: event.kind,
        title: `${countOf(others + 1, 'statement')} wait for you`,
        body: showNames
          ? `“${event.fileName}” and ${countOf(others, 'other statement')} came in a mail to your vault and wait on your profile to be filed.`
          : `${countOf(others + 1, 'statement')} came in a mail to your vault and wait on your profile to be filed.`,
        url: '/profile',
        tag: `arrival-${event.statementId}`,
      };
    }
    case 'statementLate':
      return {
        kind: event.kind,
        title: 'A statement is late',
        body: showNames
          ? `${event.accountLabel.slice(0, 60)}: the statement for ${formatPeriod(event.period)} has not arrived. It usually comes around ${formatDay(event.expectedOn)}.`
          : `A statement you usually get around ${formatDay(event.expectedOn)} has not arrived.`,
        url: '/statements/coverage',
        tag: `late-${event.tagId}-${event.period}`,
      };
    case 'test':
      return {
        kind: 'test',
        title: 'Notifications are on',
        body: 'This device will tell you when a statement is ready.',
        url: '/profile',
        tag: 'test',
      };
  }
};
