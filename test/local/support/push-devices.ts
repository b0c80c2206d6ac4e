import { STATEMENT_ROUTES, type PushNotice } from '../../../contract';
import { callApi } from './rest';
import type { StackProcess } from './stack-process';
import type { TestUser } from './users';

/** A browser's push subscription, as the local push service makes it. */
export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A device's subscription from the stack's push service, for the deployment's VAPID key (or another). */
export const subscribe = async (stack: StackProcess, applicationServerKey = stack.config.custom.pushPublicKey): Promise<Subscription> => {
  const response = await fetch(`http://127.0.0.1:${stack.ports.pushService}/subscriptions`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey }),
  });
  if (response.status !== 201) throw new Error(`push subscription: ${response.status}`);
  return (await response.json()) as Subscription;
};

/** What a device received, decrypted with its own keys: what its service worker would show. */
export const received = async (subscription: Subscription): Promise<PushNotice[]> => {
  const response = await fetch(`${subscription.endpoint}/messages`);
  return ((await response.json()) as { payload: string }[]).map((message) => JSON.parse(message.payload) as PushNotice);
};

/** Turns notifications on for a device of the person's, through the statements API. */
export const addDevice = (stack: StackProcess, user: TestUser, subscription: Subscription, showNames = false) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.addPushDevice, {
    token: user.idToken,
    body: { subscription, showNames },
    headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' },
  });
