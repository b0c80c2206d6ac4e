import { accountLabelOf } from '../../contract/reading';
import type { AccountFacts } from '../../contract/reading/account-numbers';
import { identifierKeyOf, identifierText, ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { batchConflict, filingAccount } from '../../contract/accounts/filing-account';

/** Accounts as the summaries give them, known by their labels only. */
const labelled = (...labels: string[]) => labels.map((label) => ({ label }));

/** A file's account proposal, as the readers give it. */
const proposal = (facts: Omit<AccountFacts, 'identifiers' | 'from'> & Partial<AccountFacts>) => {
  const full: AccountFacts = { identifiers: [], from: 'its account id', ...facts };
  return { value: accountLabelOf(full.last4, full.institution), source: 'file' as const, detail: full.from, facts: full };
};

test("two cards ending in 1234 at different banks are two accounts: the second file's is a new one, from the file", () => {
  const second = filingAccount(
    proposal({ last4: '1234', institution: 'Commonwealth Bank', currency: 'AUD', kind: 'card' }),
    labelled('Capital One ••1234'),
  );
  expect(second).toEqual({
    accountLabel: 'Commonwealth Bank ••1234',
    accountSource: 'file',
    accountDetail: 'its account id (a new account: no account of yours is at Commonwealth Bank ending in 1234)',
    accountFacts: { kind: 'card', currency: 'AUD', institution: 'Commonwealth Bank', from: 'its account id' },
  });
});

test("a file naming no bank, with the last four of one of the person's accounts: nothing is filled, the person chooses", () => {
  const row = filingAccount(proposal({ last4: '1234', from: 'its "Card" column' }), labelled('Capital One ••1234', 'Visa'));
  expect(row).toMatchObject({ accountLabel: '', accountSource: 'choose' });
  expect(row.accountDetail).toBe('its "Card" column gives ••1234 and no bank, and your Capital One ••1234 ends so; or name a new account');
});

test("the same bank, however its name is written, and the same last four: the person's account", () => {
  expect(
    filingAccount(
      proposal({ last4: '4821', institution: 'FIRST HARBOR BANK, N.A.' }),
      labelled('First Harbor ••4821', 'First Harbor ••0001'),
    ),
  ).toMatchObject({
    accountLabel: 'First Harbor ••4821',
    accountSource: 'file',
    accountDetail: 'its account id, your account by its bank and last four',
  });
});

test('an account the person named in their own words is never taken for a file; a file with nothing like it is a new account', () => {
  expect(filingAccount(proposal({ last4: '9999' }), labelled('Visa', 'Checking'))).toMatchObject({
    accountLabel: '••9999',
    accountSource: 'file',
  });
});

test('two files in one batch that give the same label but another currency (two cards ending in 1234, no bank named): the later one asks', () => {
  const ofx = filingAccount(proposal({ last4: '1234', currency: 'AUD', kind: 'card' }), []);
  const csv = filingAccount(proposal({ last4: '1234', currency: 'USD', kind: 'card', from: 'its "Card No." column' }), []);
  expect([ofx.accountLabel, csv.accountLabel]).toEqual(['••1234', '••1234']);
  expect(batchConflict(csv, [{ name: 'anzcc.ofx', ...ofx }])).toEqual({
    accountLabel: '',
    accountSource: 'choose',
    accountDetail: 'anzcc.ofx here is also ••1234 but in AUD, this one in USD: two accounts ending so, or one',
  });
  // The same card's two months: nothing tells them apart, so they are one account.
  expect(batchConflict(ofx, [{ name: 'anzcc-2.ofx', ...ofx }])).toBeUndefined();
  // Neither names its bank, and the numbers were read from two layouts: two banks' exports, likely; asked.
  const card = filingAccount(proposal({ last4: '1234', kind: 'card', from: 'its "Card No." column' }), []);
  expect(
    batchConflict(card, [
      { name: 'anzcc.ofx', ...filingAccount(proposal({ last4: '1234', kind: 'card', from: 'its card account id' }), []) },
    ]),
  ).toMatchObject({
    accountDetail:
      'anzcc.ofx here is also ••1234 but read from its card account id there and its "Card No." column here, and neither names its bank: two accounts ending so, or one',
  });
  // A row the person set is theirs, not a file's to compare.
  expect(batchConflict(csv, [{ name: 'anzcc.ofx', ...ofx, accountSource: 'person' }])).toBeUndefined();
});

describe('an identifier the file names, by its keyed hash', () => {
  const iban = { kind: 'iban' as const, value: 'DE89370400440532013000' };
  const ibanFile = proposal({ last4: '3000', institution: 'Sparkasse', identifiers: [iban], from: 'its IBAN' });

  test('an account the person named in their own words is matched by the key a file filed under it left', async () => {
    const ownerKey = await ownerIdentifierKey('the deployment secret', 'owner-1');
    const key = await identifierKeyOf(ownerKey, iban);
    const keys = new Map([[identifierText(iban), key]]);
    const accounts = [{ label: 'Joint' }, { label: 'Household', identifierKeys: [key] }, { label: 'Sparkasse ••3000' }];
    expect(filingAccount(ibanFile, accounts, keys)).toMatchObject({
      accountLabel: 'Household',
      accountSource: 'file',
      accountDetail: 'its IBAN, your account by its IBAN',
    });
  });

  test("another person's key for the same IBAN matches nothing of this person's: their bank and last four decide", async () => {
    const mine = await identifierKeyOf(await ownerIdentifierKey('the deployment secret', 'owner-1'), iban);
    const theirs = await identifierKeyOf(await ownerIdentifierKey('the deployment secret', 'owner-2'), iban);
    expect(theirs).not.toBe(mine);
    const accounts = [{ label: 'Household', identifierKeys: [theirs] }, { label: 'Sparkasse ••3000' }];
    expect(filingAccount(ibanFile, accounts, new Map([[identifierText(iban), mine]]))).toMatchObject({
      accountLabel: 'Sparkasse ••3000',
      accountDetail: 'its IBAN, your account by its bank and last four',
    });
  });

  test('without keys (the key could not be had), the file is matched by bank and last four as before', () => {
    expect(
      filingAccount(ibanFile, [{ label: 'Household', identifierKeys: ['x'.repeat(43)] }, { label: 'Sparkasse ••3000' }]),
    ).toMatchObject({
      accountLabel: 'Sparkasse ••3000',
    });
  });
});
