import { accountIndex, bankNameOf, keyedFacts, matchAccount, type KeyedFact, type MatchableAccount } from '../../contract/accounts/match';
import { institutionWords, sameInstitution } from '../../contract/accounts/institution-names';
import { bankCodesIn, ibanBankCode, type AccountFacts } from '../../contract/reading/account-numbers';

/**
 * Matching a file to a person's accounts: an identifier settles it, the institution and the
 * last four together do, the last four alone never merge two banks, and what the facts do
 * not settle is the person's to choose.
 */
const keyOf = (identifier: KeyedFact) => `key(${identifier.kind}:${identifier.value})`;

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
  expect(match).toMatchObject({ kind: 'identifier', account: { id: 'giro' }, detail: 'the account with this IBAN' });
});

test('the institution and the last four together match, however the name is written', () => {
  expect(matchAccount(facts({ last4: '6789', institution: 'Chase' }), index, keyOf)).toMatchObject({
    kind: 'institution and last four',
    account: { id: 'chase' },
  });
  expect(matchAccount(facts({ last4: '1234', institution: 'Capital One' }), index, keyOf)).toMatchObject({
    account: { id: 'capital-one' },
  });
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

describe('an account is its number at its bank', () => {
  const NUMBER = { kind: 'number' as const, value: '123456789' };
  const harbor: MatchableAccount = {
    id: 'Harbor Bank ••6789',
    institution: 'Harbor Bank',
    last4: '6789',
    identifierKeys: [keyOf(NUMBER), keyOf({ kind: 'bank', value: 'name:harbor' })],
  };
  const lakeside: MatchableAccount = {
    id: 'Lakeside Bank ••6789',
    institution: 'Lakeside Bank',
    last4: '6789',
    identifierKeys: [keyOf(NUMBER), keyOf({ kind: 'bank', value: 'name:lakeside' })],
  };
  const printed = (institution?: string) => facts({ last4: '6789', identifiers: [NUMBER], ...(institution ? { institution } : {}) });

  test('two banks, one number: each file goes to the account at its own bank, and says why', () => {
    const both = accountIndex([harbor, lakeside]);
    expect(matchAccount(printed('HARBOR BANK, N.A.'), both, keyOf)).toEqual({
      kind: 'identifier',
      account: harbor,
      detail: 'the account with this number at this bank',
    });
    expect(matchAccount(printed('Lakeside Bank'), both, keyOf)).toMatchObject({ kind: 'identifier', account: lakeside });
  });

  test('a number whose file names another bank than the only account with it: asked, with that account and a new one at the bank', () => {
    expect(matchAccount(printed('Lakeside Bank'), accountIndex([harbor]), keyOf)).toEqual({
      kind: 'choose',
      by: 'identifier',
      candidates: [harbor],
      bank: 'Lakeside Bank',
      detail: 'Harbor Bank ••6789 has this number, but this file is from Lakeside Bank',
    });
  });

  test('a number read without its bank: taken where exactly one account has it, and the proposal says so; asked where two do', () => {
    expect(matchAccount(printed(), accountIndex([harbor]), keyOf)).toEqual({
      kind: 'identifier',
      account: harbor,
      detail: 'the only account with this number; the file does not name its bank',
    });
    expect(matchAccount(printed(), accountIndex([harbor, lakeside]), keyOf)).toMatchObject({
      kind: 'choose',
      candidates: [harbor, lakeside],
      detail: 'Harbor Bank ••6789 and Lakeside Bank ••6789 have this number, and the file does not name its bank',
    });
  });

  test('a number the person filed under a name of their own is known at its bank by the bank fact filed with it', () => {
    const visa: MatchableAccount = { id: 'Visa', identifierKeys: [keyOf(NUMBER), keyOf({ kind: 'bank', value: 'name:harbor' })] };
    expect(matchAccount(printed('Harbor Bank'), accountIndex([visa, lakeside]), keyOf)).toMatchObject({
      kind: 'identifier',
      account: visa,
    });
  });

  test('two OFX files with one account id at two BANKIDs: never one account', () => {
    const first = facts({
      last4: '5678',
      identifiers: [{ kind: 'ofx', value: '160000100:12300000012345678' }],
      bankIds: [{ kind: 'ofx', value: '160000100' }],
    });
    const filed: MatchableAccount = {
      id: '••5678',
      last4: '5678',
      identifierKeys: keyedFacts(first).map(keyOf),
    };
    const index = accountIndex([filed]);
    // The same bank's file again: its bank and account id.
    expect(matchAccount(first, index, keyOf)).toMatchObject({
      kind: 'identifier',
      account: filed,
      detail: 'the account with this bank and account id',
    });
    // Another BANKID with an account id ending alike: asked, never merged, with a new account at that bank offered.
    const other = facts({
      last4: '5678',
      identifiers: [{ kind: 'ofx', value: 'NPBS:12345678' }],
      bankIds: [{ kind: 'ofx', value: 'NPBS' }],
    });
    expect(matchAccount(other, index, keyOf)).toEqual({
      kind: 'choose',
      by: 'last four',
      candidates: [filed],
      bank: 'Bank NPBS',
      detail: '••5678 ends in 5678, but this file is from Bank NPBS',
    });
    expect(bankNameOf(other)).toBe('Bank NPBS');
  });

  test("an IBAN's bank code names its bank: the same code and last four is the account at this bank, another code is not", () => {
    const iban = 'DE89370400440532013000';
    expect(ibanBankCode(iban)).toBe('DE37040044');
    const giro: MatchableAccount = { id: 'Giro', last4: '3000', identifierKeys: [keyOf({ kind: 'bank', value: 'iban:DE37040044' })] };
    const index = accountIndex([giro]);
    // A file whose IBAN was not filed with the account (its files named only the bank's code): its bank's code and last four.
    const sameBank = facts({ last4: '3000', identifiers: [{ kind: 'iban', value: iban }] });
    expect(keyedFacts(sameBank)).toEqual([
      { kind: 'iban', value: iban },
      { kind: 'bank', value: 'iban:DE37040044' },
    ]);
    expect(matchAccount(sameBank, index, keyOf)).toMatchObject({ kind: 'institution and last four', account: giro });
    // Another bank's IBAN ending alike (a valid one, at bank code 50010517): asked, never merged.
    const otherBank = facts({ last4: '3000', identifiers: [{ kind: 'iban', value: 'DE02500105170137075030' }] });
    expect(matchAccount({ ...otherBank, last4: '5030' }, index, keyOf)).toMatchObject({ kind: 'new' });
    const asked = matchAccount(otherBank, index, keyOf);
    expect(asked).toMatchObject({ kind: 'choose', by: 'last four', candidates: [giro] });
    // Its bank code is a piece of its number: never written in words.
    expect(JSON.stringify(asked)).not.toContain('50010517');
    expect(bankNameOf(otherBank)).toBeUndefined();
  });

  test('a number with nothing in the file naming a bank, when no account has it: a new account', () => {
    expect(matchAccount(printed(), accountIndex([]), keyOf)).toMatchObject({
      kind: 'new',
      detail: 'no account of yours is ending in 6789',
    });
  });

  test('a sort code, a routing number and a BSB printed on a statement name its bank', () => {
    expect(bankCodesIn('Sort code 20-00-00  Account number 12345678')).toEqual([{ kind: 'sort code', value: '200000' }]);
    expect(bankCodesIn('Routing number: 021000021')).toEqual([{ kind: 'routing number', value: '021000021' }]);
    expect(bankCodesIn('BSB 062-000 Account 1234 5678')).toEqual([{ kind: 'bsb', value: '062000' }]);
    expect(bankNameOf({ bankIds: [{ kind: 'sort code', value: '200000' }] })).toBe('Sort code 20-00-00');
  });
});
