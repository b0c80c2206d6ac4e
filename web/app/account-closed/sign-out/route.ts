import { NextResponse, type NextRequest } from 'next/server';
import { STATEMENT_ROUTES } from '@contract/routes';
import { ACCOUNT_CLOSED_ELSEWHERE, CLOSE_ACCOUNT_CARD, PAGES } from '@/lib/routes';
import { serverPresignApi } from '@/lib/server-presign-api';
import { clearSessionCookies, currentSession } from '@/lib/server-session';

/**
 * Where a browser goes when its account turns out to be closed (a page's guard, or an API's
 * ACCOUNT_CLOSED answer): once the deletion is done, the session's cookies go and the closed
 * account's page says why; while it runs, the profile's card follows it. A session of an
 * open account is left alone (a link from another site signs no one out).
 */
export async function GET(request: NextRequest) {
  // A path, not a URL: behind CloudFront and on the local server alike, the request's URL may
  // name another scheme or host than the browser's.
  const to = (path: string) => new NextResponse(null, { status: 303, headers: { Location: path } });
  const session = await currentSession();
  if (!session) return to(PAGES.signIn);
  const { deletion } = await serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.account).catch(() => ({ deletion: undefined }));
  if (!deletion) return to(PAGES.statements);
  if (deletion.state === 'RUNNING') return to(`${PAGES.profile}#${CLOSE_ACCOUNT_CARD}`);
  const response = to(ACCOUNT_CLOSED_ELSEWHERE);
  clearSessionCookies(request, response);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
