/**
 * The vault as a share target. The app's manifest names `action` for files shared to it from
 * another app (a statement PDF in a bank's app), sent as `field` of a multipart POST. Its
 * service worker (SHARE_TARGET_WORKER, whose scope is `action` alone; it repeats these values
 * and a test holds them equal)
 * keeps the files in the Cache Storage named `cache`, under `${prefix}{batch}/{n}`, and opens
 * the statements page with `?shared={batch}`, whose upload queue takes them as if they were
 * dropped on it. Without the worker the POST reaches the server, which keeps nothing and
 * opens the page with `?shared=lost`, which says so.
 */
export const SHARE_TARGET = {
  action: '/share-target',
  field: 'statements',
  cache: 'vault-shared-files',
  prefix: '/shared-files/',
  param: 'shared',
  lost: 'lost',
} as const;

/**
 * The share target's own worker, registered with `action` as its scope: the app's other
 * worker (/sw.js, scope /) then needs no fetch handler, and the browser sends every page's
 * requests to the network without starting a worker for each.
 */
export const SHARE_TARGET_WORKER = '/share-target-sw.js';

/** A batch's name, as the service worker makes it: anything else in the URL is ignored. */
export const SHARED_BATCH_PATTERN = /^[a-z0-9]{8,40}$/;
