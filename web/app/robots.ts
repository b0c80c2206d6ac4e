import type { MetadataRoute } from 'next';
import { SHARE_PAGE_PREFIX } from '@contract/share-pages';

/** Search engines may read the public pages; a share's page (its link holds a secret) never. */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: '*', disallow: [SHARE_PAGE_PREFIX] } };
}
