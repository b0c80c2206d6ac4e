import { chromium, type Browser } from 'playwright-core';
import { STATEMENT_ROUTES } from '../../contract';
import { callApi } from '../local/support/rest';
import { waitFor } from '../local/support/stack-process';
import { uploadStatement } from '../local/support/uploads';
import { pdf } from '../support/samples';
import {
  base,
  browserSuite,
  checkEveryPage,
  newPage,
  sessionCookies,
  signInFromSignInPage,
  signUpAndSignIn,
  stack,
} from './support/browser-suite';
import { CHROMIUM_FLAGS, ensureFullChromium } from './support/chromium';
import { toast } from './support/screens';
import { everyScheme } from './support/screenshots';

/**
 * The product in a real browser (Debian chromium via playwright-core) on this jest worker's
 * local stack and web server (support/browser-suite.ts): web push sent for real and shown by
 * the service worker, and what the card says where the browser refuses or its push
 * service is out of reach.
 */
browserSuite();

describe('notifications: web push sent for real, shown by the service worker', () => {
  const notified = { email: `notified-${Date.now()}@example.com`, password: 'tell me when it is ready' };
  // The full chromium: the shell the rest of the suite runs in has no notifications.
  let full: Browser;
  beforeAll(async () => {
    full = await chromium.launch({ executablePath: ensureFullChromium(), args: CHROMIUM_FLAGS });
  });
  afterAll(() => full?.close());
  const fullContext = () => full.newContext({ viewport: { width: 1100, height: 850 } });

  test('turned on for this device from the profile, a test notice and a ready statement arrive through the push service, encrypted to the device, and the service worker shows them; turned off, the device is gone', async () => {
    const pushOrigin = `http://127.0.0.1:${stack.ports.pushService}`;
    const context = await fullContext();
    await context.grantPermissions(['notifications'], { origin: base });
    const page = await newPage(context);
    // Chromium here has no push service of its own (its own is Google's, out of reach): the
    // browser's part of subscribing, keys and endpoint, is made by the local push service,
    // which then checks each notice's VAPID signature and decrypts it with those keys.
    await page.exposeFunction('localPushSubscribe', async (applicationServerKey: string) =>
      (await fetch(`${pushOrigin}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) })).json(),
    );
    await page.addInitScript(() => {
      const stored = 'local-push-subscription';
      const asSubscription = (made: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
        endpoint: made.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(stored);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as ArrayBuffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        const made = await (window as unknown as { localPushSubscribe(key: string): Promise<never> }).localPushSubscribe(key);
        localStorage.setItem(stored, JSON.stringify(made));
        return asSubscription(made) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const made = localStorage.getItem(stored);
        return (made ? asSubscription(JSON.parse(made)) : null) as unknown as PushSubscription;
      };
    });
    await signUpAndSignIn(page, notified.email, notified.password);
    const idToken = (await sessionCookies(context)).find((cookie) => cookie.name.endsWith('.idToken'))!.value;

    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Notifications on your devices' });
    await expect(card.getByText('No device has notifications on.')).toBeVisible();
    await card.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(toast(page, 'Notifications are on for this device.')).toBeVisible();
    const devices = card.getByRole('list', { name: 'Devices with notifications on' });
    await expect(devices).toContainText('Chrome on Linux (this device)');
    expect(await everyScheme(page, 'profile-notifications', () => card)).toEqual([]);
    const endpoint = JSON.parse((await page.evaluate(() => localStorage.getItem('local-push-subscription')))!).endpoint as string;
    const arrived = async (count: number) =>
      waitFor(async () => {
        const messages = (await (await fetch(`${endpoint}/messages`)).json()) as { payload: string }[];
        return messages.length >= count ? messages[count - 1].payload : undefined;
      }, `notice ${count} at the push service`);

    // The service worker, handed what the push service received, shows it as the browser would.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    const registration = await waitFor(async () => registrations.find((one) => one.scopeURL === `${base}/`), 'the service worker');
    const deliver = (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registration.registrationId, data });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body }) => ({ title, body })),
      );

    await card.getByRole('button', { name: 'Send a test' }).click();
    await deliver(await arrived(1));
    expect(await waitFor(async () => ((await notifications()).length > 0 ? notifications() : undefined), 'the test notification')).toEqual([
      { title: 'Notifications are on', body: 'This device will tell you when a statement is ready.' },
    ]);

    // A statement scanned clean: told without its name; with the page in view, as a toast.
    await uploadStatement(stack.config, idToken, {
      fileName: 'pushed-may.pdf',
      contentType: 'application/pdf',
      accountLabel: 'Card',
      period: '2024-05',
      bytes: pdf(2000),
    });
    const ready = await arrived(2);
    expect(JSON.parse(ready)).toMatchObject({ kind: 'statementReady', title: 'Statement ready' });
    expect(ready).not.toContain('pushed-may');
    await deliver(ready);
    await expect(toast(page, 'Statement ready: A statement you uploaded is scanned and kept.')).toBeVisible();

    await card.getByRole('button', { name: 'Turn off notifications for Chrome on Linux (this device)' }).click();
    await expect(card.getByText('No device has notifications on.')).toBeVisible();
    const listed = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listPushDevices, { token: idToken });
    expect(listed.body.devices).toEqual([]);
    await context.close();
  });

  test('where the browser refuses, or its push service cannot be reached, the card says so in words and the button stays', async () => {
    // Headless Chromium refuses a permission nobody granted, as a person's "Block" does.
    const refused = await newPage(await fullContext());
    await signInFromSignInPage(refused, notified);
    await refused.goto(`${base}/profile`);
    const card = refused.getByRole('region', { name: 'Notifications on your devices' });
    await card.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'This browser is set to block notifications from this site: allow them in its site settings, then try again.',
    );
    await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
    await refused.context().close();
    // Allowed, but the browser's push service is out of reach: its "push service error" is not shown raw.
    const context = await fullContext();
    await context.grantPermissions(['notifications'], { origin: base });
    const offline = await newPage(context);
    await offline.addInitScript(() => {
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      };
    });
    await signInFromSignInPage(offline, notified);
    await offline.goto(`${base}/profile`);
    const again = offline.getByRole('region', { name: 'Notifications on your devices' });
    await again.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(again.getByRole('alert')).toHaveText(
      "The browser's push service could not be reached, so notifications are not on. Try again when this device is online.",
    );
    await expect(again.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
    await context.close();
  }, 120_000);
});

checkEveryPage();
