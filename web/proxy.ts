import { NextResponse, type NextRequest } from 'next/server';
import { isSharePage } from '@contract/share-pages';
import { browserOrigins, contentSecurityPolicy } from '@contract/security-headers';
import { analyticsAllowedOn } from '@/lib/analytics';
import { gaMeasurementId } from '@/lib/config';
import { withSources } from '@/lib/csp';
import { NONCE_HEADER, PATH_HEADER } from '@/lib/nonce';
import { PAGES, SIGN_IN_REASONS, isPrivatePage, isSignedOutPage, safeNext, signInPath } from '@/lib/routes';
import { loadWebConfig } from '@/lib/server-config';
import { clearSessionCookies, hasSessionCookies, requestSession } from '@/lib/server-session';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_MARK_SECONDS } from '@/lib/session-ended';

/**
 * Runs before every page renders:
 *   - a fresh nonce and the Content-Security-Policy built on it, on the response and on the
 *     request (Next.js puts the nonce on its own scripts; the root layout hands it to
 *     Emotion and the analytics scripts);
 *   - the page's path, for the root layout (no analytics on the share page, whose CSP
 *     leaves Google's origins out);
 *   - the guard: a signed-out visitor of a private page goes to sign in (and comes back
 *     after; told why when their session ended), a signed-in visitor of a signed-out page
 *     goes to their statements. Tokens the adapter refreshes on the way travel back as
 *     cookies; those of a session that no longer works are removed.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64');
  const config = loadWebConfig();
  const analytics = gaMeasurementId !== undefined && analyticsAllowedOn(pathname);
  const basePolicy = contentSecurityPolicy({ nonce, config, analytics, development: process.env.NODE_ENV === 'development' });
  // A shared file's View and Download, and a packet's Download, are forms whose answer redirects
  // to the bucket, which `form-action` must allow (Chromium checks a form's redirects against it).
  const policy =
    isSharePage(pathname) || pathname === PAGES.packet ? withSources(basePolicy, 'form-action', browserOrigins(config).images) : basePolicy;
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set(PATH_HEADER, pathname);
  headers.set('Content-Security-Policy', policy);

  let response = NextResponse.next({ request: { headers } });
  if (isPrivatePage(pathname) || isSignedOutPage(pathname)) {
    const session = await requestSession(request, response);
    // A session that works again has nothing left to explain.
    if (session && request.cookies.has(SESSION_ENDED_COOKIE)) response.cookies.delete(SESSION_ENDED_COOKIE);
    if (!session && isPrivatePage(pathname)) {
      // Cookies of a session that no longer works, or the mark a tab left when it found so
      // first: the session ended (refresh refused), and the page says so.
      const ended = hasSessionCookies(request) || request.cookies.has(SESSION_ENDED_COOKIE);
      response = NextResponse.redirect(
        new URL(signInPath(pathname + search, ended ? SIGN_IN_REASONS.sessionEnded : undefined), request.url),
      );
      if (ended) {
        clearSessionCookies(request, response);
        response.cookies.set({
          name: SESSION_ENDED_COOKIE,
          value: '1',
          path: '/',
          maxAge: SESSION_ENDED_MARK_SECONDS,
          sameSite: 'lax',
          secure: request.nextUrl.protocol === 'https:',
        });
      }
    } else if (session && isSignedOutPage(pathname)) {
      const next = pathname === PAGES.signIn ? request.nextUrl.searchParams.get('next') : null;
      const redirect = NextResponse.redirect(new URL(safeNext(next), request.url));
      for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
      response = redirect;
    }
  }
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Pages only: not Next's static files, the icon or the service workers; and not prefetches,
  // which the page they lead to checks again when it is visited.
  matcher: [
    {
      source: '/((?!_next/static|_next/image|icon.svg|sw.js|share-target-sw.js).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
