import { ACCOUNT_DETAIL_LIMITS, accountDetailsLine, uploadableFacts } from '../../contract/accounts/details';
import { accountFactsSchema } from '../../contract/api';

test("an account's details in one line, in the screens' words, leaving out what is not known", () => {
  expect(accountDetailsLine({ institution: 'First Harbor Bank', kind: 'current', currency: 'USD' })).toBe(
    'First Harbor Bank · current account · USD',
  );
  expect(accountDetailsLine({ institution: null, kind: 'card', currency: 'AUD' })).toBe('card · AUD');
  expect(accountDetailsLine({})).toBe('');
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
  expect(accountFactsSchema.safeParse({ currency: 'euro' }).error?.issues[0].message).toBe('accountFacts.currency must be an ISO 4217 code (USD)');
  expect(accountFactsSchema.safeParse({ kind: 'checking' }).error?.issues[0].message).toMatch(/^accountFacts.kind must be one of current, savings/);
});
