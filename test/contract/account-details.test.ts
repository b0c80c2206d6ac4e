import {
  ACCOUNT_DETAIL_LIMITS,
  accountDetailsBeside,
  accountDetailsLine,
  accountDetailsProblem,
  uploadableFacts,
} from '../../contract/accounts/details';
import { accountFactsSchema } from '../../contract/api';

test("an account's details in one line, in the screens' words, leaving out what is not known", () => {
  expect(accountDetailsLine({ institution: 'First Harbor Bank', kind: 'current', currency: 'USD' })).toBe(
    'First Harbor Bank · current account · USD',
  );
  expect(accountDetailsLine({ institution: null, kind: 'card', currency: 'AUD' })).toBe('card · AUD');
  expect(accountDetailsLine({})).toBe('');
});

test('beside a name that holds the bank, the bank is not said again; another bank, or a name without one, still is', () => {
  const details = { institution: 'First Harbor Bank, N.A.', kind: 'card', currency: 'USD' };
  expect(accountDetailsBeside('First Harbor ••4821', details)).toBe('card · USD');
  expect(accountDetailsBeside('first harbor bank ••4821', { institution: 'First Harbor Bank' })).toBe('');
  expect(accountDetailsBeside('First National ••4821', details)).toBe('First Harbor Bank, N.A. · card · USD');
  expect(accountDetailsBeside('Card', details)).toBe('First Harbor Bank, N.A. · card · USD');
  // A name of generic words only ("Bank") names no institution.
  expect(accountDetailsBeside('Bank', { institution: 'Bank' })).toBe('Bank');
});

test('what a reading gives is sent only where the API keeps it: an institution too long to store is left out, not the file', () => {
  expect(uploadableFacts({ institution: ' Société Générale ', kind: 'current', currency: 'EUR' })).toEqual({
    institution: 'Société Générale',
    kind: 'current',
    currency: 'EUR',
  });
  const long = 'Banco '.repeat(20);
  expect(uploadableFacts({ institution: long, currency: 'EUR' })).toEqual({ currency: 'EUR' });
  // Within the characters but not the stored bytes (each character percent-encoded to nine).
  expect(uploadableFacts({ institution: '銀'.repeat(ACCOUNT_DETAIL_LIMITS.institutionMaxChars) })).toBeUndefined();
  expect(uploadableFacts({ currency: 'euro' })).toBeUndefined();
  expect(uploadableFacts(undefined)).toBeUndefined();
  // What it keeps, the API's schema takes; what it leaves out, the schema refuses.
  for (const facts of [{ institution: 'First Harbor Bank', kind: 'card' as const, currency: 'USD' }, { currency: 'EUR' }])
    expect(accountFactsSchema.safeParse(uploadableFacts(facts)).success).toBe(true);
  expect(accountFactsSchema.safeParse({ institution: long }).success).toBe(false);
  expect(accountFactsSchema.safeParse({ currency: 'euro' }).error?.issues[0].message).toBe(
    'accountFacts.currency must be an ISO 4217 code (USD)',
  );
  expect(accountFactsSchema.safeParse({ kind: 'checking' }).error?.issues[0].message).toMatch(
    /^accountFacts.kind must be one of current, savings/,
  );
});

test('what a person says an account is, checked in their words before it is sent; an empty detail clears it', () => {
  expect(accountDetailsProblem({ institution: 'Northwind Bank', kind: 'card', currency: 'USD' })).toBeUndefined();
  expect(accountDetailsProblem({ institution: '', kind: '', currency: '' })).toBeUndefined();
  // A long name in any script is kept in the table, not in metadata: only its characters count.
  expect(accountDetailsProblem({ institution: '銀'.repeat(ACCOUNT_DETAIL_LIMITS.institutionMaxChars) })).toBeUndefined();
  expect(accountDetailsProblem({ institution: 'x'.repeat(81) })).toBe("The institution's name must be at most 80 characters.");
  expect(accountDetailsProblem({ institution: 'Bank\u202e' })).toMatch(/must not contain control or direction-override characters/);
  expect(accountDetailsProblem({ kind: 'checking' })).toBe(
    'The kind must be one of: current account, savings account, card, brokerage account, loan.',
  );
  expect(accountDetailsProblem({ currency: 'usd' })).toBe('The currency is its three-letter code, in capitals (USD, EUR).');
});
