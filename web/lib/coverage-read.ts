import { COVERAGE } from '@/lib/graphql';
import { serverPages } from '@/lib/server-graphql';
import type { ServerSession } from '@/lib/server-session';

/** Pages a view reads at most: each holds COVERAGE_PAGE_CELLS cells (25 accounts over 15 years), more than most vaults have in all. */
const MAX_PAGES = 20;

/** Every coverage cell and the accounts with their schedules, page after page (one page for nearly everyone); undefined when the API did not answer. */
export const readCoverage = async (session: ServerSession) => {
  const pages = await serverPages(session, COVERAGE, (data) => data.coverage.nextToken, MAX_PAGES);
  return pages && { cells: pages.flatMap((data) => data.coverage.cells), accounts: pages.at(-1)!.accounts };
};
