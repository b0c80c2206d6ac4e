import { PERIOD_PATTERN, TEXT_LIMITS } from '@contract/uploads';
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
}

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
  return {
    period: PERIOD_PATTERN.test(period) ? period : '',
    account: account.length <= TEXT_LIMITS.accountLabelMaxChars ? account : '',
    after,
  };
};

/** The page's URL for a view. */
export const statementListHref = ({ period, account, after }: StatementListQuery): string => {
  const query = new URLSearchParams();
  if (account) query.set('account', account);
  if (period) query.set('period', period);
  for (const token of after) query.append('after', token);
  const search = query.toString();
  return search ? `${PAGES.statements}?${search}` : PAGES.statements;
};

/** The GraphQL filter of a view. */
export const statementFilter = ({ period, account }: StatementListQuery) => ({
  ...(period ? { period } : {}),
  ...(account ? { accountLabel: account } : {}),
});
