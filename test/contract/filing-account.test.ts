import { accountLabelOf } from '../../contract/reading';
import type { AccountFacts } from '../../contract/reading/account-numbers';
import { identifierKeyOf, identifierText, ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { keyedFacts } from '../../contract/accounts/match';
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
    accountFacts: {
      kind: 'card',
      currency: 'AUD',
      institution: 'Commonwealth Bank',
      from: 'its account id',
      last4: '1234',
      bank: 'Commonwealth Bank',
    },
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
    accountDetail: 'First Harbor ••4821: the account ending in 4821 at this bank (its account id)',
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
    accountDetail: 'anzcc.ofx also ends in 1234, but that file is in AUD and this one is in USD',
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
    accountDetail: 'anzcc.ofx also ends in 1234, and neither file names its bank. Each gives the number in another place',
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
      accountDetail: 'Household: the account with this IBAN (its IBAN)',
    });
  });

  test("another person's key for the same IBAN matches nothing of this person's: their bank and last four decide", async () => {
    const mine = await identifierKeyOf(await ownerIdentifierKey('the deployment secret', 'owner-1'), iban);
    const theirs = await identifierKeyOf(await ownerIdentifierKey('the deployment secret', 'owner-2'), iban);
    expect(theirs).not.toBe(mine);
    const accounts = [{ label: 'Household', identifierKeys: [theirs] }, { label: 'Sparkasse ••3000' }];
    expect(filingAccount(ibanFile, accounts, new Map([[identifierText(iban), mine]]))).toMatchObject({
      accountLabel: 'Sparkasse ••3000',
      accountDetail: 'Sparkasse ••3000: the account ending in 3000 at this bank (its IBAN)',
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

describe('an account is its number at its bank', () => {
  const NUMBER = { kind: 'number' as const, value: '123456789' };
  const keysOf = async (facts: AccountFacts) => {
    const ownerKey = await ownerIdentifierKey('the deployment secret', 'owner-1');
    return new Map(
      await Promise.all(keyedFacts(facts).map(async (fact) => [identifierText(fact), await identifierKeyOf(ownerKey, fact)] as const)),
    );
  };

  test("two banks print one number: the second bank's file is asked about, with the first bank's account and a new account at its own", async () => {
    const harbor = proposal({
      last4: '6789',
      institution: 'Harbor Bank',
      identifiers: [NUMBER],
      from: 'the line "Account number 123456789"',
    });
    const harborKeys = await keysOf(harbor.facts);
    const accounts = [{ label: 'Harbor Bank ••6789', identifierKeys: [...harborKeys.values()] }];
    expect(filingAccount(harbor, accounts, harborKeys)).toMatchObject({
      accountLabel: 'Harbor Bank ••6789',
      accountDetail: 'Harbor Bank ••6789: the account with this number at this bank (the line "Account number 123456789")',
    });
    const lakeside = proposal({ last4: '6789', institution: 'Lakeside Bank', identifiers: [NUMBER] });
    const lakesideKeys = await keysOf(lakeside.facts);
    expect(filingAccount(lakeside, accounts, lakesideKeys)).toEqual({
      accountLabel: '',
      accountSource: 'choose',
      accountDetail: 'Harbor Bank ••6789 has this number, but this file is from Lakeside Bank',
      accountFacts: { institution: 'Lakeside Bank', from: 'its account id', last4: '6789', bank: 'Lakeside Bank' },
      accountChoices: [
        { label: 'Harbor Bank ••6789', words: 'Harbor Bank ••6789' },
        { label: 'Lakeside Bank ••6789', words: 'A new account at Lakeside Bank' },
      ],
    });
    // Once the person filed it under its own bank, each bank's next file goes to its own account.
    const both = [...accounts, { label: 'Lakeside Bank ••6789', identifierKeys: [...lakesideKeys.values()] }];
    expect(filingAccount(lakeside, both, lakesideKeys).accountLabel).toBe('Lakeside Bank ••6789');
    expect(filingAccount(harbor, both, harborKeys).accountLabel).toBe('Harbor Bank ••6789');
    // Read without its bank, the number is two accounts' now: asked, with no new account offered under a label one has.
    const bare = proposal({ last4: '6789', identifiers: [NUMBER] });
    const row = filingAccount(bare, both, await keysOf(bare.facts));
    expect(row.accountSource).toBe('choose');
    expect(row.accountChoices?.map((choice) => choice.words)).toEqual([
      'Harbor Bank ••6789',
      'Lakeside Bank ••6789',
      'A new account, ••6789',
    ]);
  });

  test('two OFX files in one batch with one account id at two BANKIDs: two accounts, the later one at its bank, never merged', () => {
    const ofxFile = (bankId: string, acctId: string) =>
      proposal({
        last4: '5678',
        identifiers: [{ kind: 'ofx', value: `${bankId}:${acctId}` }],
        bankIds: [{ kind: 'ofx', value: bankId }],
        from: 'its bank account id',
      });
    const first = filingAccount(ofxFile('160000100', '12300000012345678'), []);
    const second = filingAccount(ofxFile('NPBS', '12345678'), []);
    expect([first.accountLabel, second.accountLabel]).toEqual(['••5678', '••5678']);
    expect(batchConflict(second, [{ name: 'bank_medium.ofx', ...first }])).toEqual({
      accountLabel: 'Bank NPBS ••5678',
      accountSource: 'file',
      accountDetail: 'a new account at Bank NPBS (bank_medium.ofx also ends in 5678, but it is from Bank 160000100)',
    });
    // The same bank's next month in the batch: one account.
    expect(batchConflict(filingAccount(ofxFile('NPBS', '12345678'), []), [{ name: 'other.ofx', ...second }])).toBeUndefined();
  });
});
