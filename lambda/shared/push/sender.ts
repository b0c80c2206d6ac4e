import { PUSH_LIMITS, pushEndpointProblem, pushNotice } from '../../../contract/push';
import type { Log } from '../log';
import { METRIC_NAMES, noMetrics, type MetricsPort } from '../metrics';
import { once } from '../once';
import type { DeviceStore, StoredDevice } from './devices';

/** The deployment's VAPID key pair, base64url as web push has it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What happens to a person, said to each of their devices. */
export type PushEvent = Parameters<typeof pushNotice>[0];

export interface PushOutcome {
  sent: number;
  gone: number;
  failed: number;
}

/** An HTTP POST to a push service: its status, or a thrown error when it never answered. */
export type PushPost = (request: {
  endpoint: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}) => Promise<number>;

export interface PushSenderDeps {
  devices: DeviceStore;
  /** The key pair, read once per container from where the deployment keeps it. */
  vapid: () => Promise<VapidKeys>;
  /** VAPID's `sub`: who the push services may contact. */
  subject: string;
  /** Endpoint origins accepted beside the browsers' push services (the local stack's). @default none */
  extraOrigins?: readonly string[];
  log: Log;
  metrics?: MetricsPort;
  /** @default fetch, 5 s at most */
  post?: PushPost;
  now?: () => Date;
}

/** `web-push` (and the ASN.1 and JWS libraries under it), loaded by the first notice a container sends, not at cold start. */
const webPush = once(async () => (await import('web-push')).default);

const fetchPost: PushPost = async ({ endpoint, headers, body }) => {
  const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000), redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
};

/**
 * Sends web push: each of the person's devices gets the event's notice, encrypted to its
 * keys (RFC 8291, aes128gcm) and signed with the deployment's VAPID key (RFC 8292) by
 * `web-push`; a device its push service says is gone (404, 410) is removed. It never
 * throws for a device: a notice is a courtesy, and what it tells is in the app anyway.
 */
export const createPushSender = (deps: PushSenderDeps) => {
  const post = deps.post ?? fetchPost;
  const metrics = deps.metrics ?? noMetrics;

  const sendOne = async (owner: string, device: StoredDevice, event: PushEvent, keys: VapidKeys): Promise<keyof PushOutcome> => {
    // Checked again when sending: what the table holds is only as good as what was written to it.
    if (pushEndpointProblem(device.subscription.endpoint, deps.extraOrigins)) {
      await deps.devices.remove(owner, device.deviceId);
      return 'gone';
    }
    const request = (await webPush()).generateRequestDetails(device.subscription, JSON.stringify(pushNotice(event, device.showNames)), {
      vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_LIMITS.ttlSeconds,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    let status: number;
    try {
      status = await post({ endpoint: request.endpoint, headers, body: request.body ? new Uint8Array(request.body) : null });
    } catch (error) {
      deps.log.warn('push not answered', { deviceId: device.deviceId, errorName: (error as Error).name });
      return 'failed';
    }
    if (status === 404 || status === 410) {
      await deps.devices.remove(owner, device.deviceId);
      deps.log.info('push device gone', { deviceId: device.deviceId, status });
      return 'gone';
    }
    if (status < 200 || status >= 300) {
      deps.log.warn('push refused', { deviceId: device.deviceId, status });
      return 'failed';
    }
    await deps.devices.touch(owner, device.deviceId, (deps.now?.() ?? new Date()).toISOString());
    return 'sent';
  };

  return {
    /** Tells every device of `owner` (or only `deviceId`) about `event`. */
    notify: async (owner: string, event: PushEvent, deviceId?: string): Promise<PushOutcome> => {
      const outcome: PushOutcome = { sent: 0, gone: 0, failed: 0 };
      const devices = (await deps.devices.list(owner)).filter((device) => !deviceId || device.deviceId === deviceId);
      if (devices.length === 0) return outcome;
      const keys = await deps.vapid();
      for (const result of await Promise.all(devices.map((device) => sendOne(owner, device, event, keys).catch(() => 'failed' as const))))
        outcome[result] += 1;
      if (outcome.sent) metrics.count(METRIC_NAMES.pushSent, outcome.sent);
      if (outcome.gone) metrics.count(METRIC_NAMES.pushGone, outcome.gone);
      if (outcome.failed) metrics.count(METRIC_NAMES.pushFailed, outcome.failed);
      return outcome;
    },
  };
};

export type PushSender = ReturnType<typeof createPushSender>;
