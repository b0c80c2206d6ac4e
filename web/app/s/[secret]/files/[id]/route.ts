import { NextResponse, type NextRequest } from 'next/server';
import { SHARE_PAGE_HEADERS, SHARE_PAGE_REFERRER_POLICY, SHARE_SECRET_PATTERN, VIEWER_ADDRESS_HEADER } from '@contract/shares';
import { SHARE_ROUTES } from '@contract/routes';
import { STATEMENT_ID_PATTERN } from '@contract/keys';
import { callShareApi } from '@/lib/share-api';

/** What every answer here carries: as the share's page, no referrer, never indexed, never cached. */
const SHARE_HEADERS = Object.fromEntries([
  ...SHARE_PAGE_HEADERS.map(({ key, value }) => [key, value]),
  ['Referrer-Policy', SHARE_PAGE_REFERRER_POLICY],
]);

/**
 * One shared file: a fresh short-lived URL of it from the share API, as a redirect (a
 * link's download or view, without JavaScript), or as JSON for the page's ZIP (`?as=url`).
 * A file no longer shared, or a dead link, is a plain 404.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ secret: string; id: string }> }) {
  const { secret, id } = await params;
  const disposition = request.nextUrl.searchParams.get('disposition') === 'inline' ? 'inline' : 'attachment';
  const answer =
    SHARE_SECRET_PATTERN.test(secret) && STATEMENT_ID_PATTERN.test(id)
      ? await callShareApi(
          SHARE_ROUTES.sharedFileUrl,
          secret,
          { address: request.headers.get(VIEWER_ADDRESS_HEADER) ?? undefined, agent: request.headers.get('user-agent') ?? undefined },
          { params: { statementId: id }, query: { disposition } },
        )
      : ({ ok: false, status: 404, message: 'This file is not shared here.' } as const);
  if (!answer.ok) {
    return new NextResponse(answer.status === 429 ? answer.message : 'This file is not shared here.', {
      status: answer.status === 429 ? 429 : 404,
      headers: { ...SHARE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (request.nextUrl.searchParams.get('as') === 'url') return NextResponse.json(answer.body, { headers: SHARE_HEADERS });
  return new NextResponse(null, { status: 303, headers: { ...SHARE_HEADERS, Location: answer.body.url } });
}
