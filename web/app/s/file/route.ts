import { NextResponse } from 'next/server';
import { SHARE_RESPONSE_HEADERS, viewerOf } from '@/lib/share-api';
import { shareFileAnswer } from '@/lib/share-view';

/**
 * One shared file, asked for by a POST whose body holds the link's secret (never a URL, so
 * no access log or history holds it): the View and Download buttons' forms, answered with a
 * redirect to a fresh short-lived URL of the file; the page's ZIP (`as=url`), answered with
 * that URL as JSON. A file no longer shared, or a dead link, is a plain 404; too many
 * requests a 429, in words.
 */
export async function POST(request: Request) {
  const form = await request.formData().catch(() => new FormData());
  const answer = await shareFileAnswer(form, viewerOf(request.headers));
  if (answer.kind === 'refused')
    return new NextResponse(answer.message, {
      status: answer.status,
      headers: { ...SHARE_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  if (answer.kind === 'url') return NextResponse.json({ url: answer.url }, { headers: SHARE_RESPONSE_HEADERS });
  return new NextResponse(null, { status: 303, headers: { ...SHARE_RESPONSE_HEADERS, Location: answer.url } });
}
