import type { MetadataRoute } from 'next';
import { SHARE_PAGE, SHARE_PAGE_PREFIX } from '@contract/share-pages';

/**
 * Search engines may read the public pages; the share page and what lies under it never.
 * The page alone is `/s$` (robots rules match prefixes, and `/s` would keep crawlers from
 * `/sign-in` too); its answers also say `noindex`.
 */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: '*', disallow: [`${SHARE_PAGE}$`, SHARE_PAGE_PREFIX] } };
}
