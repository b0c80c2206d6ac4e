import { accountChain, type ChainStatement } from '../../contract/accounts/chain';
import { CHAIN_STATE_WORDS, chainSummary, verdictWords } from '../../contract/accounts/chain-words';

/** The chain in the words the account page says it with. */
let sequence = 0;
const statement = (from: string, to: string, opening: number, closing: number): ChainStatement => ({
  id: `01JD${String(++sequence).padStart(22, '0')}`,
  fileName: `${from}.pdf`,
  period: to.slice(0, 7),
  balances: { from, to, opening, closing, currency: 'EUR' },
});

test('a continuous chain says so in one sentence', () => {
  const chain = accountChain([
    statement('2024-01-01', '2024-01-31', 100, 200),
    statement('2024-02-01', '2024-02-29', 200, 300),
    statement('2024-03-01', '2024-03-31', 300, 400),
  ]);
  expect(chainSummary(chain)).toBe(
    'Continuous from Jan 2024 to Mar 2024: 3 statements, every closing balance matches the next opening balance.',
  );
});

test('a chain with a missing month and a break names both, and each verdict says its days and amounts', () => {
  const chain = accountChain([
    statement('2024-01-01', '2024-01-31', 100, 200),
    statement('2024-02-01', '2024-02-29', 210.5, 300),
    statement('2024-04-01', '2024-04-30', 350, 400),
  ]);
  expect(chainSummary(chain)).toBe('Not continuous: 3 statements from Jan 2024 to Apr 2024, with 1 missing statement and 1 balance break.');
  expect(verdictWords(chain.links[1].verdict, 'EUR')).toBe('It opens at €210.50, but the one before closed at €200.00 (€10.50 apart).');
  expect(verdictWords(chain.links[2].verdict, 'EUR')).toBe(
    'No statement covers Mar 1 – Mar 31, 2024 (31 days). The balance changed by €50.00 over those days.',
  );
});

test('one statement alone is not called continuous: there is nothing to compare it with', () => {
  const chain = accountChain([statement('2024-01-01', '2024-01-31', 100, 200)]);
  expect(chain.state).toBe('single');
  expect(chainSummary(chain)).toBe('One statement in Jan 2024: nothing to compare it with yet.');
  expect(CHAIN_STATE_WORDS[chain.state]).toBe('One statement');
  const undated: ChainStatement = { id: '01JD0000000000000000000099', fileName: 'scan.pdf', period: '2024-05' };
  expect(chainSummary(accountChain([undated]))).toBe('One statement: the days it covers are not read. Enter them on the statement.');
});
