import { accountLabelOf } from '../../contract/reading';
import type { AccountFacts } from '../../contract/reading/account-numbers';
import { filingAccount } from '../../web/lib/upload/filing-account';

/** A file's account proposal, as the readers give it. */
const proposal = (facts: Omit<AccountFacts, 'identifiers' | 'from'> & Partial<AccountFacts>) => {
  const full: AccountFacts = { identifiers: [], from: 'its account id', ...facts };
  return { value: accountLabelOf(full.last4, full.institution), source: 'file' as const, detail: full.from, facts: full };
};

test("two cards ending in 1234 at different banks are two accounts: the second file's is a new one, from the file", () => {
  const second = filingAccount(proposal({ last4: '1234', institution: 'Commonwealth Bank', currency: 'AUD', kind: 'card' }), [
    'Capital One ••1234',
  ]);
  expect(second).toEqual({
    accountLabel: 'Commonwealth Bank ••1234',
    accountSource: 'file',
    accountDetail: 'its account id (a new account: no account of yours is at Commonwealth Bank ending in 1234)',
    accountFacts: { kind: 'card', currency: 'AUD' },
  });
});

test("a file naming no bank, with the last four of one of the person's accounts: nothing is filled, the person chooses", () => {
  const row = filingAccount(proposal({ last4: '1234', from: 'its "Card" column' }), ['Capital One ••1234', 'Visa']);
  expect(row).toMatchObject({ accountLabel: '', accountSource: 'choose' });
  expect(row.accountDetail).toBe('its "Card" column gives ••1234 and no bank, and your Capital One ••1234 ends so; or name a new account');
});

test("the same bank, however its name is written, and the same last four: the person's account", () => {
  expect(
    filingAccount(proposal({ last4: '4821', institution: 'FIRST HARBOR BANK, N.A.' }), ['First Harbor ••4821', 'First Harbor ••0001']),
  ).toMatchObject({
    accountLabel: 'First Harbor ••4821',
    accountSource: 'file',
    accountDetail: 'its account id, your account by its bank and last four',
  });
});

test('an account the person named in their own words is never taken for a file; a file with nothing like it is a new account', () => {
  expect(filingAccount(proposal({ last4: '9999' }), ['Visa', 'Checking'])).toMatchObject({
    accountLabel: '••9999',
    accountSource: 'file',
  });
});
