import { STATEMENT_ROUTES } from '@contract/routes';
import { currentIdToken } from './amplify-client';
import { callPresignApi } from './presign-api';
import { currentPushSubscription } from './push';

/**
 * Before signing out everywhere: every device's notifications end with its sessions (the
 * server forgets them all, and this browser drops its subscription). Loaded when used, so
 * the route table and its schemas stay out of every page's first load; signing out goes
 * on whatever fails here.
 */
export const forgetEveryDevice = async (): Promise<void> => {
  const token = await currentIdToken().catch(() => undefined);
  if (token) await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.removeAllPushDevices, token).catch(() => undefined);
  await (await currentPushSubscription().catch(() => null))?.unsubscribe().catch(() => undefined);
};
