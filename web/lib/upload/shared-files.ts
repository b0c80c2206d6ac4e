import { SHARED_BATCH_PATTERN, SHARE_TARGET } from '@contract/share-target';

/**
 * What another app shared to the vault, as the service worker kept it in this browser
 * (web/public/sw.js): the batch's files, taken out of Cache Storage as they are read, so a
 * reload does not queue them twice. `lost` when the share did not reach the worker, or its
 * files are no longer kept.
 */
export const takeSharedFiles = async (batch: string): Promise<{ files: File[] } | { lost: true }> => {
  if (batch === SHARE_TARGET.lost || !SHARED_BATCH_PATTERN.test(batch) || typeof caches === 'undefined') return { lost: true };
  const cache = await caches.open(SHARE_TARGET.cache);
  const origin = window.location.origin;
  const inBatch = (await cache.keys()).filter((request) => request.url.startsWith(`${origin}${SHARE_TARGET.prefix}${batch}/`));
  const files = await Promise.all(
    inBatch
      .sort((a, b) => Number(a.url.split('/').pop()) - Number(b.url.split('/').pop()))
      .map(async (request) => {
        const response = (await cache.match(request))!;
        const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared file');
        // The type the sharing app gave, or none: the queue reads a file's type from its name and bytes.
        const file = new File([await response.blob()], name, { type: response.headers.get('x-file-type') ?? '' });
        await cache.delete(request);
        return file;
      }),
  );
  return files.length > 0 ? { files } : { lost: true };
};
