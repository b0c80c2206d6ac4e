import { accountChain, chainVerdict, coveredDays, type ChainStatement } from '../../contract/accounts/chain';

/**
 * The chain of an account's statements: each pair decided from the days and balances the
 * files said, to the cent, whatever order they were filed in.
 */
let sequence = 0;
const statement = (from: string | null, to: string | null, opening?: number, closing?: number): ChainStatement => ({
  id: `01JD${String(++sequence).padStart(22, '0')}`,
  fileName: `${from ?? 'undated'}.pdf`,
  period: (to ?? '2024-01-01').slice(0, 7),
  balances: { from, to, ...(opening !== undefined ? { opening } : {}), ...(closing !== undefined ? { closing } : {}) },
});

const january = statement('2024-01-01', '2024-01-31', 100, 250.1);
const february = statement('2024-02-01', '2024-02-29', 250.1, 180.05);
const march = statement('2024-03-01', '2024-03-31', 180.05, 900);

test('days that follow on and a balance carried over to the cent are continuous', () => {
  expect(chainVerdict(january, february)).toEqual({ kind: 'continuous' });
  // 0.1 + 0.2 is not 0.3 in binary: balances are compared in cents.
  expect(chainVerdict(statement('2024-01-01', '2024-01-31', 0, 0.1 + 0.2), statement('2024-02-01', '2024-02-29', 0.3, 1))).toEqual({
    kind: 'continuous',
  });
});

test('a few days between two exports are no gap (no transaction fell on them): the balances decide', () => {
  const lastPayment = statement('2024-01-03', '2024-01-29', 100, 250.1);
  expect(chainVerdict(lastPayment, statement('2024-02-05', '2024-02-27', 250.1, 1))).toEqual({ kind: 'continuous' });
  expect(chainVerdict(lastPayment, statement('2024-02-07', '2024-02-27', 250.1, 1))).toMatchObject({ kind: 'missing', days: 8 });
  expect(chainVerdict(lastPayment, statement('2024-02-05', '2024-02-27', 250.2, 1))).toMatchObject({ kind: 'break', difference: 0.1 });
});

test('a gap in the days is a missing statement, with the days and what the balance did over them', () => {
  const may = statement('2024-05-01', '2024-05-31', 1000.5, 1200);
  expect(chainVerdict(march, may)).toEqual({ kind: 'missing', from: '2024-04-01', to: '2024-04-30', days: 30, moved: 100.5 });
  expect(chainVerdict(march, statement('2024-05-01', '2024-05-31'))).toEqual({
    kind: 'missing',
    from: '2024-04-01',
    to: '2024-04-30',
    days: 30,
  });
});

test('days that follow on with a balance that does not carry over are a break, with the amount', () => {
  expect(chainVerdict(january, statement('2024-02-01', '2024-02-29', 260.1, 1))).toEqual({
    kind: 'break',
    closing: 250.1,
    opening: 260.1,
    difference: 10,
  });
});

test('days covered twice are an overlap; the same days and balances twice are a duplicate', () => {
  expect(chainVerdict(january, statement('2024-01-25', '2024-02-24', 1, 2))).toEqual({ kind: 'overlap', days: 7 });
  expect(chainVerdict(january, statement('2024-01-01', '2024-01-31', 100, 250.1))).toEqual({ kind: 'duplicate' });
});

test('what was not read is named, and nothing is decided without it', () => {
  expect(chainVerdict(january, statement(null, null, 250.1, 1))).toEqual({ kind: 'unknown', lacking: ['the days undated.pdf covers'] });
  expect(chainVerdict(statement('2024-01-01', '2024-01-31', 1), statement('2024-02-01', '2024-02-29'))).toEqual({
    kind: 'unknown',
    lacking: ['the closing balance of 2024-01-01.pdf', 'the opening balance of 2024-02-01.pdf'],
  });
});

test('the chain is read in the order of the days, whatever order the statements came in, and says its state', () => {
  const chain = accountChain([march, january, february]);
  expect(chain.links.map((link) => [link.statement.id, link.verdict.kind])).toEqual([
    [january.id, 'first'],
    [february.id, 'continuous'],
    [march.id, 'continuous'],
  ]);
  expect(chain).toMatchObject({ state: 'continuous', from: '2024-01-01', to: '2024-03-31' });
  expect(accountChain([january, march]).state).toBe('gaps');
  expect(accountChain([january, statement('2024-02-01', '2024-02-29', 1, 2)]).state).toBe('breaks');
  expect(accountChain([january, statement(null, null)]).state).toBe('unchecked');
  expect(accountChain([statement(null, null)]).state).toBe('unchecked');
  // One statement alone follows nothing: it is neither continuous nor not.
  expect(accountChain([january]).state).toBe('single');
  expect(accountChain([]).state).toBe('empty');
  expect(accountChain([january, march, february, statement('2024-05-01', '2024-05-31', 1, 2)]).counts).toMatchObject({
    first: 1,
    continuous: 2,
    missing: 1,
  });
});

describe('exports, whose days are those of their first and last transaction', () => {
  const exported = (period: string, from: string, to: string, opening: number, closing: number, entered?: string[]): ChainStatement => ({
    ...statement(from, to, opening, closing),
    fileName: `${period}.csv`,
    period,
    contentType: 'text/csv',
    ...(entered ? { balances: { from, to, opening, closing, entered } } : {}),
  });

  test("an export whose transactions fall in its month covers that month: December's, last paid on the 15th, is followed by January's", () => {
    const december = exported('2025-12', '2025-12-02', '2025-12-15', 100, 180);
    const january = exported('2026-01', '2026-01-03', '2026-01-28', 180, 90);
    expect(coveredDays(december)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(chainVerdict(december, january)).toEqual({ kind: 'continuous' });
    // A statement that prints its days (a PDF's "2 to 15 December") keeps them: its second half may be another statement.
    expect(coveredDays({ ...december, contentType: 'application/pdf' })).toEqual({ from: '2025-12-02', to: '2025-12-15' });
    // Days the person entered are theirs; an export over two months keeps its own.
    expect(coveredDays(exported('2025-12', '2025-12-02', '2025-12-15', 100, 180, ['to']))).toEqual({
      from: '2025-12-02',
      to: '2025-12-15',
    });
    expect(coveredDays(exported('2025-12', '2025-11-20', '2025-12-15', 100, 180))).toEqual({ from: '2025-11-20', to: '2025-12-15' });
  });

  test('quiet weeks between two exports whose balance did not move are no missing statement; a balance that moved over them is', () => {
    const october = exported('2025-10', '2025-10-01', '2025-10-31', 100, 180);
    const december = exported('2025-12', '2025-12-01', '2025-12-31', 180, 90);
    expect(chainVerdict(october, december)).toEqual({ kind: 'continuous' });
    expect(chainVerdict(october, { ...december, balances: { ...december.balances, opening: 175 } })).toMatchObject({
      kind: 'missing',
      days: 30,
      moved: -5,
    });
    // Between two statements that print their days, a month is missing, whatever the balance did.
    expect(chainVerdict({ ...october, contentType: 'application/pdf' }, december)).toMatchObject({ kind: 'missing', moved: 0 });
  });
});
