import { NextResponse } from 'next/server';
import { sharePagePath } from '@contract/share-pages';
import { SHARE_RESPONSE_HEADERS } from '@/lib/share-api';

/**
 * A link made before the secret moved to the fragment (`/s/{secret}`), already sent to
 * people: it still works, by a redirect to the share page with the secret in the fragment,
 * whose script opens it by a POST. This answer calls nothing: the share API sees the secret
 * only from that page, as for a new link. The request line still holds the secret, so
 * CloudFront's access log of this one request does too (SECURITY.md, known limits).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  return new NextResponse(null, {
    status: 308,
    headers: { ...SHARE_RESPONSE_HEADERS, Location: sharePagePath(encodeURIComponent(secret)) },
  });
}
