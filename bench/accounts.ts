/**
 * `npm run bench`, matching a file to accounts: a person's 500 accounts (40 institutions,
 * the last four digits shared across banks as cards' are), indexed, and a file's account
 * matched against them, by identifier, by institution and last four, and by last four
 * alone; against one account in the same run as the baseline. The goal: under 5 ms with
 * the index built for the file, so a batch of files is matched as fast as it is chosen.
 */
import { accountIndex, matchAccount, type KeyedFact, type MatchableAccount } from '../contract/accounts/match';
import type { AccountFacts } from '../contract/reading/account-numbers';
import { medianMs } from './measure';

const RUNS = 201;
const keyOf = (identifier: KeyedFact) => `${identifier.kind}:${identifier.value}`;

const accounts = (count: number): MatchableAccount[] =>
  Array.from({ length: count }, (_, n) => ({
    id: `account-${n}`,
    institution: `Institution ${n % 40} Bank`,
    last4: String(1000 + (n % 97)),
    identifierKeys: [keyOf({ kind: 'iban', value: `DE${String(n).padStart(20, '0')}` })],
  }));

const FILES: [string, AccountFacts][] = [
  ['identifier', { last4: '1042', identifiers: [{ kind: 'iban', value: `DE${String(431).padStart(20, '0')}` }], from: 'bench' }],
  ['institution and last four', { last4: '1010', institution: 'Institution 10 Bank', identifiers: [], from: 'bench' }],
  ['last four alone', { last4: '1010', identifiers: [], from: 'bench' }],
];

const main = () => {
  console.log(`Matching a file to accounts (Node ${process.version}, median of ${RUNS}, the index built for each file)`);
  const many = accounts(500);
  const one = accounts(1);
  for (const [label, facts] of FILES) {
    const baseline = medianMs(RUNS, () => matchAccount(facts, accountIndex(one), keyOf));
    const ms = medianMs(RUNS, () => matchAccount(facts, accountIndex(many), keyOf));
    const kind = matchAccount(facts, accountIndex(many), keyOf).kind;
    console.log(
      `  ${label.padEnd(26)} 500 accounts ${ms.toFixed(3)} ms (goal < 5 ms: ${ms < 5 ? 'met' : 'NOT met'}), ` +
        `${(ms / baseline).toFixed(1)}x one account's ${baseline.toFixed(3)} ms; matched as "${kind}"`,
    );
  }
};

main();
