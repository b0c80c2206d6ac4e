import { accountChain, chainVerdict, type ChainStatement } from '../../contract/accounts/chain';

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
