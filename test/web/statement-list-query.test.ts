import { parseStatementListQuery, statementFilter, statementListHref } from '../../web/lib/statement-list-query';

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
