'use server';

import { headers } from 'next/headers';
import { SHARE_LINK_FIELD } from '@contract/share-pages';
import { viewerOf } from '@/lib/share-api';
import { openShareView, type ShareView } from '@/lib/share-view';

/**
 * The share page's one action: the link (pasted, or the page's own fragment read by its
 * script) arrives in the POST body and the share comes back to be rendered, with or
 * without JavaScript. The viewer is this request's, as CloudFront saw it.
 */
export const openShare = async (_previous: ShareView, form: FormData): Promise<ShareView> =>
  openShareView(form.get(SHARE_LINK_FIELD), viewerOf(await headers()));
