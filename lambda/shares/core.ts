import { createHash } from 'node:crypto';
import * as z from 'zod';
import {
  SHARE_HEADERS,
  SHARE_LIMITS,
  SHARE_SECRET_PATTERN,
  coarseBrowser,
  coarseNetwork,
  rateLimitNetwork,
  type RecipientShare,
  type SharedStatement,
} from '../../contract/shares';
import { SHARE_ROUTES } from '../../contract/routes';
import { RATE_KINDS } from '../../contract/keys';
import { statementIdSchema, type StatementDownloadResponse } from '../../contract/api';
import type { Statement } from '../../contract/entities';
import { ApiError, notFound } from '../shared/errors';
import { createRouter, on, type Cors } from '../shared/http';
import type { Log } from '../shared/log';
import { METRIC_NAMES, type MetricsPort } from '../shared/metrics';
import type { RateLimiter, ShareStore, StoredShare } from '../shared/shares/store';
import { stillShared } from '../shared/shares/still-shared';
import type { ShareReader } from './reader';

export interface ShareApiDeps {
  shares: Pick<ShareStore, 'byHash' | 'recordOpening' | 'countDownload'>;
  limits: RateLimiter;
  reader: ShareReader;
  log: Log;
  cors: Cors;
  /** Counts requests refused by the limits (SharesThrottled, alarmed on). @default no metrics */
  metrics?: MetricsPort;
  /** Whether the owner's account is closing or closed: their shares lead nowhere from then on. @default no account is */
  closing?: (owner: string) => Promise<boolean>;
  /** Tells the owner their share was opened for the first time. @default nobody is told */
  notifyFirstOpening?: (share: StoredShare) => Promise<void>;
  /** @default the system clock */
  now?: () => Date;
}

/** The one answer for every link that does not lead to a live share: expired, withdrawn, malformed, guessed or never made. */
export const NO_SUCH_SHARE = 'This link does not lead to anything: it may have expired or been withdrawn.';

/** Whom the closing check reads for a link that leads to no share: no account has this id. */
const NO_OWNER = '00000000-0000-0000-0000-000000000000';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const dispositionSchema = z.strictObject({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

/**
 * The share API: what a link's recipient reaches, through the web server. Every request
 * costs the same before the link is judged (a count for the viewer's address, a count for
 * the link's hash, one read of the share by that hash), so an expired, withdrawn,
 * malformed, guessed or never-made link gets the same 404 in the same time. A live share
 * answers with what is still shared: a statement deleted, quarantined or filed elsewhere
 * since has left it. Reads of the owner's records and files go through a session that
 * reaches that owner only, and each file URL through one that reaches that file only.
 */
export const createShareApi = (deps: ShareApiDeps) => {
  const now = () => deps.now?.() ?? new Date();

  /**
   * The live share the request's link leads to, after its network and its link are counted:
   * the page's openings and the files' URLs apart, so a whole share can be fetched at once.
   */
  const liveShare = async (headers: Record<string, string | undefined>, asked: 'page' | 'file'): Promise<StoredShare> => {
    const header = (name: string) => headers[name] ?? headers[name.toLowerCase()];
    const secret = header(SHARE_HEADERS.secret) ?? '';
    const network = rateLimitNetwork(header(SHARE_HEADERS.viewerAddress));
    const at = now();
    if (!(await deps.limits.take(RATE_KINDS.address, sha256(network).slice(0, 32), SHARE_LIMITS.perAddressPerMinute, at))) {
      deps.metrics?.count(METRIC_NAMES.sharesThrottled);
      throw new ApiError('THROTTLED', 'Too many requests from this network; wait a minute and try again.');
    }
    const secretHash = sha256(secret);
    const [limit, counter] = asked === 'page' ? [SHARE_LIMITS.perLinkPerMinute] : [SHARE_LIMITS.perLinkFilesPerMinute, 'files'];
    if (!(await deps.limits.take(RATE_KINDS.link, secretHash, limit, at, counter))) {
      deps.metrics?.count(METRIC_NAMES.sharesThrottled);
      throw new ApiError('THROTTLED', 'This link was opened too often in the last minute; wait a minute and try again.');
    }
    const share = await deps.shares.byHash(secretHash);
    // Read for every link, found or not, so a dead one costs what a live one does.
    const closing = (await deps.closing?.(share?.owner ?? NO_OWNER)) ?? false;
    const live = share && !closing && SHARE_SECRET_PATTERN.test(secret) && !share.revokedAt && Date.parse(share.expiresAt) > at.getTime();
    if (!live) throw notFound(NO_SUCH_SHARE);
    return share;
  };

  /** The share's statements as they are now, in the order it names them. */
  const current = async (share: StoredShare): Promise<{ shared: SharedStatement; statement: Statement }[]> => {
    const records = new Map(
      (
        await deps.reader.statements(
          share.owner,
          share.statements.map((one) => one.id),
        )
      ).map((one) => [one.id, one]),
    );
    return share.statements.flatMap((shared) => {
      const statement = records.get(shared.id);
      return stillShared(share, shared, statement) ? [{ shared, statement }] : [];
    });
  };

  return createRouter(
    [
      on(SHARE_ROUTES.openShare, async ({ event }) => {
        const share = await liveShare(event.headers ?? {}, 'page');
        const statements = await current(share);
        const headers = event.headers ?? {};
        const { first } = await deps.shares.recordOpening(
          share.secretHash,
          {
            at: now().toISOString(),
            browser: coarseBrowser(headers[SHARE_HEADERS.viewerAgent]),
            network: coarseNetwork(headers[SHARE_HEADERS.viewerAddress]),
          },
          share.expiresAt,
        );
        if (first)
          await deps
            .notifyFirstOpening?.(share)
            .catch((error: Error) => deps.log.warn('first-opening notice failed', { errorName: error.name }));
        const answer: RecipientShare = {
          ...(share.note ? { note: share.note } : {}),
          expiresAt: share.expiresAt,
          statements: statements.map(({ shared, statement }) => ({
            id: statement.id,
            fileName: statement.fileName,
            contentType: statement.contentType,
            size: statement.size,
            accountLabel: statement.accountLabel,
            // As the account was when the owner shared it.
            ...(shared.accountDetails ? { accountDetails: shared.accountDetails } : {}),
            period: statement.period,
          })),
        };
        return { status: 200, body: answer };
      }),
      on(SHARE_ROUTES.sharedFileUrl, async ({ event, param, query }) => {
        const share = await liveShare(event.headers ?? {}, 'file');
        const statementId = param('statementId', statementIdSchema);
        const { disposition } = query(dispositionSchema);
        const shared = share.statements.find((one) => one.id === statementId);
        if (!shared) throw notFound('This file is not in the share.');
        const [statement] = await deps.reader.statements(share.owner, [statementId]);
        if (!stillShared(share, shared, statement)) throw notFound('This file is no longer shared.');
        const signed = await deps.reader.signedRead(statement, disposition, share.shareId);
        if (disposition === 'attachment') await deps.shares.countDownload(share.secretHash, statementId);
        const answer: StatementDownloadResponse = { ...signed, fileName: statement.fileName };
        return { status: 200, body: answer };
      }),
    ],
    { log: deps.log, cors: deps.cors, caller: () => '' },
  );
};
