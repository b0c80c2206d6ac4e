import { NextResponse } from 'next/server';
import { SHARE_TARGET } from '@contract/share-target';
import { PAGES } from '@/lib/routes';

/**
 * Files shared to the vault from another app arrive here only when this browser's service
 * worker did not take them (it keeps them in the browser, where the page's upload queue
 * reads them). The server keeps nothing of a share it cannot tie to an upload: it opens the
 * statements page, which says the files did not arrive and how to add them.
 */
export async function POST(request: Request) {
  return NextResponse.redirect(new URL(`${PAGES.statements}?${SHARE_TARGET.param}=${SHARE_TARGET.lost}`, request.url), 303);
}
