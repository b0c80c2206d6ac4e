import { formatCount } from '@contract/format';
import type { StatementSort } from '@contract/graphql-schema.generated';
import { PERIOD_PATTERN, STATEMENT_PAGE_SIZE, STATEMENT_SORT, TEXT_LIMITS } from '@contract/uploads';
import { PAGES } from './routes';

/**
 * What the statements page shows lives in its URL (`/statements?account=…&period=…&after=…`),
 * so the server renders exactly that view, a link or a reload shows it again, and Back
 * goes to the previous view. `after` repeats, one page token per page turned, so
 * "Previous page" is the same URL without the last one.
 */
export interface StatementListQuery {
  period: string;
  account: string;
  /** Page tokens of the pages turned so far; the last one is where this page starts. */
  after: string[];
  /** Statements per page, one of `STATEMENT_PAGE_SIZE.choices`; the default when left out. */
  size?: number;
  /** The list's order; the default (period newest first) when left out. */
  sort?: StatementSort;
}

/** Each order as the URL writes it (`?sort=uploaded-newest`) and as the page says it; the default is left out of the URL. */
export const SORTS: Record<StatementSort, { param: string; words: string }> = {
  PERIOD_NEWEST: { param: '', words: 'Newest period first' },
  PERIOD_OLDEST: { param: 'period-oldest', words: 'Oldest period first' },
  UPLOADED_NEWEST: { param: 'uploaded-newest', words: 'Newest upload first' },
  UPLOADED_OLDEST: { param: 'uploaded-oldest', words: 'Oldest upload first' },
};

/** The order a view asks for. */
export const sortOf = (query: Pick<StatementListQuery, 'sort'>): StatementSort => query.sort ?? STATEMENT_SORT.default;

/** The page size a view asks for. */
export const pageSizeOf = (query: Pick<StatementListQuery, 'size'>): number => query.size ?? STATEMENT_PAGE_SIZE.default;

/** The upload panel's element id: a link ending in `#upload` lands on it, its fields set to the view's account and period. */
export const UPLOAD_SECTION_ID = 'upload';

/** How many pages the URL remembers; beyond that, "Previous page" starts over from the first. */
const MAX_PAGES_REMEMBERED = 50;
/** AppSync's page tokens are opaque and short; anything longer did not come from it. */
const MAX_TOKEN_CHARS = 4096;

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** Reads the view from the URL; anything malformed is ignored rather than sent on. */
export const parseStatementListQuery = (params: SearchParams): StatementListQuery => {
  const period = first(params.period);
  const account = first(params.account).trim();
  const after = [params.after ?? []]
    .flat()
    .filter((token) => token.length > 0 && token.length <= MAX_TOKEN_CHARS)
    .slice(-MAX_PAGES_REMEMBERED);
  const size = Number(first(params.size));
  const sort = (Object.keys(SORTS) as StatementSort[]).find((key) => SORTS[key].param && SORTS[key].param === first(params.sort));
  return {
    period: PERIOD_PATTERN.test(period) ? period : '',
    account: account.length <= TEXT_LIMITS.accountLabelMaxChars ? account : '',
    after,
    ...((STATEMENT_PAGE_SIZE.choices as readonly number[]).includes(size) && size !== STATEMENT_PAGE_SIZE.default ? { size } : {}),
    ...(sort ? { sort } : {}),
  };
};

/** The page's URL for a view. */
export const statementListHref = ({ period, account, after, size, sort }: StatementListQuery): string => {
  const query = new URLSearchParams();
  if (account) query.set('account', account);
  if (period) query.set('period', period);
  if (size && size !== STATEMENT_PAGE_SIZE.default) query.set('size', String(size));
  if (sort && SORTS[sort].param) query.set('sort', SORTS[sort].param);
  for (const token of after) query.append('after', token);
  const search = query.toString();
  return search ? `${PAGES.statements}?${search}` : PAGES.statements;
};

/** The GraphQL filter of a view. */
export const statementFilter = ({ period, account }: StatementListQuery) => ({
  ...(period ? { period } : {}),
  ...(account ? { accountLabel: account } : {}),
});

/** What the summaries say of how many statements a view lists, where they say it (not for an account in one month). */
export const listedTotal = (
  { period, account }: StatementListQuery,
  summaries: {
    periods: readonly { period: string; count: number }[];
    accounts: readonly { label: string; count: number }[];
    usage: { statements: number; deletedStatements: number };
  },
): number | undefined => {
  if (period && account) return undefined;
  if (period) return summaries.periods.find((summary) => summary.period === period)?.count ?? 0;
  if (account) return summaries.accounts.find((summary) => summary.label === account)?.count;
  return summaries.usage.statements - summaries.usage.deletedStatements;
};

/** Where this page is in the list: "21–25 of 25", or "21–25" where the total is not known. */
export const positionInWords = (query: StatementListQuery, shown: number, total?: number): string => {
  if (shown === 0) return total === undefined ? '' : `0 of ${formatCount(total)}`;
  const from = query.after.length * pageSizeOf(query) + 1;
  const to = from + shown - 1;
  const range = `${formatCount(from)}–${formatCount(to)}`;
  // A total the summaries have not caught up with (a statement listed a moment ago) is not shown below what is on screen.
  return total === undefined ? range : `${range} of ${formatCount(Math.max(total, to))}`;
};
