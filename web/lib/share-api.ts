import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { REGION } from '@contract/aws';
import { SHARE_HEADERS, SHARE_PAGE_HEADERS, SHARE_PAGE_REFERRER_POLICY, VIEWER_ADDRESS_HEADER } from '@contract/shares';
import { apiUrl, routePath, type RouteInput, type RouteResponse, type RouteSpec } from '@contract/routes';
import { isErrorBody } from '@contract/errors';
import { jsonBody } from './presign-api';
import { loadWebConfig } from './server-config';

/** Who is asking, as CloudFront (or the local server) told the web server: passed on for the share's log and limits. */
export interface Viewer {
  address?: string;
  agent?: string;
}

/** The viewer of this request, from the headers CloudFront's viewer function (locally, the local server) set. */
export const viewerOf = (headers: Pick<Headers, 'get'>): Viewer => ({
  address: headers.get(VIEWER_ADDRESS_HEADER) ?? undefined,
  agent: headers.get('user-agent') ?? undefined,
});

/**
 * What every answer of the share routes carries, as the share page does (CloudFront's
 * behaviour and next.config set them too): no referrer, never indexed, never cached.
 */
export const SHARE_RESPONSE_HEADERS: Readonly<Record<string, string>> = Object.fromEntries([
  ...SHARE_PAGE_HEADERS.map(({ key, value }) => [key, value]),
  ['Referrer-Policy', SHARE_PAGE_REFERRER_POLICY],
]);

export type ShareAnswer<Route extends RouteSpec> =
  { ok: true; body: RouteResponse<Route> } | { ok: false; status: number; message: string };

/**
 * The web server's calls of the share API, for a link's recipient: signed with the server's
 * own role (SigV4, `execute-api`), which is the one principal allowed to make them; the
 * link's secret and the viewer travel in headers, never in the path. The role's
 * credentials are the ones Lambda puts in the environment (locally, the stack's).
 */
export const callShareApi = async <Route extends RouteSpec>(
  route: Route,
  secret: string,
  viewer: Viewer,
  input: Pick<RouteInput<Route>, 'params' | 'query'> = {} as never,
): Promise<ShareAnswer<Route>> => {
  const { params, query } = input as { params?: Record<string, string>; query?: Record<string, string> };
  const url = new URL(apiUrl(loadWebConfig().custom.statementsApiUrl, routePath(route.resource, params)));
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const signer = new SignatureV4({
    service: 'execute-api',
    region: REGION,
    sha256: Sha256,
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
      ...(process.env.AWS_SESSION_TOKEN ? { sessionToken: process.env.AWS_SESSION_TOKEN } : {}),
    },
  });
  const signed = await signer.sign({
    method: route.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {
      host: url.host,
      [SHARE_HEADERS.secret]: secret,
      ...(viewer.address ? { [SHARE_HEADERS.viewerAddress]: viewer.address } : {}),
      ...(viewer.agent ? { [SHARE_HEADERS.viewerAgent]: viewer.agent.slice(0, 512) } : {}),
    },
  });
  let response: Response;
  try {
    response = await fetch(url, { method: route.method, headers: signed.headers, cache: 'no-store' });
  } catch {
    return { ok: false, status: 502, message: 'The vault could not be reached; try again in a moment.' };
  }
  const body = await jsonBody(response);
  if (response.ok) return { ok: true, body: body as RouteResponse<Route> };
  return { ok: false, status: response.status, message: isErrorBody(body) ? body.error.message : `The vault answered ${response.status}.` };
};
