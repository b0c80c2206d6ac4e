import { STATEMENT_ROUTES } from '../../contract/routes';
import { on, type RouteEntry } from '../shared/http';
import type { PacketDeps } from './packets/make';

/**
 * The packet route. What makes a packet (pdfkit, the fonts, the ZIP writer) is loaded at
 * its first call, so no other route of the API pays for it at a cold start.
 */
export const packetRoutes = (deps: PacketDeps): RouteEntry[] => [
  on(STATEMENT_ROUTES.createPacket, async ({ sub, body, claim }) => {
    const request = body();
    const { makePacket } = await import('./packets/make');
    const packet = await makePacket(deps, {
      sub,
      owner: claim('email'),
      accountKeys: request.accountKeys,
      span: { from: request.from, to: request.to },
    });
    return { status: 201, body: packet };
  }),
];
