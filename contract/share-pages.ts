/*
 * A share's page and link, apart from the shares' schemas: every page's route table links to
 * them, and this module brings no zod into the pages that need nothing else of shares.
 */

/**
 * The recipient's page, one path for every share. A link is this page with the secret in
 * its fragment (`/s#{secret}`): browsers never send a fragment, so no request line, access
 * log, referrer or analytics script sees it; the page hands it to the web server in a POST
 * body.
 */
export const SHARE_PAGE = '/s';

/**
 * What lies under the share page: the file route and the links made before the secret moved
 * to the fragment (`/s/{secret}`), which only redirect to the page.
 */
export const SHARE_PAGE_PREFIX = '/s/';

/**
 * The share page's own referrer policy: `same-origin`, where what lies under it answers
 * `no-referrer` (SHARE_PAGE_REFERRER_POLICY). The page posts its forms and its action to
 * itself, and under `no-referrer` browsers send such a POST with `Origin: null`, which
 * Next.js refuses for a server action (its check against cross-site requests). Its address
 * never holds the secret (a fragment is no part of a referrer), so its own requests tell the
 * server `/s` and nothing more, and nothing leaves for another origin with a referrer.
 */
export const SHARE_PAGE_OWN_REFERRER_POLICY = 'same-origin';

/** A share's link, without the origin: the page, and the secret in the fragment. */
export const sharePagePath = (secret: string): string => `${SHARE_PAGE}#${secret}`;

/** The share page's form field: the link pasted, or (with JavaScript) the page's own fragment. */
export const SHARE_LINK_FIELD = 'link';

/**
 * Where the share page asks for one file's fresh URL: a POST whose form body names the
 * secret, the statement and the disposition (and `as=url` for the URL as JSON); never a GET.
 */
export const SHARE_FILE_PATH = `${SHARE_PAGE_PREFIX}file`;

/** The form fields the file route takes. */
export const SHARE_FILE_FIELDS = { secret: 'secret', statement: 'statement', disposition: 'disposition', as: 'as' } as const;

/** Whether a path is the share page or lies under it (never `/shares`, `/sign-in`…). */
export const isSharePage = (pathname: string): boolean => pathname === SHARE_PAGE || pathname.startsWith(SHARE_PAGE_PREFIX);

/**
 * The secret a pasted link holds, whatever part of it was pasted: a link of either form
 * (`…/s#{secret}`, `…/s/{secret}`), with or without its origin, or the secret alone.
 * Surrounding spaces and quotes (a mail client's) go; the caller checks what is left against
 * the secret's pattern.
 */
export const secretOfLink = (pasted: string): string => {
  const text = pasted.trim().replace(/^[<"'«“]+|[>"'»”.,;]+$/g, '');
  const hash = text.indexOf('#');
  if (hash >= 0) return text.slice(hash + 1);
  const path = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split('?')[0];
  const legacy = path.lastIndexOf(SHARE_PAGE_PREFIX);
  return legacy >= 0 ? path.slice(legacy + SHARE_PAGE_PREFIX.length) : path;
};
