import { coverageGrid } from '../../web/lib/coverage';

const cell = (accountKey: string, period: string, ...statementIds: string[]) => ({ accountKey, period, statementIds });

test('a quarterly and a closed account have no false gaps; a monthly one has its gaps listed oldest first', () => {
  const rows = coverageGrid(
    [
      ...['2024-02', '2024-05', '2024-08'].map((period, index) => cell('brokerage', period, `b${index}`)),
      ...['2021-01', '2021-02', '2021-03'].map((period, index) => cell('old card', period, `o${index}`)),
      cell('checking', '2024-06', 'c0'),
      cell('checking', '2024-07', 'c1'),
      cell('checking', '2024-09', 'c2'),
      cell('one-off', '2009-05', 'x'),
    ],
    [
      { accountKey: 'brokerage', label: 'Brokerage', cadence: 'QUARTERLY' },
      { accountKey: 'old card', label: 'Old card', closedAfter: '2021-03' },
      { accountKey: 'checking', label: 'Checking' },
      { accountKey: 'one-off', label: 'One-off' },
    ],
    '2024-10',
  );
  expect(rows.map((row) => [row.label, row.filed, row.missing, row.missingPeriods])).toEqual([
    ['Brokerage', 3, 0, []],
    ['Old card', 3, 0, []],
    ['Checking', 3, 1, ['2024-08']],
    // One statement from 2009 says nothing of how often they come: no years of gaps until the person says.
    ['One-off', 0, 0, []],
  ]);
  // The closed account's grid is its one year; its months after closing are outside, not missing.
  const old = rows[1];
  expect(old.years.map((year) => year.year)).toEqual([2021]);
  expect(old.years[0].months.slice(3).every((month) => month.kind === 'outside')).toBe(true);
  // A quarter's months without its statement are between, not missing.
  expect(rows[0].years[0].months.slice(1, 4).map((month) => month.kind)).toEqual(['filed', 'between', 'between']);
  // The checking account's cadence is read from its three statements' months.
  expect(rows[2]).toMatchObject({ cadence: 'MONTHLY', cadenceSource: { from: 'statements', statements: 3 } });
  expect(rows[2].years[0].months[7]).toEqual({ period: '2024-08', kind: 'missing' });
  expect(rows[3]).toMatchObject({ cadence: undefined, cadenceSource: { from: 'unknown' }, filedMonths: 1 });
  expect(rows[3].years.at(-1)!.months[4]).toMatchObject({ kind: 'filed' });
});

test('an account is found by its key, whatever its name says', () => {
  const [row] = coverageGrid([cell('checking', '2024-01', 'x')], [{ accountKey: 'checking', label: 'Main account' }], '2024-01');
  expect(row).toMatchObject({ key: 'checking', label: 'Main account', filedMonths: 1 });
});

test('a cell whose account is not listed yet still shows, under its key', () => {
  const [row] = coverageGrid([cell('new', '2024-01', 'x')], [], '2024-01');
  expect(row).toMatchObject({ key: 'new', label: 'new', filed: 0, missing: 0, filedMonths: 1 });
});

test("each row says what its account is, where anything says it, in the screens' words", () => {
  const rows = coverageGrid(
    [cell('visa', '2024-01', 'v'), cell('savings', '2024-01', 's')],
    [
      { accountKey: 'visa', label: 'Visa', institution: 'Northwind Bank', kind: 'card', currency: 'USD' },
      { accountKey: 'savings', label: 'Savings' },
    ],
    '2024-01',
  );
  expect(rows.map((row) => [row.label, row.details])).toEqual([
    ['Visa', 'Northwind Bank · card · USD'],
    ['Savings', ''],
  ]);
});
