import * as z from 'zod';
import { PUSH_DEVICE_ID_PATTERN, PUSH_LIMITS, pushDeviceId, pushEndpointProblem, type PushDevice } from '../../contract/push';
import { STATEMENT_ROUTES } from '../../contract/routes';
import { coarseBrowser } from '../../contract/shares';
import { ApiError, badRequest, notFound } from '../shared/errors';
import { on, type RouteEntry } from '../shared/http';
import type { Log } from '../shared/log';
import type { DeviceStore, StoredDevice } from '../shared/push/devices';
import type { PushSender } from '../shared/push/sender';

export interface PushRouteDeps {
  devices: DeviceStore;
  sender: Pick<PushSender, 'notify'>;
  /** Endpoint origins accepted beside the browsers' push services (the local stack's). @default none */
  extraOrigins?: readonly string[];
  log: Log;
  now?: () => Date;
}

const deviceIdSchema = z.string().regex(PUSH_DEVICE_ID_PATTERN, 'deviceId must be a device id the server made');

/** What the owner sees of a device: never its endpoint or keys. */
const shownOf = ({ subscription: _subscription, ...device }: StoredDevice): PushDevice => device;

/**
 * The owner's devices with notifications on: turn on (the browser's push subscription,
 * checked to be a push service's), list, turn off one or all, and send one a test notice.
 * The owner is the token's `sub`; another person's device id reads as a missing one.
 */
export const pushRoutes = (deps: PushRouteDeps): RouteEntry[] => {
  const now = () => deps.now?.() ?? new Date();
  return [
    on(STATEMENT_ROUTES.listPushDevices, async ({ sub }) => {
      const devices = (await deps.devices.list(sub)).map(shownOf).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
      return { status: 200, body: { devices } };
    }),
    on(STATEMENT_ROUTES.addPushDevice, async ({ sub, body, event }) => {
      const { subscription, showNames } = body();
      const problem = pushEndpointProblem(subscription.endpoint, deps.extraOrigins);
      if (problem) throw badRequest(problem);
      const deviceId = await pushDeviceId(subscription.endpoint);
      const mine = await deps.devices.list(sub);
      const existing = mine.find((device) => device.deviceId === deviceId);
      if (!existing && mine.length >= PUSH_LIMITS.devicesPerPerson)
        throw new ApiError('CONFLICT', `Notifications are on for ${PUSH_LIMITS.devicesPerPerson} devices already: turn one off first.`);
      const agent = event.headers?.['user-agent'] ?? event.headers?.['User-Agent'];
      const device: StoredDevice = {
        deviceId,
        label: coarseBrowser(agent).slice(0, PUSH_LIMITS.labelMaxChars),
        showNames,
        createdAt: existing?.createdAt ?? now().toISOString(),
        ...(existing?.lastSentAt ? { lastSentAt: existing.lastSentAt } : {}),
        subscription,
      };
      const { created } = await deps.devices.put(sub, device);
      deps.log.info(created ? 'push device added' : 'push device updated', { deviceId });
      return { status: created ? 201 : 200, body: shownOf(device) };
    }),
    on(STATEMENT_ROUTES.removePushDevice, async ({ sub, param }) => {
      const deviceId = param('deviceId', deviceIdSchema);
      if (!(await deps.devices.remove(sub, deviceId))) throw notFound('There is no such device.');
      deps.log.info('push device removed', { deviceId });
      return { status: 204 };
    }),
    on(STATEMENT_ROUTES.removeAllPushDevices, async ({ sub }) => {
      const removed = await deps.devices.removeAll(sub);
      deps.log.info('push devices removed', { removed });
      return { status: 204 };
    }),
    on(STATEMENT_ROUTES.testPushDevice, async ({ sub, param }) => {
      const deviceId = param('deviceId', deviceIdSchema);
      const outcome = await deps.sender.notify(sub, { kind: 'test' }, deviceId);
      if (outcome.sent + outcome.gone + outcome.failed === 0) throw notFound('There is no such device.');
      if (outcome.gone) throw notFound('That device no longer takes notifications; turn them on again there.');
      if (outcome.failed) throw new ApiError('PUSH_NOT_DELIVERED', 'The push service did not take the notice; try again later.');
      return { status: 204 };
    }),
  ];
};
