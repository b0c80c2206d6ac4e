import type { AccountDetails } from './accounts/details';
import * as z from './zod';
import { accountLabelSchema } from './api';
import { STATEMENT_ID_PATTERN } from './keys';
import { textProblem } from './upload-rules';
import { PERIOD_PATTERN } from './uploads';

export { SHARE_PAGE_PREFIX, sharePagePath } from './share-pages';

/**
 * Shares: a set of one person's statements handed, by a link, to someone without an
 * account (an accountant, a lender). The link carries a secret of 256 random bits; the
 * table keeps only its SHA-256. A share names its statements as they were filed when it
 * was made: one deleted, quarantined or filed elsewhere since leaves it at once.
 */
const MAX_STATEMENTS = 100;
const PER_LINK_PER_MINUTE = 60;
/** Every statement of the largest share twice: one "download all as one ZIP", and a second try. */
const PER_LINK_FILES_PER_MINUTE = 2 * MAX_STATEMENTS;

export const SHARE_LIMITS = {
  minSeconds: 60 * 60,
  maxSeconds: 30 * 24 * 60 * 60,
  /** Statements one share holds at most (a selection, or an account's statements over a span of periods). */
  maxStatements: MAX_STATEMENTS,
  noteMaxChars: 500,
  noteMaxStoredBytes: 2000,
  /** Random bytes of a link's secret. */
  secretBytes: 32,
  /** Openings of one link's page a minute before 429. */
  perLinkPerMinute: PER_LINK_PER_MINUTE,
  /** File URLs one link hands out a minute before 429, counted apart from its page. */
  perLinkFilesPerMinute: PER_LINK_FILES_PER_MINUTE,
  /**
   * Requests from one network a minute (an IPv4 address, an IPv6 /64), links together, before
   * 429: one link's page and files at their limits.
   */
  perAddressPerMinute: PER_LINK_PER_MINUTE + PER_LINK_FILES_PER_MINUTE,
  /** How long a share's record (its opens and downloads) stays for its owner after it ended. */
  keepAfterEndSeconds: 30 * 24 * 60 * 60,
  /**
   * Openings of a share kept for its owner: the newest, each in one of this many places, so a
   * link opened millions of times keeps this many items (its count goes on).
   */
  openingsKept: 100,
  /** Live shares (neither ended nor withdrawn) one person has at once. */
  maxLiveShares: 100,
  /**
   * Shares one person keeps at once: live ones and ended ones whose record is still kept (a
   * month after they end). Bounds what listing them reads.
   */
  maxSharesKept: 500,
} as const;

/**
 * The copies a share's files are read from (SHARED_COPY_PREFIX): made by the share function
 * at a file's first request, removed by the bucket's lifecycle a day after they are made
 * (S3 counts to the next midnight UTC, so a copy lives 24 to 48 hours, and older versions
 * a day more), and made again when older than `refreshAfterSeconds`, so a live share's
 * copy is always there when its URL is signed.
 */
export const SHARED_COPIES = {
  lifecycleDays: 1,
  refreshAfterSeconds: 20 * 60 * 60,
} as const;

/**
 * What a share's recipient is served of a statement's record, and all the share reader's
 * sessions may read of any item (`dynamodb:Attributes`): whether it is still shared, what
 * it is called, its type and size, where its object is. Never the owner's profile, devices
 * or anything else kept in their partition.
 */
export const SHARE_READ_FIELDS = [
  'id',
  'owner',
  'fileName',
  'contentType',
  'size',
  'key',
  'accountLabel',
  'period',
  'status',
  'filedAt',
] as const;

/** A link's secret: 32 bytes in base64url, without padding. */
export const SHARE_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Share ids are ULIDs minted by the server, as statement ids are. */
export const SHARE_ID_PATTERN = STATEMENT_ID_PATTERN;

/**
 * The viewer's network address as the web server receives it: set by CloudFront's viewer
 * function from the connection (locally, by the local server from the socket), replacing
 * anything a viewer sent under that name.
 */
export const VIEWER_ADDRESS_HEADER = 'x-vault-viewer-address';

/**
 * What a share's page and what lies under it (its files' route, old links) answer with
 * besides the security headers: never indexed, never kept by any cache. Under the page the
 * referrer policy is `no-referrer` (SHARE_PAGE_REFERRER_POLICY); the page itself answers
 * SHARE_PAGE_OWN_REFERRER_POLICY. CloudFront's behaviours set them; the local server does the same.
 */
export const SHARE_PAGE_HEADERS = [
  { key: 'X-Robots-Tag', value: 'noindex, nofollow, noarchive' },
  { key: 'Cache-Control', value: 'no-store, private' },
] as const;
export const SHARE_PAGE_REFERRER_POLICY = 'no-referrer';

/**
 * The headers the web server sends the share API with each recipient's request: the
 * link's secret (never in a path, so no access log holds it), and the recipient's network
 * address and browser as CloudFront saw them (the API trusts them because only the web
 * server, by IAM, may call it).
 */
export const SHARE_HEADERS = {
  secret: 'x-share-secret',
  viewerAddress: 'x-share-viewer-address',
  viewerAgent: 'x-share-viewer-agent',
} as const;

