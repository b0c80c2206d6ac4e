/*
 * A share's page path, apart from the shares' schemas: every page's route table links to it,
 * and this module brings no zod into the pages that need nothing else of shares.
 */

/** The web app's page for a share: the only place a secret appears. */
export const SHARE_PAGE_PREFIX = '/s/';

/** The page of a share, by its link's secret. */
export const sharePagePath = (secret: string): string => `${SHARE_PAGE_PREFIX}${secret}`;
