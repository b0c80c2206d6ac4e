import { TABLE_KEYS, accountKeyOf, compareStatementOrder, type Statement } from '../../../contract';
import { expectedSummaries } from '../../../lambda/catalogue/summaries';
import type { RecordStore } from '../../../lambda/shared/records';
import type { LocalTable } from './dynamo-table';
import { listCopies } from './list-copies';

/**
 * Lists and summaries against the records: every list partition of these accounts and
 * periods holds exactly its records, each summary and coverage cell their totals, and the
 * quota what is kept (Recently deleted included, and counted apart).
 */
export const expectListsExact = async (table: LocalTable, store: RecordStore, who: string, accounts: string[], periods: string[]) => {
  const listItems = (partition: string, layout: 'legacy' | 'ordered' = 'legacy') => listCopies(table, partition, layout);
  const listIds = async (partition: string): Promise<string[]> => (await listItems(partition)).map((item) => item.id);
  const orderedItems = (partition: string) => listItems(partition, 'ordered');
  const records = await store.ownerRecords(who);
  const statements = records.statements.filter((one) => one.listed);
  const expected = expectedSummaries(statements, [], records.deleted);
  expect(records.summaries.quota ?? { statements: 0, bytes: 0, deletedStatements: 0, deletedBytes: 0 }).toMatchObject({
    statements: expected.quota.statements,
    bytes: expected.quota.bytes,
    deletedStatements: expected.quota.deletedStatements,
    deletedBytes: expected.quota.deletedBytes,
  });
  expect(new Map([...records.summaries.accounts].map(([key, totals]) => [key, { count: totals.count, bytes: totals.bytes }]))).toEqual(
    new Map([...expected.accounts].map(([key, totals]) => [key, { count: totals.count, bytes: totals.bytes }])),
  );
  expect(new Map([...records.summaries.periods].map(([key, totals]) => [key, { count: totals.count, bytes: totals.bytes }]))).toEqual(
    new Map([...expected.periods].map(([key, totals]) => [key, { count: totals.count, bytes: totals.bytes }])),
  );
  // Coverage: each account in each period, with exactly its statements' ids.
  expect(
    new Map([...records.summaries.coverage].map(([key, cell]) => [key, { count: cell.count, bytes: cell.bytes, ids: cell.ids }])),
  ).toEqual(new Map([...expected.coverage].map(([key, cell]) => [key, { count: cell.count, bytes: cell.bytes, ids: cell.ids }])));
  const newestFirst = (ones: Statement[]) => ones.map((one) => one.id).sort((a, b) => (a < b ? 1 : -1));
  // Once the owner's lists read in order, every ordered partition holds exactly its records, as they are now.
  if (records.listsOrdered) {
    const inOrder = (ones: Statement[]) =>
      [...ones]
        .sort(compareStatementOrder)
        .map(({ id, fileName, accountLabel, period, status }) => ({ id, fileName, accountLabel, period, status }));
    expect(await orderedItems(TABLE_KEYS.allList(who))).toEqual(inOrder(statements));
    for (const period of periods)
      expect(await orderedItems(TABLE_KEYS.periodList(who, period))).toEqual(inOrder(statements.filter((one) => one.period === period)));
    for (const key of new Set(accounts.map(accountKeyOf))) {
      const mine = statements.filter((one) => accountKeyOf(one.accountLabel) === key);
      expect(await orderedItems(TABLE_KEYS.accountList(who, key))).toEqual(inOrder(mine));
      for (const period of periods)
        expect(await orderedItems(TABLE_KEYS.accountPeriodList(who, key, period))).toEqual(
          inOrder(mine.filter((one) => one.period === period)),
        );
    }
  }
  for (const period of periods)
    expect(await listIds(TABLE_KEYS.periodList(who, period))).toEqual(newestFirst(statements.filter((one) => one.period === period)));
  for (const account of accounts) {
    const key = accountKeyOf(account);
    const mine = statements.filter((one) => accountKeyOf(one.accountLabel) === key);
    expect(await listIds(TABLE_KEYS.accountList(who, key))).toEqual(newestFirst(mine));
    for (const period of periods)
      expect(await listIds(TABLE_KEYS.accountPeriodList(who, key, period))).toEqual(
        newestFirst(mine.filter((one) => one.period === period)),
      );
  }
};
