import { randomBytes } from 'node:crypto';
import { arrivalsQuerySchema, statementIdSchema } from '../../contract/api';
import {
  MAIL_ADDRESS,
  MAIL_LIMITS,
  MAIL_SENDERS,
  MAIL_WORDS,
  PRODUCT_DOMAIN,
  atVaultDomain,
  mailAddressOf,
  mailTokenFrom,
  type FileArrivalResponse,
  type ReadValue,
  type MailAddressResponse,
  type MailArrivalsResponse,
  type MailFrom,
} from '../../contract/mail';
import { maskIdentifiers } from '../../contract/search/identifiers';
import { cleanText } from '../../contract/upload-rules';
import { STATEMENT_QUOTA, TEXT_LIMITS } from '../../contract/uploads';
import { STATEMENT_ROUTES } from '../../contract/routes';
import { ApiError, accountClosing, notFound } from '../shared/errors';
import { on, type RouteEntry } from '../shared/http';
import type { Log } from '../shared/log';
import type { MailAddresses } from '../shared/mail/addresses';
import type { MailArrivals } from '../shared/mail/arrivals';
import type { RecordStore } from '../shared/records';
import { OwnerClosing } from '../shared/records/table';
import type { FileArrivalEvent } from '../mail/arrival-event';
import { quotaExceeded } from './quota-words';

export interface MailRouteDeps {
  /** The domain addresses are under; absent where the deployment receives no mail. */
  domain?: string;
  /** The web app's origins: a mail's From at their domains is flagged as at the vault's own. @default none */
  webOrigins?: readonly string[];
  addresses: MailAddresses;
  arrivals: MailArrivals;
  /** Places under the quota, held for a waiting file as for an upload (and given back when it is discarded). */
  holds: Pick<RecordStore, 'reserveUpload' | 'holdsPlace' | 'releaseUpload'>;
  /** Asks the mail function (asynchronously) to file a waiting file: only it reads what arrived unscanned. */
  fileWaiting(event: FileArrivalEvent): Promise<void>;
  /** Deletes a waiting file's bytes. */
  deleteWaiting(owner: string, statementId: string): Promise<void>;
  log: Log;
  /** @default the system clock */
  now?: () => Date;
  /** @default crypto's random bytes */
  random?: (size: number) => Uint8Array;
}

/** Long enough for any reason the mail function writes, with the sender and file names it names. */
const REASON_CHARS = 2000;

/**
 * What arrived and was kept out as the person is shown it: every stranger-supplied string
 * cleaned as names are (records kept before the mail function cleaned them too), and a mail
 * whose From is at the vault's own domains flagged, so it never reads as the vault speaking.
 */
