import { ACCOUNT_ROUTES } from '../../contract/routes';
import { accountClosing } from '../shared/errors';
import type { Admit } from '../shared/http';
import type { DeletionJobs } from './deletion';

export { ACCOUNT_CLOSING_MESSAGE } from '../shared/errors';

/**
 * The APIs' check before any route: once an account's deletion has begun, nothing is
 * signed for it, so no new URL can read a file the deletion is removing or put one back.
 * The account's own routes still answer: they report on the deletion.
 */
export const refuseClosingAccounts =
  (jobs: Pick<DeletionJobs, 'get'>): Admit =>
  async (sub, route) => {
    if (ACCOUNT_ROUTES.includes(route)) return;
    if (await jobs.get(sub)) throw accountClosing();
  };
