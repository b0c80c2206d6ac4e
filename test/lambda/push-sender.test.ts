import { createECDH, createHash, createSign, generateKeyPairSync } from 'node:crypto';
import webPush from 'web-push';
import { pushDeviceId, pushEndpointProblem, pushNotice, type PushNotice } from '../../contract';
import type { DeviceStore, StoredDevice } from '../../lambda/shared/push/devices';
import { memoryDevices } from '../support/lambda-fakes';
import { createPushSender } from '../../lambda/shared/push/sender';
import { checkVapid, startPushService, type LocalPushService } from '../../local/push-service';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const vapid = webPush.generateVAPIDKeys();
const other = webPush.generateVAPIDKeys();

let service: LocalPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const deviceFor = async (owner: string, devices: DeviceStore, showNames: boolean, key = vapid.publicKey) => {
  const subscription = await service.subscribe(key);
  const device: StoredDevice = {
    deviceId: await pushDeviceId(subscription.endpoint),
    label: 'Chrome on Linux',
    showNames,
    createdAt: '2026-01-01T00:00:00.000Z',
    subscription,
  };
  await devices.put(owner, device);
  return device;
};

/** A sender to the loopback push service, signing with the suite's VAPID key. */
const senderFor = (devices: ReturnType<typeof memoryDevices>) =>
  createPushSender({ devices, vapid: async () => vapid, subject: 'mailto:ops@example.com', extraOrigins: [service.origin], log: silent });

const received = (device: StoredDevice): PushNotice[] =>
  service.delivered(device.subscription.endpoint).map((push) => JSON.parse(push.payload) as PushNotice);

test('each device receives the notice encrypted to its own keys and signed with the VAPID key; names only where the person chose', async () => {
  const devices = memoryDevices();
  const sender = senderFor(devices);
  const plain = await deviceFor('alice', devices, false);
  const named = await deviceFor('alice', devices, true);
  const bobs = await deviceFor('bob', devices, true);
  const outcome = await sender.notify('alice', {
    kind: 'statementReady',
    statementId: '01J0000000000000000000000A',
    fileName: 'March.pdf',
  });
  expect(outcome).toEqual({ sent: 2, gone: 0, failed: 0 });
  expect(received(plain)).toEqual([expect.objectContaining({ kind: 'statementReady', url: '/statements/01J0000000000000000000000A' })]);
  expect(received(plain)[0].body).not.toContain('March.pdf');
  expect(received(named)[0].body).toContain('March.pdf');
  expect(received(bobs)).toEqual([]);
  expect(service.delivered(plain.subscription.endpoint)[0]).toMatchObject({ subject: 'mailto:ops@example.com', ttl: 86400 });
  expect(devices.all.get(`alice|${plain.deviceId}`)?.lastSentAt).toEqual(expect.any(String));
});

test('a device its push service says is gone is removed; one that refuses is kept and counted as failed', async () => {
  const devices = memoryDevices();
  const sender = senderFor(devices);
  const gone = await deviceFor('carol', devices, false);
  await fetch(`${service.origin}/subscriptions/${gone.subscription.endpoint.split('/').pop()}`, { method: 'DELETE' });
  // Made for another application server key: the push service refuses our signature for it.
  const mismatched = await deviceFor('carol', devices, false, other.publicKey);
  const outcome = await sender.notify('carol', { kind: 'test' });
  expect(outcome).toEqual({ sent: 0, gone: 1, failed: 1 });
  expect([...devices.all.values()].map((device) => device.deviceId)).toEqual([mismatched.deviceId]);
});

test('an endpoint outside the push services is never posted to, and removed', async () => {
  const devices = memoryDevices();
  const posted: string[] = [];
  const sender = createPushSender({
    devices,
    vapid: async () => vapid,
    subject: 'mailto:ops@example.com',
    log: silent,
    post: async ({ endpoint }) => {
      posted.push(endpoint);
      return 201;
    },
  });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
  for (const endpoint of [
    'http://169.254.169.254/latest/meta-data',
    'http://127.0.0.1:9001/2018-06-01/runtime',
    'https://fcm.googleapis.com/fcm/send/abc',
  ])
    await devices.put('dave', {
      deviceId: await pushDeviceId(endpoint),
      label: 'x',
      showNames: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      subscription: { endpoint, keys },
    });
  expect(await sender.notify('dave', { kind: 'test' })).toEqual({ sent: 1, gone: 2, failed: 0 });
  expect(posted).toEqual(['https://fcm.googleapis.com/fcm/send/abc']);
});

