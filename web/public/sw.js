/* Statement Vault service worker: registered at /sw.js with scope /. It shows web push
   notifications and opens (or focuses) the app when one is clicked. It has no fetch
   handler, so the browser sends the pages' requests straight to the network rather than
   starting the worker for each; files shared from other apps go to their own worker
   (share-target-sw.js, whose scope is the share target alone). */
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
