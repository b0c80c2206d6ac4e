/** Web push keys are URL-safe base64; the Push API wants the raw bytes. */
export const base64UrlToBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

/**
 * Subscribes this browser to web push with the caller's VAPID public key. Without a key,
 * or where the browser has no push support, it does nothing and resolves to undefined.
 */
export const subscribeToPush = async (
  publicKey: string | undefined,
  registration?: Pick<ServiceWorkerRegistration, 'pushManager'>,
): Promise<PushSubscription | undefined> => {
  if (!publicKey) return undefined;
  let target = registration;
  if (!target) {
    const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
    if (!supported) return undefined;
    target = await navigator.serviceWorker.ready;
  }
  const existing = await target.pushManager.getSubscription();
  if (existing) return existing;
  return target.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
};

/** Whether this browser can receive web push at all (a service worker, the Push API, notifications). */
export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** This browser's push subscription, if it has one (none where push is unsupported). */
export const currentPushSubscription = async (): Promise<PushSubscription | null> => {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
};

/** What the browser says when notifications are blocked for this site, in words a person can act on. */
export const PUSH_BLOCKED = 'This browser is set to block notifications from this site: allow them in its site settings, then try again.';

/**
 * Why turning notifications on failed, in words: the browser's own messages ("Registration
 * failed - permission denied", "push service error") name its internals, not what to do.
 */
export const pushFailureInWords = (error: unknown): string => {
  const name = (error as { name?: string } | undefined)?.name;
  const message = String((error as { message?: string } | undefined)?.message ?? '');
  if (name === 'NotAllowedError' || /permission denied/i.test(message)) return PUSH_BLOCKED;
  if (name === 'AbortError' || /push service/i.test(message))
    return "The browser's push service could not be reached, so notifications are not on. Try again when this device is online.";
  if (name === 'InvalidStateError') return 'This browser is not ready for notifications yet; reload the page and try again.';
  return message ? `Notifications could not be turned on: ${message}` : 'Notifications could not be turned on.';
};