test.each([
  ['https://fcm.googleapis.com/fcm/send/x', undefined],
  ['https://updates.push.services.mozilla.com/wpush/v2/x', undefined],
  ['https://web.push.apple.com/x', undefined],
  ['https://wns2-par02p.notify.windows.com/w/?token=x', undefined],
  ['http://fcm.googleapis.com/fcm/send/x', 'endpoint must be an https URL of a push service'],
  ['https://fcm.googleapis.com:8443/x', 'endpoint must be an https URL of a push service'],
  ['https://user@fcm.googleapis.com/x', 'endpoint must be an https URL of a push service'],
  ['https://fcm.googleapis.com.evil.example/x', 'endpoint must be one of the browsers’ push services'],
  ['https://evilnotify.windows.com/x', 'endpoint must be one of the browsers’ push services'],
  ['not a url', 'endpoint must be a URL'],
])('push endpoint %s', (endpoint, problem) => {
  expect(pushEndpointProblem(endpoint)).toBe(problem);
});

test('a lock screen shows no statement name or share note unless the device chose names', () => {
  const events = [
    { kind: 'statementReady', statementId: '01J0000000000000000000000A', fileName: 'Secret Bank.pdf' },
    { kind: 'statementQuarantined', statementId: '01J0000000000000000000000A', fileName: 'Secret Bank.pdf' },
    { kind: 'statementReady', statementId: '01J0000000000000000000000A', fileName: 'Secret Bank.pdf', byMail: true },
    { kind: 'statementQuarantined', statementId: '01J0000000000000000000000A', fileName: 'Secret Bank.pdf', byMail: true },
    { kind: 'shareOpened', shareId: '01J0000000000000000000000B', note: 'For Secret Accountant' },
  ] as const;
  for (const event of events) {
    expect(JSON.stringify(pushNotice(event, false))).not.toMatch(/Secret/);
    expect(JSON.stringify(pushNotice(event, true))).toMatch(/Secret/);
  }
});

test('a statement that came by mail says so, named or not; an upload is said as uploaded', () => {
  const ready = { kind: 'statementReady', statementId: '01J0000000000000000000000A', fileName: 'March.pdf' } as const;
  expect(pushNotice({ ...ready, byMail: true }, false)).toMatchObject({
    title: 'Statement arrived by mail',
    body: 'A statement came in a mail to your vault, and is scanned and kept.',
    url: '/statements/01J0000000000000000000000A',
  });
  expect(pushNotice({ ...ready, byMail: true }, true).body).toBe('“March.pdf” came in a mail to your vault, and is scanned and kept.');
  expect(pushNotice(ready, false)).toMatchObject({ title: 'Statement ready', body: 'A statement you uploaded is scanned and kept.' });
  expect(pushNotice({ ...ready, kind: 'statementQuarantined', byMail: true }, false).body).toBe(
    'A statement mailed to your vault failed its malware scan and cannot be downloaded.',
  );
});

describe('the loopback push service checks VAPID as push services do', () => {
  const origin = 'http://127.0.0.1:1';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64url');
  const now = Date.parse('2026-06-01T00:00:00Z');
  const jwt = (claims: object, alg = 'ES256') => {
    const head = `${Buffer.from(JSON.stringify({ typ: 'JWT', alg })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const signature = createSign('sha256').update(head).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    return `${head}.${signature}`;
  };
  const good = { aud: origin, exp: now / 1000 + 3600, sub: 'mailto:a@example.com' };
  test.each([
    ['valid', `vapid t=${jwt(good)}, k=${k}`, { subject: 'mailto:a@example.com' }],
    ['another audience', `vapid t=${jwt({ ...good, aud: 'http://127.0.0.1:2' })}, k=${k}`, { problem: expect.stringContaining('aud') }],
    ['expired', `vapid t=${jwt({ ...good, exp: now / 1000 - 1 })}, k=${k}`, { problem: 'the JWT has expired' }],
    ['too far out', `vapid t=${jwt({ ...good, exp: now / 1000 + 25 * 3600 })}, k=${k}`, { problem: 'exp is more than 24 hours out' }],
    ['no contact', `vapid t=${jwt({ ...good, sub: 'someone' })}, k=${k}`, { problem: expect.stringContaining('sub') }],
    ['another key', `vapid t=${jwt(good)}, k=${vapid.publicKey}`, { problem: 'k is not the key the subscription was made with' }],
    [
      'tampered',
      `vapid t=${jwt(good).replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify({ ...good, sub: 'mailto:b@example.com' })).toString('base64url')}.`)}, k=${k}`,
      { problem: 'the JWT signature does not verify with k' },
    ],
    ['missing', undefined, { problem: expect.stringContaining('VAPID') }],
  ])('%s', (_name, header, expected) => {
    expect(checkVapid(header, k, origin, now)).toEqual(expected);
  });
});

test("a device's id is its endpoint's SHA-256, first 128 bits in hex: the same in the browser and on the server", async () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';
  expect(await pushDeviceId(endpoint)).toBe(createHash('sha256').update(endpoint, 'utf8').digest('hex').slice(0, 32));
  expect(await pushDeviceId(`${endpoint}x`)).not.toBe(await pushDeviceId(endpoint));
});
