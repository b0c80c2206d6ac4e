import { ARRIVED_PREFIX, PACKET_PREFIX, PROFILE_IMAGE_PREFIX, STATEMENT_PREFIX } from './keys';
import { TOKEN_VALIDITY } from './auth';
import { PROFILE_IMAGE_LIMITS, STATEMENT_QUOTA } from './uploads';

/**
 * Closing an account: what it removes, in order, and the rules around it. Every step is
 * safe to repeat, so a job that stops midway (a crash, a timeout) starts again at the step
 * it recorded last and finishes.
 */
export const ACCOUNT_DELETION = {
  /**
   * A deletion must follow a recent sign-in: an unattended signed-in browser cannot close
   * the account. Measured from the ID token's `auth_time`.
   */
  recentSignInSeconds: 5 * 60,
  /** A running job that has not moved for this long is started again by the sweep (or at local start). */
  staleAfterSeconds: 5 * 60,
  /**
   * How long after a job is done it looks at the owner's files and records once more (its
   * final pass). Until then two things can still write under the owner: an upload URL
   * signed just before the deletion began (until it expires and a transfer begun in time
   * ends; uploads in parts were aborted), and an ID token issued before the sign-in was
   * deleted (AppSync's `updateProfile` writes a profile item while the token lives). After
   * this long, neither exists.
   */
  finalPassAfterSeconds: Math.max(
    STATEMENT_QUOTA.singleHoldSeconds,
    PROFILE_IMAGE_LIMITS.uploadUrlSeconds + 15 * 60,
    TOKEN_VALIDITY.idTokenMinutes * 60,
  ),
  /** How long the job's own record stays once the account is gone: it says what was deleted, and outlasts the final pass. */
  keepRecordSeconds: 24 * 60 * 60,
  /**
   * How many more passes a job makes, after its steps (and its final pass), when something
   * of the owner is still there (written while it ran); with something left after them it
   * is not done, and runs again.
   */
  cleanPasses: 3,
  /**
   * The steps, in order: uploads under way aborted (no part can complete into a new
   * object), every object version and delete marker under the owner's prefixes, every
   * record of the owner in the table (their shares first, with everything kept under each
   * share's own partition, then their own partition and search index), then the Cognito user.
   */
  steps: ['uploads', 'objects', 'records', 'identity'] as const,
} as const;

export type DeletionStep = (typeof ACCOUNT_DELETION.steps)[number];

/**
 * The table actions a deletion job performs: the owner's partition read and emptied
 * (Query, BatchWriteItem), each statement removed in a transaction of single-item writes,
 * the job's own record. The job role is granted these, and each job's session policy names them.
 */
export const DELETION_JOB_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchWriteItem',
] as const;

/** The bucket's folders that hold a folder per owner (`{folder}{sub}/…`): everything of a person's is in one of them. */
export const OWNER_FOLDERS = [STATEMENT_PREFIX, PROFILE_IMAGE_PREFIX, PACKET_PREFIX, ARRIVED_PREFIX] as const;

/** The owner's prefixes in the bucket: everything of theirs the bucket holds is under one of them. */
export const ownerPrefixes = (owner: string): string[] => OWNER_FOLDERS.map((folder) => `${folder}${owner}/`);

/** What closing the account would delete, shown before the person confirms. */
export interface AccountContents {
  statements: number;
  /** Bytes of the statements kept. */
  bytes: number;
  /** Uploads started and not finished (their places under the quota). */
  uploadsUnderWay: number;
  hasProfileImage: boolean;
}

/** The account as its deletion sees it: what there is to delete, and the deletion if one has begun. */
export interface AccountOverview {
  contents: AccountContents;
  deletion?: AccountDeletion;
  /**
   * How many more seconds the caller's sign-in is recent enough to close the account (its
   * `auth_time` and ACCOUNT_DELETION.recentSignInSeconds); absent once it is not, and the
   * person signs in again before they confirm.
   */
  closableForSeconds?: number;
}

/** How long more a sign-in at `authTime` (seconds since the epoch, the token's claim) may close the account; undefined once it may not. */
export const closableForSeconds = (authTime: number, now: Date): number | undefined => {
  if (!Number.isFinite(authTime)) return undefined;
  const left = Math.floor(authTime + ACCOUNT_DELETION.recentSignInSeconds - now.getTime() / 1000);
  return left > 0 ? left : undefined;
};

/** What a deletion removed so far. */
export interface DeletionCounts {
  /** Multipart uploads aborted. */
  uploadsAborted: number;
  /** Object versions and delete markers removed (every version of every file). */
  objectVersions: number;
  /** Bytes of the object versions removed. */
  bytes: number;
  /** Statement records removed (each with its list copies and summaries). */
  statements: number;
  /** Shares the person made, removed with their openings and rate counts (live, ended or withdrawn). */
  shares: number;
  /** Other items of the owner removed: profile, quota, summaries, refusals, held places. */
  otherRecords: number;
  /** Whether the sign-in (the Cognito user) is gone. */
  signInDeleted: boolean;
}

export type DeletionState = 'RUNNING' | 'DONE';

/** An account deletion, as its job record keeps it and the API reports it. */
export interface AccountDeletion {
  state: DeletionState;
  /** The next step to run (absent once done). */
  step?: DeletionStep;
  startedAt: string;
  updatedAt: string;
  finishedAt?: string;
  /** When the final pass looked under the prefixes once more (any late file removed, and counted). */
  finalPassAt?: string;
  counts: DeletionCounts;
}

export const NO_DELETIONS: DeletionCounts = {
  uploadsAborted: 0,
  objectVersions: 0,
  bytes: 0,
  statements: 0,
  shares: 0,
  otherRecords: 0,
  signInDeleted: false,
};

/** Whether the typed address is the account's, as people type addresses (case and spaces aside). */
export const confirmsEmail = (typed: string, accountEmail: string): boolean =>
  typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
