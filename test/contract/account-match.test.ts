import { accountIndex, matchAccount, type MatchableAccount } from '../../contract/accounts/match';
import { institutionWords, sameInstitution } from '../../contract/accounts/institution-names';
import type { AccountFacts, AccountIdentifier } from '../../contract/reading/account-numbers';

/**
 * Matching a file to a person's accounts: an identifier settles it, the institution and the
 * last four together do, the last four alone never merge two banks, and what the facts do
 * not settle is the person's to choose.
 */
const keyOf = (identifier: AccountIdentifier) => `key(${identifier.kind}:${identifier.value})`;

const ACCOUNTS: MatchableAccount[] = [
  { id: 'anz-card', institution: 'ANZ', last4: '1234', kind: 'card', identifierKeys: [keyOf({ kind: 'ofx', value: '4564123456781234' })] },
  { id: 'capital-one', institution: 'Capital One', last4: '1234', kind: 'card', identifierKeys: [] },
  { id: 'chase', institution: 'JPMorgan Chase Bank, N.A.', last4: '6789', kind: 'current', identifierKeys: [] },
  { id: 'giro', institution: 'Hausbank AG', last4: '3000', identifierKeys: [keyOf({ kind: 'iban', value: 'DE89370400440532013000' })] },
];
const index = accountIndex(ACCOUNTS);
const facts = (fields: Partial<AccountFacts>): AccountFacts => ({ last4: '0000', identifiers: [], from: 'a test', ...fields });

test('an identifier settles it, whatever the institution is called in the file', () => {
  const match = matchAccount(facts({ last4: '3000', identifiers: [{ kind: 'iban', value: 'DE89370400440532013000' }] }), index, keyOf);
  expect(match).toMatchObject({ kind: 'identifier', account: { id: 'giro' }, detail: 'its IBAN' });
});

test('the institution and the last four together match, however the name is written', () => {
  expect(matchAccount(facts({ last4: '6789', institution: 'Chase' }), index, keyOf)).toMatchObject({
    kind: 'institution and last four',
    account: { id: 'chase' },
  });
  expect(matchAccount(facts({ last4: '1234', institution: 'Capital One' }), index, keyOf)).toMatchObject({ account: { id: 'capital-one' } });
});

test('two cards ending in 1234 at two banks stay two; a third bank ending in 1234 is a new account', () => {
  expect(matchAccount(facts({ last4: '1234', institution: 'ANZ' }), index, keyOf)).toMatchObject({ account: { id: 'anz-card' } });
  expect(matchAccount(facts({ last4: '1234', institution: 'Barclaycard' }), index, keyOf)).toMatchObject({
    kind: 'new',
    detail: 'no account of yours is at Barclaycard ending in 1234',
  });
});

test('the last four alone, with no bank named, is offered for the person to choose, never taken', () => {
  const match = matchAccount(facts({ last4: '1234' }), index, keyOf);
  expect(match).toMatchObject({ kind: 'choose', detail: 'the file names no bank, and 2 accounts end in 1234' });
  expect(match.kind === 'choose' && match.candidates.map((account) => account.id)).toEqual(['anz-card', 'capital-one']);
});

test('nothing like it is a new account from the file', () => {
  expect(matchAccount(facts({ last4: '9999' }), index, keyOf)).toEqual({
    kind: 'new',
    facts: facts({ last4: '9999' }),
    detail: 'no account of yours is ending in 9999',
  });
});

test.each([
  ['JPMorgan Chase Bank, N.A.', 'Chase', true],
  ['ING-DiBa AG', 'ING', true],
  ['Banco Santander, S.A.', 'Santander', true],
  ['Société Générale', 'SOCIETE GENERALE', true],
  ['First Harbor Bank', 'First National Bank', false],
  ['Bank', 'Banque', false],
])('%s and %s are the same institution: %s', (a, b, same) => {
  expect(sameInstitution(a, b)).toBe(same);
});

test("an institution's distinctive words leave out legal forms and every bank's words", () => {
  expect(institutionWords('Banco de Sabadell, S.A.')).toEqual(['sabadell']);
  expect(institutionWords('Volksbank Mittelhessen eG')).toEqual(['volksbank', 'mittelhessen']);
});

test("an OFX's ORG written as the bank's domain is the bank", () => {
  expect(sameInstitution('ameritrade.com', 'TD Ameritrade')).toBe(true);
  expect(sameInstitution('fidelity.com', 'Fidelity Investments')).toBe(true);
  expect(sameInstitution('www.chase.com', 'Capital One')).toBe(false);
});
