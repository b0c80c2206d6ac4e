import { ACCOUNT_DELETION, closableForSeconds, confirmsEmail, type AccountContents } from '../../contract/account';
import { STATEMENT_ROUTES } from '../../contract/routes';
import { ApiError, badRequest } from '../shared/errors';
import { on, type RouteEntry } from '../shared/http';
import type { Log } from '../shared/log';
import type { RecordStore } from '../shared/records';
import type { DeletionJobs } from './deletion';

/** What the account routes need: the jobs, a way to start the worker, and the owner's records. */
export interface AccountPorts {
  jobs: DeletionJobs;
  /** Starts the deletion worker for an owner without waiting for it (Lambda's asynchronous invoke). */
  startDeletion(owner: string): Promise<void>;
}

export interface AccountRouteDeps {
  account: AccountPorts;
  records: Pick<RecordStore, 'usage' | 'getAvatarKey'>;
  log: Log;
  now?: () => Date;
}

/** From the quota's item and the profile: two reads, whatever the vault holds. */
const contentsOf = async (records: AccountRouteDeps['records'], owner: string): Promise<AccountContents> => {
  const [usage, avatarKey] = await Promise.all([records.usage(owner), records.getAvatarKey(owner)]);
  return {
    statements: usage.statements,
    bytes: usage.bytes,
    uploadsUnderWay: usage.slots - usage.statements,
    hasProfileImage: avatarKey !== undefined,
  };
};

/**
 * The account's routes on the statements API: what closing it would delete, and closing it.
 * Closing needs the account's own e-mail address typed and a sign-in from the last few
 * minutes (the token's `auth_time`), so an unattended signed-in browser cannot close it.
 */
export const accountRoutes = (deps: AccountRouteDeps): RouteEntry[] => {
  const now = () => deps.now?.() ?? new Date();
  return [
    on(STATEMENT_ROUTES.account, async ({ sub, claim }) => {
      const deletion = await deps.account.jobs.get(sub);
      // Once a deletion has begun, its counts say what there was; the records are going.
      const contents = deletion
        ? { statements: 0, bytes: 0, uploadsUnderWay: 0, hasProfileImage: false }
        : await contentsOf(deps.records, sub);
      // Said before the person types anything: a sign-in too old to close the account is renewed first.
      const closable = deletion ? undefined : closableForSeconds(Number(claim('auth_time')), now());
      return { status: 200, body: { contents, ...(deletion ? { deletion } : {}), ...(closable ? { closableForSeconds: closable } : {}) } };
    }),
    on(STATEMENT_ROUTES.deleteAccount, async ({ sub, body, claim }) => {
      const { confirmEmail } = body();
      const email = claim('email');
      if (!email || !confirmsEmail(confirmEmail, email)) {
        throw badRequest('To close the account, type its e-mail address exactly as you sign in with it.');
      }
      if (closableForSeconds(Number(claim('auth_time')), now()) === undefined) {
        throw new ApiError(
          'RECENT_SIGN_IN_REQUIRED',
          `Sign in again to close your account: closing it needs a sign-in from the last ${ACCOUNT_DELETION.recentSignInSeconds / 60} minutes.`,
        );
      }
      const job = await deps.account.jobs.begin(sub, now().toISOString());
      try {
        await deps.account.startDeletion(sub);
      } catch (error) {
        // The job is recorded: the worker's schedule resumes it once it is seen to stall.
        deps.log.error('account deletion could not be started; the schedule will resume it', {
          errorName: error instanceof Error ? error.name : typeof error,
        });
      }
      deps.log.info('account deletion begun', { startedAt: job.startedAt });
      return { status: 202, body: job };
    }),
  ];
};