export const arrivalsAsShown = (answer: MailArrivalsResponse, vaultDomains: readonly string[]): MailArrivalsResponse => {
  const mail = (from: MailFrom): MailFrom => {
    const addresses = from.from.split(',').map((address) => cleanText(address, MAIL_SENDERS.maxChars));
    return {
      from: addresses.filter(Boolean).join(', '),
      subject: cleanText(from.subject, MAIL_LIMITS.subjectChars),
      receivedAt: from.receivedAt,
      ...(addresses.some((address) => atVaultDomain(address, vaultDomains)) ? { fromVaultDomain: true as const } : {}),
    };
  };
  const name = (fileName: string) => cleanText(fileName, TEXT_LIMITS.fileNameMaxChars);
  // What was read of a stranger's file (a reason quoting its line, a value and where it came
  // from): cleaned, and any account number in it masked (records of earlier releases quote them whole).
  const reason = (words: string) => cleanText(maskIdentifiers(words), REASON_CHARS);
  const read = (value: ReadValue | undefined) =>
    value && { value: cleanText(maskIdentifiers(value.value), REASON_CHARS), detail: reason(value.detail) };
  return {
    ...answer,
    arrived: answer.arrived.map((arrival) => ({
      ...arrival,
      fileName: name(arrival.fileName),
      reason: reason(arrival.reason),
      ...(arrival.period ? { period: read(arrival.period) } : {}),
      ...(arrival.account ? { account: read(arrival.account) } : {}),
      mail: mail(arrival.mail),
    })),
    keptOut: answer.keptOut.map((note) => ({
      ...note,
      mail: mail(note.mail),
      reason: reason(note.reason),
      files: note.files.map((file) => ({ fileName: name(file.fileName), reason: reason(file.reason) })),
    })),
  };
};

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
  const vaultDomains = [
    PRODUCT_DOMAIN,
    ...(deps.domain ? [deps.domain] : []),
    ...(deps.webOrigins ?? []).flatMap((origin) => (URL.canParse(origin) ? [new URL(origin).hostname] : [])),
  ];
  const domainOrOff = (): string => {
    if (!deps.domain) throw notFound(MAIL_WORDS.mailOff);
    return deps.domain;
  };
  return [
    on(STATEMENT_ROUTES.mailAddress, async ({ sub }) => {
      const domain = domainOrOff();
      const { token, senders } = await deps.addresses.mailOf(sub);
      const answer: MailAddressResponse = { address: token ? mailAddressOf(token, domain) : null, senders };
      return { status: 200, body: answer };
    }),
    on(STATEMENT_ROUTES.setMailSenders, async ({ sub, body }) => {
      const domain = domainOrOff();
      const { senders } = body();
      try {
        await deps.addresses.setSenders(sub, senders, now().toISOString());
      } catch (error) {
        if (error instanceof OwnerClosing) throw accountClosing();
        throw error;
      }
      deps.log.info('mail senders set', { senders: senders.length });
      const token = await deps.addresses.tokenOf(sub);
      const answer: MailAddressResponse = { address: token ? mailAddressOf(token, domain) : null, senders };
      return { status: 200, body: answer };
    }),
    // Read whatever the deployment: what arrived before the mail domain was taken away still waits.
    // A page of waiting files at a time: `after` is where the last page ended.
    on(STATEMENT_ROUTES.mailArrivals, async ({ sub, query }) => {
      const { after } = query(arrivalsQuerySchema);
      const page = await deps.arrivals.list(sub, { ...(after ? { after } : {}), now: now() });
      return { status: 200, body: arrivalsAsShown(page, vaultDomains) };
    }),
    // Filed on the person's word: its place under the quota is held here, as an upload's is
    // when it is signed, and the mail function moves it where uploads go (listed once the
    // catalogue has it). Asked again while that runs, the place held stands and it is asked again.
    on(STATEMENT_ROUTES.fileArrival, async ({ sub, param, body }) => {
      const statementId = param('statementId', statementIdSchema);
      const { accountLabel, period } = body();
      const waiting = await deps.arrivals.waiting(sub, statementId, now());
      if (!waiting) throw notFound(MAIL_WORDS.arrivalGone);
      // A file that waits holds its place already (one that waited before waiting was counted holds none).
      if (!(await deps.holds.holdsPlace(sub, statementId))) {
        const expiresAt = new Date(now().getTime() + STATEMENT_QUOTA.singleHoldSeconds * 1000).toISOString();
        let reservation: Awaited<ReturnType<RecordStore['reserveUpload']>>;
        try {
          reservation = await deps.holds.reserveUpload(sub, statementId, waiting.size, expiresAt);
        } catch (error) {
          if (error instanceof OwnerClosing) throw accountClosing();
          throw error;
        }
        if (!reservation.ok) throw quotaExceeded(reservation.usage, waiting.size);
      }
      await deps.fileWaiting({ fileArrival: { owner: sub, statementId, accountLabel, period } });
      deps.log.info('waiting file sent to be filed', { statementId });
      const answer: FileArrivalResponse = { statementId };
      return { status: 202, body: answer };
    }),
    on(STATEMENT_ROUTES.discardArrival, async ({ sub, param }) => {
      const statementId = param('statementId', statementIdSchema);
      if (!(await deps.arrivals.waiting(sub, statementId, now()))) throw notFound(MAIL_WORDS.arrivalGone);
      await deps.deleteWaiting(sub, statementId);
      await deps.arrivals.discard(sub, statementId);
      // Its place under the quota goes back with it.
      await deps.holds.releaseUpload(sub, statementId);
      deps.log.info('waiting file discarded', { statementId });
      return { status: 204 };
    }),
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
          const answer: MailAddressResponse = {
            address: mailAddressOf(token, domain),
            senders: (await deps.addresses.mailOf(sub)).senders,
          };
          return { status: 201, body: answer };
        }
      }
      throw new ApiError('CONFLICT', 'Your address changed while a new one was being made; try again.');
    }),
  ];
};
