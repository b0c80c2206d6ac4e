import { SHARE_HEADERS, SHARE_ROUTES, STATEMENT_ROUTES, apiUrl, routePath, type PushDevice } from '../../contract';
import { principalCredentials } from '../../local/iam/identities';
import * as path from 'node:path';
import { configureAmplify } from './support/amplify';
import { newMailAddress, sendMail } from './support/mail';
import { addDevice as addDeviceAt, received, subscribe as subscribeAt, type Subscription } from './support/push-devices';
import { callApi } from './support/rest';
import { signedFetch } from './support/signed';
import { waitFor, type StackProcess } from './support/stack-process';
import { sharedStack } from './support/shared-stack';
import { uploadStatement } from './support/uploads';
import { newUser, type TestUser } from './support/users';

/**
 * Web push through the real path on the local stack: a device's subscription made by the
 * loopback push service (as a browser's push service makes it, for the deployment's VAPID
 * public key from the web config), kept by the statements API, and notices sent by the
 * catalogue's functions and the notifier, each checked by the push service (VAPID
 * signature of that key) and decrypted with the device's own keys: what a service worker
 * would receive.
 */
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
let pushOrigin: string;

const subscribe = (applicationServerKey?: string) => subscribeAt(stack, applicationServerKey);

const addDevice = (user: TestUser, subscription: Subscription, showNames = false) => addDeviceAt(stack, user, subscription, showNames);

const devicesOf = async (user: TestUser): Promise<PushDevice[]> =>
  (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listPushDevices, { token: user.idToken })).body.devices;

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  pushOrigin = `http://127.0.0.1:${stack.ports.pushService}`;
  alice = await newUser(stack, 'push-owner');
  bob = await newUser(stack, 'push-other');
}, 120_000);

test('a statement scanned clean is told to each of its owner’s devices, by name only where the device chose names; another person hears nothing', async () => {
  const plain = await subscribe();
  const named = await subscribe();
  const bobs = await subscribe();
  const first = await addDevice(alice, plain);
  expect(first.body).toMatchObject({ label: 'Chrome on Linux' });
  expect(first.status).toBe(201);
  expect((await addDevice(alice, named, true)).status).toBe(201);
  expect((await addDevice(bob, bobs)).status).toBe(201);
  expect((await devicesOf(alice)).map((device) => [device.label, device.showNames])).toEqual(
    expect.arrayContaining([
      ['Chrome on Linux', false],
      ['Chrome on Linux', true],
    ]),
  );
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'Pushed March.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Card',
    period: '2024-03',
  });
  const [notice] = await waitFor(async () => {
    const notices = await received(plain);
    return notices.length > 0 ? notices : undefined;
  }, 'the ready notice');
  expect(notice).toMatchObject({ kind: 'statementReady', title: 'Statement ready', url: `/statements/${statementId}` });
  expect(JSON.stringify(notice)).not.toContain('Pushed March');
  expect(JSON.stringify(await waitFor(async () => (await received(named))[0], 'the named notice'))).toContain('Pushed March.pdf');
  expect(await received(bobs)).toEqual([]);
  // Each device records its send once its push service has answered: after the notice arrives, not with it.
  await waitFor(
    async () => ((await devicesOf(alice)).every((device) => device.lastSentAt) ? true : undefined),
    'every device to record its send',
  );
});

test('a share’s first opening is told once, through the notifier', async () => {
  const device = await subscribe();
  expect((await addDevice(alice, device, true)).status).toBe(201);
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'for-accountant.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Card',
    period: '2024-04',
  });
  await waitFor(
    async () => ((await received(device)).some((notice) => notice.kind === 'statementReady') ? true : undefined),
    'the ready notice',
  );
  const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
    token: alice.idToken,
    body: { statementIds: [statementId], expiresInSeconds: 3600, note: 'For the accountant' },
  });
  expect(created.status).toBe(201);
  const open = () =>
    signedFetch(
      principalCredentials('webServer'),
      apiUrl(stack.config.custom.statementsApiUrl, routePath(SHARE_ROUTES.openShare.resource)),
      {
        headers: { [SHARE_HEADERS.secret]: created.body.secret, [SHARE_HEADERS.viewerAddress]: '198.51.100.7' },
      },
    );
  expect((await open()).status).toBe(200);
  expect((await open()).status).toBe(200);
  const opened = await waitFor(async () => (await received(device)).find((notice) => notice.kind === 'shareOpened'), 'the opening notice');
  expect(opened).toMatchObject({ url: `/shares/${created.body.share.shareId}` });
  expect(opened.body).toContain('For the accountant');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await received(device)).filter((notice) => notice.kind === 'shareOpened')).toHaveLength(1);
});

