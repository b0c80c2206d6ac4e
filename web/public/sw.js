/* Statement Vault service worker: registered at /sw.js with scope /. It shows web push
   notifications and opens (or focuses) the app when one is clicked, and takes statement
   files shared to the vault from other apps (the manifest's share target). */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = { kind: 'notice', title: 'Statement Vault', body: '', url: '/statements', tag: 'statement-vault' };
  try {
    if (event.data) message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  // A page of the app in view says it itself (a toast): the notification is for when none is.
  // A test notice is always shown: the person asked to see one.
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const visible = windows.filter((client) => client.visibilityState === 'visible');
      if (visible.length > 0 && message.kind !== 'test') {
        for (const client of visible) client.postMessage({ type: 'push', notice: message });
        return undefined;
      }
      return self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        data: { url: message.url },
        icon: '/icon.svg',
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

/* The share target (contract/share-target.ts holds these values; a test keeps them equal). */
const SHARE_TARGET = {
  action: '/share-target',
  field: 'statements',
  cache: 'vault-shared-files',
  prefix: '/shared-files/',
  param: 'shared',
  lost: 'lost',
};

/* Files shared from another app: kept in this browser's Cache Storage as they arrived (name
   and type beside each), then the statements page opens with the batch's name, and its
   upload queue takes them as if they were dropped on it. Nothing is sent anywhere until the
   person sends the queue. */
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET.action) return;
  event.respondWith(
    (async () => {
      const page = (batch) => Response.redirect(new URL(`/statements?${SHARE_TARGET.param}=${batch}`, self.location.origin).href, 303);
      try {
        const form = await event.request.formData();
        const files = form.getAll(SHARE_TARGET.field).filter((value) => typeof value !== 'string');
        if (files.length === 0) return page(SHARE_TARGET.lost);
        const batch = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
        const cache = await caches.open(SHARE_TARGET.cache);
        await Promise.all(
          files.map((file, index) =>
            cache.put(
              `${SHARE_TARGET.prefix}${batch}/${index}`,
              new Response(file, {
                headers: { 'x-file-name': encodeURIComponent(file.name), 'x-file-type': file.type },
              }),
            ),
          ),
        );
        return page(batch);
      } catch {
        return page(SHARE_TARGET.lost);
      }
    })(),
  );
});
