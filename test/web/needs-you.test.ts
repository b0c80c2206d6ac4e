import { accountChain } from '../../contract/accounts/chain';
import { expectedStatements } from '../../contract/accounts/expected';
import type { AccountSchedule } from '../../contract/accounts/schedule';
import { coverageGrid } from '../../web/lib/coverage';
import { needsYou, type AccountChecks } from '../../web/lib/needs-you';

/** A monthly statement of `period` that ends on its last day and arrives four days later, with its balances. */
const statement = (id: string, period: string, opening: number, closing: number) => {
  const [year, month] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const arrived = new Date(Date.UTC(year, month, 4)).toISOString();
  return {
    id,
    fileName: `${period}.pdf`,
    period,
    uploadedAt: arrived,
    balances: { from: `${period}-01`, to: last, opening, closing, currency: 'USD' },
  };
};

const checksOf = (statements: ReturnType<typeof statement>[], today: string, schedule: AccountSchedule = {}): AccountChecks => ({
  chain: accountChain(statements),
  expectation: expectedStatements(
    statements.map((one) => ({ period: one.period, to: one.balances.to, filedAt: one.uploadedAt })),
    schedule,
    today,
  ),
});

const cells = (accountKey: string, statements: ReturnType<typeof statement>[]) =>
  statements.map((one) => ({ accountKey, period: one.period, statementIds: [one.id] }));

test('a late statement is listed once: as late, not also as a missing month', () => {
  const today = '2027-06-20';
  // January to April filed; May's ended May 31 and usually arrives June 4, so it is late from June 11.
  const checking = ['2027-01', '2027-02', '2027-03', '2027-04'].map((period, index) =>
    statement(`c${index}`, period, index * 10, index * 10 + 10),
  );
  const rows = coverageGrid(cells('checking', checking), [{ accountKey: 'checking', label: 'Checking' }], today.slice(0, 7));
  expect(rows[0].missingPeriods).toEqual(['2027-05']);
  const needs = needsYou(rows, new Map([['checking', checksOf(checking, today)]]));
  expect(needs.accounts).toHaveLength(1);
  expect(needs.accounts[0].late.map((late) => late.period)).toEqual(['2027-05']);
  expect(needs.accounts[0].missing).toEqual([]);
  expect(needs.accounts[0].breaks).toEqual([]);
  expect(needs.total).toBe(1);
});

test('missing months of an archive, a balance that does not carry over and files by mail are each counted; an account with nothing to do is left out', () => {
  const today = '2027-03-10';
  // A closed account's archive: 2026's January, February and April (March never came).
  const savings = [statement('s1', '2026-01', 0, 100), statement('s2', '2026-02', 100, 150), statement('s4', '2026-04', 155, 200)];
  const steady = ['2027-01', '2027-02'].map((period, index) => statement(`t${index}`, period, index, index + 1));
  const rows = coverageGrid(
    [...cells('savings', savings), ...cells('steady', steady)],
    [
      { accountKey: 'savings', label: 'Savings', closedAfter: '2026-04' },
      { accountKey: 'steady', label: 'Steady' },
    ],
    today.slice(0, 7),
  );
  const needs = needsYou(
    rows,
    new Map([
      // Closed after April: nothing is expected after it, so May onwards are not late.
      ['savings', checksOf(savings, today, { closedAfter: '2026-04' })],
      ['steady', checksOf(steady, today)],
    ]),
    { count: 2, more: false },
  );
  expect(needs.accounts.map((account) => account.label)).toEqual(['Savings']);
  expect(needs.accounts[0].missing).toEqual(['2026-03']);
  expect(needs.accounts[0].late).toEqual([]);
  // Closed, so nothing stopped: nothing was expected after April.
  expect(needs.accounts[0].stoppedAfter).toBeUndefined();
  // Feb to Apr is a gap in the days (a missing month, already listed), not a break.
  expect(needs.accounts[0].breaks).toEqual([]);
  expect(needs.arrived).toEqual({ count: 2, more: false });
  expect(needs.total).toBe(3);
});

test('a balance break names its statement; an account whose checks were not read is said, not taken as fine', () => {
  const today = '2027-03-10';
  const card = [statement('v1', '2027-01', 0, 100), statement('v2', '2027-02', 90, 120)];
  const rows = coverageGrid(
    [...cells('card', card), ...cells('other', [statement('o1', '2027-02', 0, 1)])],
    [
      { accountKey: 'card', label: 'Card' },
      { accountKey: 'other', label: 'Other' },
    ],
    today.slice(0, 7),
  );
  const needs = needsYou(rows, new Map([['card', checksOf(card, today)]]));
  expect(needs.accounts[0].breaks).toEqual([
    expect.objectContaining({ statementId: 'v2', period: '2027-02', verdict: expect.objectContaining({ kind: 'break', difference: -10 }) }),
  ]);
  expect(needs.unread).toEqual(['Other']);
  expect(needs.arrived).toBeUndefined();
  expect(needs.total).toBe(1);
});

test('a share still open that ends within two days is listed, soonest first; one ended, taken back or further off is not', () => {
  const now = new Date('2027-03-10T12:00:00Z');
  const share = (shareId: string, expiresAt: string, state: 'active' | 'expired' | 'revoked' = 'active') => ({
    shareId,
    createdAt: '2027-03-01T00:00:00Z',
    expiresAt,
    state,
    statementCount: 2,
    opens: 0,
  });
  const needs = needsYou(
    [],
    new Map(),
    undefined,
    [
      share('later', '2027-03-12T11:00:00Z'),
      share('soon', '2027-03-10T13:00:00Z'),
      share('week', '2027-03-17T12:00:00Z'),
      share('gone', '2027-03-10T11:00:00Z'),
      share('revoked', '2027-03-10T18:00:00Z', 'revoked'),
    ],
    now,
  );
  expect(needs.endingShares.map((one) => one.shareId)).toEqual(['soon', 'later']);
  expect(needs.total).toBe(2);
});