test('a mail to the person is told: a statement it filed as arrived by mail, a file that waits as waiting, by name only where the device chose names', async () => {
  const carol = await newUser(stack, 'push-mailed');
  const plain = await subscribe();
  const named = await subscribe();
  expect((await addDevice(carol, plain)).status).toBe(201);
  expect((await addDevice(carol, named, true)).status).toBe(201);
  const fixtures = path.join(__dirname, '..', 'fixtures', 'statements');
  const sent = sendMail(stack, await newMailAddress(stack, carol), 'Two statements', [
    path.join(fixtures, 'releve-bnp.ofx'),
    path.join(fixtures, 'Chase1234_Activity_20240229.CSV'),
  ]);
  expect(sent.stderr).toBe('');
  const notices = await waitFor(async () => {
    const all = await received(plain);
    return all.some((notice) => notice.kind === 'arrivalWaiting') && all.some((notice) => notice.kind === 'statementReady')
      ? all
      : undefined;
  }, 'both notices');
  const waiting = (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: carol.idToken })).body.arrived;
  expect(notices).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'statementReady', title: 'Statement arrived by mail' }),
      {
        kind: 'arrivalWaiting',
        title: 'A statement waits for you',
        body: 'A statement came in a mail to your vault and waits on your profile to be filed.',
        url: '/profile',
        tag: `arrival-${waiting[0].id}`,
      },
    ]),
  );
  const told = await waitFor(async () => {
    const all = await received(named);
    return all.length >= 2 ? all : undefined;
  }, 'the named notices');
  expect(told.map((notice) => notice.body)).toEqual(
    expect.arrayContaining([
      '“releve-bnp.ofx” came in a mail to your vault, and is scanned and kept.',
      '“Chase1234_Activity_20240229.CSV” came in a mail to your vault and waits on your profile to be filed.',
    ]),
  );
});

test('a device is its owner’s alone; a test notice reaches it; one its push service dropped is removed; signing out everywhere removes the rest', async () => {
  const device = await subscribe();
  const added = await addDevice(alice, device);
  const { deviceId } = added.body as PushDevice;
  for (const route of [STATEMENT_ROUTES.testPushDevice, STATEMENT_ROUTES.removePushDevice]) {
    const answer = await callApi(stack.config, 'statementsApiUrl', route, { token: bob.idToken, params: { deviceId } });
    expect(answer.status).toBe(404);
  }
  expect(
    (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.testPushDevice, { token: alice.idToken, params: { deviceId } }))
      .status,
  ).toBe(204);
  expect((await received(device)).map((notice) => notice.kind)).toEqual(['test']);
  // The browser dropped it: its push service answers 410, and the device goes.
  await fetch(`${pushOrigin}/subscriptions/${device.endpoint.split('/').pop()}`, { method: 'DELETE' });
  expect(
    (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.testPushDevice, { token: alice.idToken, params: { deviceId } }))
      .status,
  ).toBe(404);
  expect((await devicesOf(alice)).map((one) => one.deviceId)).not.toContain(deviceId);
  expect((await devicesOf(alice)).length).toBeGreaterThan(0);
  expect((await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.removeAllPushDevices, { token: alice.idToken })).status).toBe(
    204,
  );
  expect(await devicesOf(alice)).toEqual([]);
  expect((await devicesOf(bob)).length).toBe(1);
});

test.each([
  ['the cloud’s metadata address', 'http://169.254.169.254/latest/meta-data/'],
  ['a host that is no push service', 'https://push.example.com/x'],
  ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/x'],
])('an endpoint at %s is refused with a 400 and nothing kept', async (_name, endpoint) => {
  const before = await devicesOf(bob);
  const { keys } = await subscribe();
  const answer = await addDevice(bob, { endpoint, keys });
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('BAD_REQUEST');
  expect(await devicesOf(bob)).toEqual(before);
});
