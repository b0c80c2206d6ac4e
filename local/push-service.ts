import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { readBody, sendJson } from './http';
import { HOST } from './settings';

/** A notice as the push service received it, decrypted with the subscription's own keys. */
export interface DeliveredPush {
  /** The plaintext a browser's service worker gets (`event.data`). */
  payload: string;
  ttl: number;
  urgency?: string;
  /** VAPID's claims, checked. */
  subject: string;
  receivedAt: string;
}

interface Subscription {
  id: string;
  applicationServerKey: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  gone: boolean;
  delivered: DeliveredPush[];
}

/** A base64url P-256 public key (65 bytes, uncompressed) as a key Node can verify with. */
const p256Key = (raw: string) => {
  const point = Buffer.from(raw, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
};

/**
 * Checks a request's VAPID authorization as a push service does (RFC 8292): `vapid t=…, k=…`
 * with k the key the subscription was made with, the JWT signed ES256 by it, for this
 * origin, not expired and not over 24 hours out, with a contact. Returns the contact, or why not.
 */
export const checkVapid = (
  authorization: string | undefined,
  subscriptionKey: string,
  origin: string,
  now: number,
): { subject: string } | { problem: string } => {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { problem: 'Authorization is not a VAPID header (vapid t=…, k=…)' };
  const [, token, key] = match;
  if (key !== subscriptionKey) return { problem: 'k is not the key the subscription was made with' };
  const parts = token.split('.');
  if (parts.length !== 3) return { problem: 't is not a JWT' };
  let header: { alg?: string; typ?: string };
  let claims: { aud?: string; exp?: number; sub?: string };
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { problem: 't is not a JWT' };
  }
  if (header.alg !== 'ES256') return { problem: `the JWT is signed ${header.alg}, not ES256` };
  const signed = verify(
    'sha256',
    Buffer.from(`${parts[0]}.${parts[1]}`),
    { key: p256Key(key), dsaEncoding: 'ieee-p1363' },
    Buffer.from(parts[2], 'base64url'),
  );
  if (!signed) return { problem: 'the JWT signature does not verify with k' };
  if (claims.aud !== origin) return { problem: `aud is ${claims.aud}, not ${origin}` };
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) return { problem: 'the JWT has expired' };
  if (claims.exp > seconds + 24 * 60 * 60) return { problem: 'exp is more than 24 hours out' };
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return { problem: 'sub is not a mailto: or https: contact' };
  return { subject: claims.sub };
};

/**
 * The push service a browser would use, on loopback, for the local stack and tests: it
 * makes subscriptions (the browser's part: a P-256 key pair and an auth secret, with the
 * application server key it was asked for), accepts notices for their endpoints only with
 * a valid VAPID signature of that key, and decrypts each with the subscription's keys, so
 * what it keeps is exactly what the service worker would receive. A subscription marked
 * gone answers 410, as one the browser dropped.
 *
 * - `POST /subscriptions` `{ applicationServerKey }` → `{ endpoint, keys: { p256dh, auth } }`
 * - `POST /push/{id}` (the endpoint) → 201, or 400/401/403/404/410 as push services answer
 * - `GET /push/{id}/messages` → what arrived, decrypted
 * - `DELETE /subscriptions/{id}` → the subscription is gone (410 from then on)
 */
export const startPushService = async (port = 0) => {
  const subscriptions = new Map<string, Subscription>();
  let origin = '';
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      const [, first, id, rest] = url.pathname.split('/');
      if (request.method === 'POST' && first === 'subscriptions' && !id) {
        const { applicationServerKey } = JSON.parse((await readBody(request, 10_000)).toString('utf8') || '{}') as {
          applicationServerKey?: string;
        };
        try {
          p256Key(applicationServerKey ?? '');
        } catch {
          return sendJson(response, 400, { message: 'applicationServerKey must be a P-256 public key in base64url' });
        }
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const subscription: Subscription = {
          id: randomUUID(),
          applicationServerKey: applicationServerKey!,
          ecdh,
          auth: randomBytes(16),
          gone: false,
          delivered: [],
        };
        subscriptions.set(subscription.id, subscription);
        return sendJson(response, 201, {
          endpoint: `${origin}/push/${subscription.id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: subscription.auth.toString('base64url') },
        });
      }
      const subscription = id ? subscriptions.get(id) : undefined;
      if (request.method === 'DELETE' && first === 'subscriptions' && subscription) {
        subscription.gone = true;
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && first === 'push' && rest === 'messages' && subscription)
        return sendJson(response, 200, subscription.delivered);
      if (request.method === 'POST' && first === 'push' && !rest) {
        const body = await readBody(request, 8192);
        if (!subscription) return sendJson(response, 404, { message: 'no such subscription' });
        if (subscription.gone) return sendJson(response, 410, { message: 'the subscription has expired or been unsubscribed' });
        const vapid = checkVapid(request.headers.authorization, subscription.applicationServerKey, origin, Date.now());
        if ('problem' in vapid) return sendJson(response, vapid.problem.startsWith('k is not') ? 403 : 401, { message: vapid.problem });
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return sendJson(response, 400, { message: 'TTL must be a whole number of seconds' });
        if (request.headers['content-encoding'] !== 'aes128gcm')
          return sendJson(response, 415, { message: 'Content-Encoding must be aes128gcm' });
        // Push services take up to 4096 bytes of encrypted content.
        if (body.length > 4096) return sendJson(response, 413, { message: 'the payload is over 4096 bytes' });
        let payload: string;
        try {
          payload = decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8');
        } catch (error) {
          return sendJson(response, 400, {
            message: `the payload does not decrypt with the subscription's keys: ${(error as Error).message}`,
          });
        }
        subscription.delivered.push({
          payload,
          ttl,
          ...(request.headers.urgency ? { urgency: String(request.headers.urgency) } : {}),
          subject: vapid.subject,
          receivedAt: new Date().toISOString(),
        });
        response.writeHead(201, { Location: `${origin}/push/${subscription.id}/messages/${subscription.delivered.length}` }).end();
        return;
      }
      sendJson(response, 404, { message: 'not found' });
    })().catch((error: Error) => {
      if (!response.headersSent) sendJson(response, 500, { message: error.message });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** What a browser's subscribe gives the page, made here. */
    subscribe: async (applicationServerKey: string) => {
      const response = await fetch(`${origin}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) });
      if (!response.ok) throw new Error(`subscribe: ${response.status}`);
      return (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    },
    delivered: (endpoint: string): DeliveredPush[] => subscriptions.get(endpoint.split('/').pop() ?? '')?.delivered ?? [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type LocalPushService = Awaited<ReturnType<typeof startPushService>>;