const noteSchema = z
  .string({ error: 'note must be text' })
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z.string().superRefine((value, context) => {
      if (!value) return;
      const problem = textProblem('note', value.replace(/\n/g, ' '), SHARE_LIMITS.noteMaxChars, SHARE_LIMITS.noteMaxStoredBytes);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  );

const lifetimeSchema = z
  .number({ error: 'expiresInSeconds must be a number of seconds' })
  .int('expiresInSeconds must be a whole number of seconds')
  .min(SHARE_LIMITS.minSeconds, 'A share lasts at least 1 hour.')
  .max(SHARE_LIMITS.maxSeconds, 'A share lasts at most 30 days.');

const periodSchema = z.string({ error: 'period must be text' }).regex(PERIOD_PATTERN, 'period must look like 2024-01 (YYYY-MM)');

const statementIdsSchema = z
  .array(z.string().regex(STATEMENT_ID_PATTERN, 'every statement id must be one the server made'), {
    error: 'statementIds must be a list of statement ids',
  })
  .min(1, 'Choose at least one statement.')
  .max(SHARE_LIMITS.maxStatements, `A share holds at most ${SHARE_LIMITS.maxStatements} statements.`);

/** What a share holds: statements chosen one by one, or an account's over a span of periods. */
export const createShareRequestSchema = z
  .strictObject({
    statementIds: statementIdsSchema.optional(),
    account: z.strictObject({ accountLabel: accountLabelSchema, from: periodSchema, to: periodSchema }).optional(),
    expiresInSeconds: lifetimeSchema,
    note: noteSchema.optional(),
  })
  .refine((request) => (request.statementIds === undefined) !== (request.account === undefined), {
    message: 'Share either statementIds or an account over a span of periods, not both.',
  })
  .refine((request) => !request.account || request.account.from <= request.account.to, {
    message: 'The span of periods must run from the earlier to the later.',
  });
export type CreateShareRequest = z.input<typeof createShareRequestSchema>;

export const extendShareRequestSchema = z.strictObject({ expiresInSeconds: lifetimeSchema });
export type ExtendShareRequest = z.input<typeof extendShareRequestSchema>;

/** A statement as a share names it. */
export interface SharedStatement {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  accountLabel: string;
  /**
   * The account it was filed under when shared (the record's key): moved to another since,
   * it has left the share; its account renamed, it stays. Shares made before statements
   * named their account's key lack it: their label's key is it.
   */
  accountKey?: string;
  /** What its account was when it was shared (institution, kind, currency), where the vault knew it. */
  accountDetails?: AccountDetails;
  period: string;
  /** Where it was filed when shared (the record's `filedAt`): filed anew since, it has left the share. */
  filedAt?: string;
}

export type ShareState = 'active' | 'expired' | 'revoked';

/** A share as its owner lists it. */
export interface ShareSummary {
  shareId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
  note?: string;
  state: ShareState;
  statementCount: number;
  opens: number;
  firstOpenedAt?: string;
  lastOpenedAt?: string;
}

/** One opening of a share, as its owner sees it: when, a coarse browser and a coarse network. */
export interface ShareOpening {
  at: string;
  browser: string;
  network: string;
}

/**
 * A share in full, for its owner: what it names (each with its downloads, whether it is
 * still shared, and whether the owner took it out) and who opened it.
 */
export interface ShareDetails extends ShareSummary {
  statements: (Omit<SharedStatement, 'filedAt'> & { downloads: number; available: boolean; removed: boolean })[];
  openings: ShareOpening[];
}

/** A share just made: its one sight of the secret, which the server does not keep. */
export interface CreatedShare {
  share: ShareSummary;
  secret: string;
}

/** What the recipient's page shows: the statements still shared, and the owner's note. */
export interface RecipientShare {
  note?: string;
  expiresAt: string;
  statements: SharedStatement[];
}

/**
 * A browser as its owner is told it: its family and system, never its version or build
 * ("Chrome on Android", "Safari on iPhone"), from the User-Agent the recipient sent.
 */
export const coarseBrowser = (userAgent: string | undefined): string => {
  const agent = userAgent ?? '';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\/|Opera/.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : /curl|wget|python|go-http|java|okhttp|node/i.test(agent)
              ? 'A program'
              : 'A browser';
  const system = /iPhone|iPad|iPod/.test(agent)
    ? /iPad/.test(agent)
      ? 'iPad'
      : 'iPhone'
    : /Android/.test(agent)
      ? 'Android'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /CrOS/.test(agent)
            ? 'ChromeOS'
            : /Linux/.test(agent)
              ? 'Linux'
              : undefined;
  return system ? `${browser} on ${system}` : browser;
};

/** The eight groups of an IPv6 address, `::` expanded; undefined for anything else. */
const ipv6Groups = (address: string): string[] | undefined => {
  if (!/^[0-9a-f:]+$/i.test(address) || !address.includes(':') || address.split('::').length > 2) return undefined;
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))
    ? groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    : undefined;
};

/**
 * The network the per-address limit counts a request under: an IPv4 address itself, an
 * IPv6 address's /64 (one household or device is handed a whole /64, and picks addresses
 * in it at will), anything else as it is.
 */
export const rateLimitNetwork = (address: string | undefined): string => {
  const value = (address ?? '').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const groups = ipv6Groups(value);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : value || 'unknown';
};

/**
 * A network as its owner is told it: an IPv4 address's /24 or an IPv6 address's /48,
 * enough to tell "my accountant's office" from "somewhere else", never the address itself.
 */
export const coarseNetwork = (address: string | undefined): string => {
  const value = (address ?? '').trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(value.replace(/^::ffff:/, ''));
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (/^[0-9a-f:]+$/i.test(value) && value.includes(':')) {
    const [head] = value.split('::');
    const groups = head.split(':').filter(Boolean);
    while (groups.length < 3) groups.push('0');
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return 'an unknown network';
};
