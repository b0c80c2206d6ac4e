/** @jsxImportSource @emotion/react */
'use client';

import { useCallback, useEffect, useState } from 'react';
import { STATEMENT_ROUTES } from '@contract/routes';
import { pushDeviceId } from '@contract/push-device-id';
import type { PushDevice } from '@contract/push';
import { useIdToken } from '@/lib/auth-context';
import { webConfig } from '@/lib/config';
import { formatDateTime } from '@contract/format';
import { callPresignApi } from '@/lib/presign-api';
import { actionMessage, useAction } from '@/lib/use-action';
import { PUSH_BLOCKED, currentPushSubscription, pushFailureInWords, pushSupported, subscribeToPush } from '@/lib/push';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { Button, Card, FormError } from '../ui';

/**
 * Notifications (web push) for this device, and the devices that have them: a statement
 * scanned and kept or quarantined, a share opened for the first time. The lock screen says
 * what happened; statement names and share notes only where the person chose them.
 */
export const NotificationsCard = () => {
  const idToken = useIdToken();
  const hydrated = useHydrated();
  const [devices, setDevices] = useState<PushDevice[]>();
  const [thisDevice, setThisDevice] = useState<string>();
  const [showNames, setShowNames] = useState(false);
  const { busy, error, setError, act } = useAction();
  // Blocked in the browser's settings: said before the person tries, not only after.
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's permission, which the server's HTML cannot know
    if (pushSupported() && Notification.permission === 'denied') setBlocked(true);
  }, []);

  const load = useCallback(async () => {
    try {
      const [{ devices: listed }, subscription] = await Promise.all([
        callPresignApi('statementsApiUrl', STATEMENT_ROUTES.listPushDevices, await idToken()),
        currentPushSubscription(),
      ]);
      const mine = subscription ? await pushDeviceId(subscription.endpoint) : undefined;
      setDevices(listed);
      setThisDevice(listed.some((device) => device.deviceId === mine) ? mine : undefined);
      setShowNames(listed.find((device) => device.deviceId === mine)?.showNames ?? false);
    } catch (caught) {
      setError(actionMessage(caught));
    }
  }, [idToken, setError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the device list comes from the API, which is what effects are for
    void load();
  }, [load]);

  /** Turns notifications on here (or keeps this device's choice of names). */
  const turnOn = (names: boolean) =>
    act(async () => {
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission === 'denied') {
        setBlocked(true);
        throw new Error(PUSH_BLOCKED);
      }
      if (permission !== 'granted')
        throw new Error("Notifications are not on: the browser's question was closed without an answer. Try again and choose Allow.");
      const subscription = await subscribeToPush(webConfig().custom.pushPublicKey).catch((caught: unknown) => {
        throw new Error(pushFailureInWords(caught));
      });
      if (!subscription) throw new Error('This browser cannot receive notifications.');
      const { endpoint, keys } = subscription.toJSON();
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.addPushDevice, await idToken(), {
        body: { subscription: { endpoint: endpoint!, keys: { p256dh: keys!.p256dh, auth: keys!.auth } }, showNames: names },
      });
      await load();
      toast.success(names ? 'Notifications are on for this device, with names.' : 'Notifications are on for this device.');
    });

  const turnOff = (device: PushDevice) =>
    act(async () => {
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.removePushDevice, await idToken(), {
        params: { deviceId: device.deviceId },
      });
      if (device.deviceId === thisDevice) await (await currentPushSubscription())?.unsubscribe();
      await load();
      toast.info(device.deviceId === thisDevice ? 'Notifications are off for this device.' : `Notifications are off for ${device.label}.`);
    });

  const sendTest = (device: PushDevice) =>
    act(async () => {
      await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.testPushDevice, await idToken(), { params: { deviceId: device.deviceId } });
      toast.info('A test notification is on its way.');
    });

  const supported = hydrated && pushSupported();
  return (
    <Card label="Notifications on your devices">
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.2rem' }}>Notifications on your devices</h2>
      <p>
        A device with notifications on is told when a statement is scanned and kept, or quarantined, and when a share of yours is opened for
        the first time. They say what happened, not which statement, unless you choose names for that device.
      </p>
      {hydrated && !supported && <p>This browser cannot receive notifications.</p>}
      {supported && blocked && !error && (
        <p role="status" data-testid="push-blocked">
          {PUSH_BLOCKED}
        </p>
      )}
      {supported && (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center', margin: '0 0 1rem' }}>
          <label css={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={showNames}
              disabled={busy}
              onChange={(event) => {
                setShowNames(event.target.checked);
                if (thisDevice) void turnOn(event.target.checked);
              }}
            />
            Show statement names and share notes on this device’s lock screen
          </label>
          {!thisDevice && (
            <Button variant="secondary" onClick={() => void turnOn(showNames)} disabled={busy}>
              Turn on for this device
            </Button>
          )}
        </div>
      )}
      <FormError message={error} />
      {devices && devices.length === 0 && <p>No device has notifications on.</p>}
      {devices && devices.length > 0 && (
        <ul aria-label="Devices with notifications on" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {devices.map((device) => (
            <li
              key={device.deviceId}
              css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', alignItems: 'center', padding: '0.5rem 0' }}
            >
              <span css={{ flex: '1 1 14rem' }}>
                <strong>{device.label}</strong>
                {device.deviceId === thisDevice && ' (this device)'}
                <br />
                <small>
                  On since {formatDateTime(device.createdAt)}
                  {device.lastSentAt ? ` · last notice ${formatDateTime(device.lastSentAt)}` : ''}
                  {device.showNames ? ' · shows names' : ''}
                </small>
              </span>
              {device.deviceId === thisDevice && (
                <Button variant="secondary" onClick={() => void sendTest(device)} disabled={busy}>
                  Send a test
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => void turnOff(device)}
                disabled={busy}
                aria-label={`Turn off notifications for ${device.label}${device.deviceId === thisDevice ? ' (this device)' : ''}`}
              >
                Turn off
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};
