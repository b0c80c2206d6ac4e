import type { RouteResponse, RouteSpec } from '@contract';
import { sendPresignRequest, type Api, type PresignCallOptions } from './presign-api';
import { loadWebConfig } from './server-config';
import type { ServerSession } from './server-session';

/**
 * Calls one route of a presign API from the server, with the signed-in person's own ID
 * token from their session (a form action's), never with anything the form sent as theirs.
 */
export const serverPresignApi = <Route extends RouteSpec>(
  session: ServerSession,
  api: Api,
  route: Route,
  ...[options]: PresignCallOptions<Route>
): Promise<RouteResponse<Route>> => sendPresignRequest(loadWebConfig().custom[api], route, session.idToken, options);
