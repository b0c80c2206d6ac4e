/* Statement Vault's share target worker: registered at /share-target-sw.js with the share
   target as its scope, so it sees the share sheet's POST and nothing else of the app. */
self.addEventListener('install', () => self.skipWaiting());

/* The share target (contract/share-target.ts holds these values; a test keeps them equal). */
const SHARE_TARGET = {
  action: '/share-target',
  field: 'statements',
  cache: 'vault-shared-files',
  prefix: '/shared-files/',
  param: 'shared',
  lost: 'lost',
};

/* Whether another site's page sent this POST: a form it submits names its origin (or, with no
   referrer, "null") and starts from a page of its own, which is none of this origin's clients.
   The system's share sheet starts from no page, and the vault's own pages are its clients. */
const sentByAnotherSite = async (event) => {
  const origin = event.request.headers.get('origin');
  if (origin && origin !== 'null' && origin !== self.location.origin) return true;
  return Boolean(event.clientId) && !(await self.clients.get(event.clientId));
};

/* Files shared from another app: kept in this browser's Cache Storage as they arrived (name
   and type beside each), then the statements page opens with the batch's name, and its
   upload queue takes them as if they were dropped on it. Nothing is sent anywhere until the
   person sends the queue. What another site posts here is not kept: it goes on to the server,
   which keeps nothing and opens the page saying nothing arrived. */
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET.action) return;
  event.respondWith(
    (async () => {
      const page = (batch) => Response.redirect(new URL(`/statements?${SHARE_TARGET.param}=${batch}`, self.location.origin).href, 303);
      if (await sentByAnotherSite(event)) return fetch(event.request);
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
