import { PROFILE_IMAGE_ROUTES } from '@contract/routes';
import { PROFILE_IMAGE_LIMITS } from '@contract/uploads';
import { PresignApiError } from '@/lib/presign-api';
import { serverPresignApi } from '@/lib/server-presign-api';
import { currentSession } from '@/lib/server-session';

/**
 * The signed-in person's picture at one address of the app's own: a redirect to a fresh
 * short-lived URL of it in storage, which the browser keeps for a few minutes (private to
 * this browser), so the header shows it on every page without fetching it on every page.
 * The header asks with the picture's key in the query, so a new picture is a new address.
 */
// A minute short of the signed URL's own life, so a kept redirect never leads to an expired URL.
const KEPT_SECONDS = PROFILE_IMAGE_LIMITS.downloadUrlSeconds - 60;

export async function GET() {
  const session = await currentSession();
  if (!session) return new Response(null, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  try {
    const { url } = await serverPresignApi(session, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl);
    return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': `private, max-age=${KEPT_SECONDS}` } });
  } catch (error) {
    const status = error instanceof PresignApiError && error.status === 404 ? 404 : 502;
    return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
  }
}
