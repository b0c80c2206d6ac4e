import { SHARE_TARGET } from '@contract/share-target';
import { PAGES } from '@/lib/routes';

/**
 * Files shared to the vault from another app arrive here only when this browser's service
 * worker did not take them (it keeps them in the browser, where the page's upload queue
 * reads them). The server keeps nothing of a share it cannot tie to an upload: it opens the
 * statements page, which says the files did not arrive and how to add them. The address is
 * relative: behind CloudFront and the local server alike, the request's own URL may name
 * another host than the one the browser sees, and a form's redirect elsewhere is refused by
 * the page's `form-action`.
 */
export async function POST() {
  return new Response(null, {
    status: 303,
    headers: { Location: `${PAGES.statements}?${SHARE_TARGET.param}=${SHARE_TARGET.lost}`, 'Cache-Control': 'no-store' },
  });
}
