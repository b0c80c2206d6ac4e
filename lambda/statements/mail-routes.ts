import { randomBytes } from 'node:crypto';
import { MAIL_ADDRESS, MAIL_WORDS, mailAddressOf, mailTokenFrom, type MailAddressResponse } from '../../contract/mail';
import { STATEMENT_ROUTES } from '../../contract/routes';
import { ApiError, accountClosing, notFound } from '../shared/errors';
import { on, type RouteEntry } from '../shared/http';
import type { Log } from '../shared/log';
import type { MailAddresses } from '../shared/mail/addresses';
import type { MailArrivals } from '../shared/mail/arrivals';
import { OwnerClosing } from '../shared/records/table';

export interface MailRouteDeps {
  /** The domain addresses are under; absent where the deployment receives no mail. */
  domain?: string;
  addresses: MailAddresses;
  arrivals: MailArrivals;
  log: Log;
  /** @default the system clock */
  now?: () => Date;
  /** @default crypto's random bytes */
  random?: (size: number) => Uint8Array;
}

/** Draws again when a token is taken: at 100 random bits, never more than once in practice. */
const DRAWS = 3;

/**
 * The caller's private mail address: read it, or get a new one, which retires the old at
 * once (a person who finds their address in a spammer's hands ends it with one action).
 * The owner is the token's `sub`; no request names a token.
 */
export const mailRoutes = (deps: MailRouteDeps): RouteEntry[] => {
  const now = () => deps.now?.() ?? new Date();
  const random = deps.random ?? ((size: number) => randomBytes(size));
  const domainOrOff = (): string => {
    if (!deps.domain) throw notFound(MAIL_WORDS.mailOff);
    return deps.domain;
  };
  return [
    on(STATEMENT_ROUTES.mailAddress, async ({ sub }) => {
      const domain = domainOrOff();
      const token = await deps.addresses.tokenOf(sub);
      const answer: MailAddressResponse = { address: token ? mailAddressOf(token, domain) : null };
      return { status: 200, body: answer };
    }),
    // Read whatever the deployment: what arrived before the mail domain was taken away still waits.
    on(STATEMENT_ROUTES.mailArrivals, async ({ sub }) => ({ status: 200, body: await deps.arrivals.list(sub) })),
    on(STATEMENT_ROUTES.newMailAddress, async ({ sub }) => {
      const domain = domainOrOff();
      for (let draw = 0; draw < DRAWS; draw++) {
        const previous = await deps.addresses.tokenOf(sub);
        const token = mailTokenFrom(random(MAIL_ADDRESS.tokenChars));
        let outcome: Awaited<ReturnType<MailAddresses['replace']>>;
        try {
          outcome = await deps.addresses.replace(sub, token, previous, now().toISOString());
        } catch (error) {
          if (error instanceof OwnerClosing) throw accountClosing();
          throw error;
        }
        if (outcome === 'done') {
          deps.log.info('mail address replaced', { hadOne: previous !== undefined });
          const answer: MailAddressResponse = { address: mailAddressOf(token, domain) };
          return { status: 201, body: answer };
        }
      }
      throw new ApiError('CONFLICT', 'Your address changed while a new one was being made; try again.');
    }),
  ];
};
