import {
  listedTotal,
  parseStatementListQuery,
  positionInWords,
  statementFilter,
  statementListHref,
} from '../../web/lib/statement-list-query';

describe("the statements page's view in its URL", () => {
  test('a view goes into the URL and comes back out the same, page tokens in order', () => {
    const view = { account: 'Checking ••1234', period: '2024-01', after: ['first token', 'second/token+='] };
    const href = statementListHref(view);
    expect(href.startsWith('/statements?')).toBe(true);
    const query = Object.fromEntries(
      [...new URLSearchParams(href.split('?')[1]).keys()].map((key) => [key, new URLSearchParams(href.split('?')[1]).getAll(key)]),
    );
    expect(parseStatementListQuery(query)).toEqual(view);
  });

  test('the whole list, first page, is the bare path', () => {
    expect(statementListHref({ account: '', period: '', after: [] })).toBe('/statements');
    expect(parseStatementListQuery({})).toEqual({ account: '', period: '', after: [] });
  });

  test('what is malformed is dropped, not sent on to AppSync', () => {
    expect(parseStatementListQuery({ period: '2024-13', account: 'x'.repeat(65), after: ['', 'y'.repeat(5000)] })).toEqual({
      period: '',
      account: '',
      after: [],
    });
    // A repeated filter parameter counts once; the account is trimmed as the API trims it.
    expect(parseStatementListQuery({ period: ['2023-12', '2024-01'], account: '  Savings ' })).toMatchObject({
      period: '2023-12',
      account: 'Savings',
    });
  });

  test('a page size is one a person can choose, and only a size other than the default is in the URL', () => {
    const view = { account: '', period: '', after: ['t'], size: 50 };
    expect(statementListHref(view)).toBe('/statements?size=50&after=t');
    expect(parseStatementListQuery({ size: '50', after: 't' })).toEqual(view);
    for (const size of ['20', '7', '1000', 'x', ''])
      expect(parseStatementListQuery({ size })).toEqual({ account: '', period: '', after: [] });
    expect(statementListHref({ account: '', period: '', after: [], size: 20 })).toBe('/statements');
  });

  test('an order other than the default is in the URL by its own word; anything else is the default', () => {
    const view = { account: 'Savings', period: '', after: [], sort: 'UPLOADED_OLDEST' as const };
    expect(statementListHref(view)).toBe('/statements?account=Savings&sort=uploaded-oldest');
    expect(parseStatementListQuery({ account: 'Savings', sort: 'uploaded-oldest' })).toEqual(view);
    expect(parseStatementListQuery({ sort: 'period-oldest' }).sort).toBe('PERIOD_OLDEST');
    expect(parseStatementListQuery({ sort: 'uploaded-newest' }).sort).toBe('UPLOADED_NEWEST');
    // The default, the API's own names and anything unknown leave the order out.
    for (const sort of ['', 'PERIOD_OLDEST', 'name', 'period-newest'])
      expect(parseStatementListQuery({ sort })).toEqual({ account: '', period: '', after: [] });
    expect(statementListHref({ account: '', period: '', after: [], sort: 'PERIOD_NEWEST' })).toBe('/statements');
  });

  test('the URL remembers at most 50 pages turned, the latest ones', () => {
    const after = Array.from({ length: 60 }, (_, page) => `token-${page}`);
    expect(parseStatementListQuery({ after }).after).toEqual(after.slice(10));
  });

  test('the GraphQL filter names only what is chosen', () => {
    expect(statementFilter({ account: '', period: '', after: [] })).toEqual({});
    expect(statementFilter({ account: 'Savings', period: '2023-12', after: ['t'] })).toEqual({
      accountLabel: 'Savings',
      period: '2023-12',
    });
  });
});

describe('where a page is in the list', () => {
  const summaries = {
    periods: [
      { period: '2024-02', count: 3 },
      { period: '2024-01', count: 22 },
    ],
    accounts: [{ label: 'Savings', count: 41 }],
    usage: { statements: 27, deletedStatements: 2 },
  };
  test('the total is what the summaries count for the view: listed, not in Recently deleted', () => {
    expect(listedTotal({ account: '', period: '', after: [] }, summaries)).toBe(25);
    expect(listedTotal({ account: '', period: '2024-01', after: [] }, summaries)).toBe(22);
    expect(listedTotal({ account: '', period: '2023-12', after: [] }, summaries)).toBe(0);
    expect(listedTotal({ account: 'Savings', period: '', after: [] }, summaries)).toBe(41);
    expect(listedTotal({ account: 'Savings', period: '2024-01', after: [] }, summaries)).toBeUndefined();
  });
  test('the position counts the pages turned at this page size', () => {
    expect(positionInWords({ account: '', period: '', after: [] }, 20, 25)).toBe('1–20 of 25');
    expect(positionInWords({ account: '', period: '', after: ['a'] }, 5, 25)).toBe('21–25 of 25');
    expect(positionInWords({ account: '', period: '', after: ['a', 'b'], size: 50 }, 50, 1200)).toBe('101–150 of 1,200');
    expect(positionInWords({ account: 'Savings', period: '2024-01', after: [] }, 3)).toBe('1–3');
    expect(positionInWords({ account: '', period: '', after: [] }, 0, 0)).toBe('0 of 0');
    // Listed a moment before the summaries counted it.
    expect(positionInWords({ account: '', period: '', after: [] }, 4, 3)).toBe('1–4 of 4');
  });
});
