import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import * as z from 'zod';
import {
  SHARE_ID_PATTERN,
  SHARE_LIMITS,
  type ShareDetails,
  type ShareState,
  type ShareSummary,
  type SharedStatement,
} from '../../contract/shares';
import { countOf } from '../../contract/format';
import { STATEMENT_ROUTES } from '../../contract/routes';
import type { AccountDetails } from '../../contract/accounts/details';
import { statementIdSchema } from '../../contract/api';
import { STATEMENT_STATUS, type Statement } from '../../contract/entities';
import { compareStatementOrder, statementAccountKey } from '../../contract/keys';
import { ApiError, badRequest, notFound } from '../shared/errors';
import { on, type RouteEntry } from '../shared/http';
import type { Log } from '../shared/log';
import type { RecordStore } from '../shared/records';
import type { OwnerShare, ShareStore, StoredShare } from '../shared/shares/store';
import { stillShared } from '../shared/shares/still-shared';

/** An owner's statements filed under one account, as its list partition holds them, and what the account is. */
export interface AccountStatements {
  /** The key of the account a name files under: the account a rename gave it, else the one it is the first name of. */
  accountNamed(owner: string, label: string): Promise<string>;
  accountStatements(owner: string, accountKey: string): Promise<Statement[]>;
  /** The account's institution, kind and currency, as its summary holds them; undefined when it says none. */
  accountDetails(owner: string, accountKey: string): Promise<AccountDetails | undefined>;
}

export interface ShareRouteDeps {
  shares: ShareStore;
  accounts: AccountStatements;
  records: Pick<RecordStore, 'getStatement'>;
  log: Log;
  now?: () => Date;
  /** A link's secret. @default 32 random bytes (SHARE_LIMITS.secretBytes), base64url */
  newSecret?: () => string;
}

const shareIdSchema = z.string().regex(SHARE_ID_PATTERN, 'shareId must be a share id the server made');

const sharedOf = (statement: Statement, accountDetails: AccountDetails | undefined): SharedStatement => ({
  id: statement.id,
  fileName: statement.fileName,
  contentType: statement.contentType,
  size: statement.size,
  accountLabel: statement.accountLabel,
  accountKey: statementAccountKey(statement),
  ...(accountDetails ? { accountDetails } : {}),
  period: statement.period,
  ...(statement.filedAt ? { filedAt: statement.filedAt } : {}),
});

const stateOf = (share: Pick<OwnerShare, 'expiresAt' | 'revokedAt'>, now: Date): ShareState =>
  share.revokedAt ? 'revoked' : Date.parse(share.expiresAt) <= now.getTime() ? 'expired' : 'active';

/** A share as its owner lists it: their item, with the share's counts where it was read. */
const summaryOf = (mine: OwnerShare, counts: StoredShare | undefined, now: Date): ShareSummary => ({
  shareId: mine.shareId,
  createdAt: mine.createdAt,
  expiresAt: mine.expiresAt,
  ...(mine.revokedAt ? { revokedAt: mine.revokedAt } : {}),
  ...(mine.note ? { note: mine.note } : {}),
  state: stateOf(mine, now),
  statementCount: mine.statementCount,
  opens: counts?.opens ?? 0,
  ...(counts?.firstOpenedAt ? { firstOpenedAt: counts.firstOpenedAt } : {}),
  ...(counts?.lastOpenedAt ? { lastOpenedAt: counts.lastOpenedAt } : {}),
});

/**
 * The owner's share routes on the statements API: make a share of their own available
 * statements (chosen, or an account's over a span of periods), list, look at, withdraw and
 * extend them. The owner is the token's `sub`; another person's share id reads as a
 * missing one. The link's secret is made here, answered once, and only its SHA-256 kept.
 */
export const shareRoutes = (deps: ShareRouteDeps): RouteEntry[] => {
  const now = () => deps.now?.() ?? new Date();
  const newSecret = deps.newSecret ?? (() => randomBytes(SHARE_LIMITS.secretBytes).toString('base64url'));

  /** What a request names, as the owner's available statements; a 400 in words for anything else. */
  const chosen = async (
    sub: string,
    request: { statementIds?: string[]; account?: { accountLabel: string; from: string; to: string } },
  ) => {
    if (request.statementIds) {
      const ids = [...new Set(request.statementIds)];
      const found = await Promise.all(ids.map((id) => deps.records.getStatement(sub, id)));
      const missing = found.filter((statement) => statement?.status !== STATEMENT_STATUS.available).length;
      if (missing > 0)
        throw badRequest(
          `${missing === 1 ? 'One of the chosen statements' : `${missing} of the chosen statements`} cannot be shared: only your own statements, once scanned clean, are.`,
        );
      return found as Statement[];
    }
    const { accountLabel, from, to } = request.account!;
    const inSpan = (await deps.accounts.accountStatements(sub, await deps.accounts.accountNamed(sub, accountLabel)))
      .filter((statement) => statement.period >= from && statement.period <= to && statement.status === STATEMENT_STATUS.available)
      .sort(compareStatementOrder);
    if (inSpan.length === 0) throw badRequest(`No statement of ${accountLabel.trim()} from ${from} to ${to} can be shared.`);
    if (inSpan.length > SHARE_LIMITS.maxStatements)
      throw badRequest(
        `${accountLabel.trim()} has ${countOf(inSpan.length, 'statement')} from ${from} to ${to}; a share holds at most ${SHARE_LIMITS.maxStatements}: choose a shorter span.`,
      );
    return inSpan;
  };

  const ownShare = async (sub: string, shareId: string) => {
    const mine = await deps.shares.ownerShare(sub, shareId);
    if (!mine) throw notFound('There is no such share.');
    return mine;
  };

  return [
    on(STATEMENT_ROUTES.createShare, async ({ sub, body }) => {
      const request = body();
      const { kept, live } = await deps.shares.counts(sub, now());
      if (live >= SHARE_LIMITS.maxLiveShares)
        throw new ApiError(
          'CONFLICT',
          `You have ${SHARE_LIMITS.maxLiveShares} shares whose links work, the most there can be at once: withdraw one you no longer need first.`,
        );
      if (kept >= SHARE_LIMITS.maxSharesKept)
        throw new ApiError(
          'CONFLICT',
          `You have made ${SHARE_LIMITS.maxSharesKept} shares that are still kept, the most there can be: an ended or withdrawn share goes a month after it ended. Extend one of them to share again.`,
        );
      const statements = await chosen(sub, request);
      // What each account is, as the share is made: the recipient reads the bank and kind beside each file.
      const accountKeys = [...new Set(statements.map(statementAccountKey))];
      const details = new Map(
        await Promise.all(accountKeys.map(async (key) => [key, await deps.accounts.accountDetails(sub, key)] as const)),
      );
      const secret = newSecret();
      const at = now();
      const share: StoredShare = {
        shareId: ulid(at.getTime()),
        owner: sub,
        secretHash: createHash('sha256').update(secret, 'utf8').digest('hex'),
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + request.expiresInSeconds * 1000).toISOString(),
        ...(request.note ? { note: request.note } : {}),
        statements: statements.map((statement) => sharedOf(statement, details.get(statementAccountKey(statement)))),
        downloads: {},
        opens: 0,
      };
      await deps.shares.create(share);
      deps.log.info('share created', { shareId: share.shareId, statements: statements.length, expiresAt: share.expiresAt });
      return {
        status: 201,
        body: { share: summaryOf({ ...share, statementCount: statements.length }, share, at), secret },
      };
    }),
    on(STATEMENT_ROUTES.listShares, async ({ sub }) => {
      const mine = await deps.shares.ownerShares(sub);
      const counts = new Map((await deps.shares.byHashes(mine.map((share) => share.secretHash))).map((share) => [share.secretHash, share]));
      const at = now();
      const shares = mine
        .map((share) => summaryOf(share, counts.get(share.secretHash), at))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
      return { status: 200, body: { shares } };
    }),
    on(STATEMENT_ROUTES.getShare, async ({ sub, param }) => {
      const mine = await ownShare(sub, param('shareId', shareIdSchema));
      const [stored, openings] = await Promise.all([deps.shares.byHash(mine.secretHash), deps.shares.openings(mine.secretHash)]);
      const named = stored?.statements ?? [];
      const records = await Promise.all(named.map((shared) => deps.records.getStatement(sub, shared.id)));
      const removed = new Set(stored?.removedIds ?? []);
      const details: ShareDetails = {
        ...summaryOf(mine, stored, now()),
        statements: named.map(({ filedAt: _filedAt, ...shared }, index) => ({
          ...shared,
          // As it is called now, where it still is.
          ...(records[index] ? { fileName: records[index].fileName } : {}),
          downloads: stored?.downloads[shared.id] ?? 0,
          available: stillShared(stored ?? {}, named[index], records[index]),
          removed: removed.has(shared.id),
        })),
        openings,
      };
      return { status: 200, body: details };
    }),
    on(STATEMENT_ROUTES.removeSharedStatement, async ({ sub, param }) => {
      const shareId = param('shareId', shareIdSchema);
      const statementId = param('statementId', statementIdSchema);
      const mine = await ownShare(sub, shareId);
      const stored = await deps.shares.byHash(mine.secretHash);
      if (!stored?.statements.some((one) => one.id === statementId)) throw notFound('This statement is not in the share.');
      await deps.shares.removeStatement(mine.secretHash, statementId);
      deps.log.info('statement taken out of a share', { shareId, statementId });
      return { status: 204 };
    }),
    on(STATEMENT_ROUTES.revokeShare, async ({ sub, param }) => {
      const shareId = param('shareId', shareIdSchema);
      const mine = await ownShare(sub, shareId);
      if (!mine.revokedAt && !(await deps.shares.revoke(sub, shareId, now().toISOString()))) throw notFound('There is no such share.');
      deps.log.info('share withdrawn', { shareId });
      return { status: 204 };
    }),
    on(STATEMENT_ROUTES.extendShare, async ({ sub, param, body }) => {
      const shareId = param('shareId', shareIdSchema);
      const { expiresInSeconds } = body();
      const mine = await ownShare(sub, shareId);
      if (mine.revokedAt) throw new ApiError('CONFLICT', 'A withdrawn share cannot be extended; make a new one.');
      const at = now();
      const expiresAt = new Date(at.getTime() + expiresInSeconds * 1000).toISOString();
      if (!(await deps.shares.extend(sub, shareId, expiresAt)))
        throw new ApiError('CONFLICT', 'A withdrawn share cannot be extended; make a new one.');
      deps.log.info('share extended', { shareId, expiresAt });
      return { status: 200, body: summaryOf({ ...mine, expiresAt }, await deps.shares.byHash(mine.secretHash), at) };
    }),
  ];
};
