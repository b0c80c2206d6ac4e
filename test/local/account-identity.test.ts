import { STATEMENT_ROUTES } from '../../contract';
import { accountChain, type ChainStatement } from '../../contract/accounts/chain';
import { uploadableFacts } from '../../contract/accounts/details';
import { batchConflict, filingAccount } from '../../contract/accounts/filing-account';
import { IDENTIFIER_KEYS, identifierKeyOf, identifierText } from '../../contract/accounts/identifier-keys';
import { keyedFacts } from '../../contract/accounts/match';
import { proposeFiling } from '../../contract/reading';
import { rawGraphql } from './support/graphql';
import { callApi } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';
import { ofxMonth as ofx } from '../support/ofx-statements';

/**
 * An account is its number at its bank, through the local stack: OFX files that name one
 * account id at two banks (BANKID 160000100, a Canadian bank's, and NPBS, an Australian
 * building society's) are filed as the upload queue files them (the same contract rules,
 * the person's identifier key from the statements API, the accounts and their keys from
 * GraphQL) and become two accounts, never one; neither account's chain then shows the
 * nine years between them as a missing statement; and each bank's next file goes to its own.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
beforeAll(() => ({ stack, alice } = context));

const CANADIAN = { id: '160000100', currency: 'CAD' };
const BUILDING_SOCIETY = { id: 'NPBS', currency: 'AUD' };

const ownerKey = async (user: TestUser) =>
  ((await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.identifierKey, { token: user.idToken })).body as { key: string }).key;

interface Account {
  label: string;
  accountKey: string;
  count: number;
  identifierKeys: string[] | null;
  institution: string | null;
}
const accountsOf = async (user: TestUser) =>
  (
    (await rawGraphql(stack.config, { Authorization: user.idToken }, '{ accounts { label accountKey count identifierKeys institution } }'))
      .body.data as { accounts: Account[] }
  ).accounts;

/** An account's chain once the catalogue has read every statement's days and balances. */
const chainOf = (user: TestUser, accountKey: string) =>
  waitFor(
    async () => {
      const answer = await rawGraphql(
        stack.config,
        { Authorization: user.idToken },
        'query ($key: String!) { accountChain(accountKey: $key) { items { id fileName period balances { from to opening closing } } } }',
        { key: accountKey },
      );
      const items = (answer.body.data as { accountChain: { items: ChainStatement[] } }).accountChain.items;
      return items.every((item) => item.balances?.closing != null) ? accountChain(items) : undefined;
    },
    `the balances of ${accountKey} to be read`,
    60_000,
  );

/** A batch of files read, matched and sent as the upload queue does: each row's account from the file and the person's accounts, rows of one batch compared. */
const fileBatch = async (user: TestUser, files: { name: string; bytes: Buffer }[]) => {
  const key = await ownerKey(user);
  const accounts = await accountsOf(user);
  const rows: { name: string; accountLabel: string; accountSource: string; accountDetail: string; accountFacts: ReturnType<typeof filingAccount>['accountFacts']; choices?: string[]; bytes: Buffer; period: string; keys: string[]; facts: ReturnType<typeof uploadableFacts> }[] = []; // prettier-ignore
  for (const file of files) {
    const proposal = proposeFiling({ fileName: file.name, mime: 'application/x-ofx', size: file.bytes.length, head: file.bytes });
    const keys = new Map(
      await Promise.all(
        keyedFacts(proposal.account!.facts).map(async (fact) => [identifierText(fact), await identifierKeyOf(key, fact)] as const),
      ),
    );
    const account = filingAccount(proposal.account!, accounts, keys);
    const conflict = account.accountSource === 'file' ? batchConflict(account, rows) : undefined;
    rows.push({
      name: file.name,
      ...account,
      ...conflict,
      ...(account.accountChoices ? { choices: account.accountChoices.map((choice) => choice.words) } : {}),
      bytes: file.bytes,
      period: proposal.period!.value,
      keys: [...new Set(keys.values())].slice(0, IDENTIFIER_KEYS.perStatement),
      facts: uploadableFacts(account.accountFacts),
    });
  }
  return rows;
};

const send = async (user: TestUser, row: Awaited<ReturnType<typeof fileBatch>>[number], accountLabel = row.accountLabel) => {
  await uploadStatement(stack.config, user.idToken, {
    fileName: row.name,
    contentType: 'application/x-ofx',
    accountLabel,
    period: row.period,
    bytes: row.bytes,
    identifierKeys: row.keys,
    ...(row.facts ? { accountFacts: row.facts } : {}),
  });
};

/** Waits until the person's accounts hold these counts, by label. */
const untilAccounts = (user: TestUser, counts: Record<string, number>) =>
  waitFor(
    async () => {
      const accounts = await accountsOf(user);
      const now = Object.fromEntries(accounts.map((account) => [account.label, account.count]));
      return JSON.stringify(now) === JSON.stringify(counts) ? accounts : undefined;
    },
    `the accounts to be ${JSON.stringify(counts)}`,
    60_000,
  );

test('two banks, one account id: two accounts, never merged, with no missing statement of nine years; each bank’s next file goes to its own', async () => {
  // One batch: April 2009 at the Canadian bank, May 2018 at the building society, one ACCTID.
  const first = await fileBatch(alice, [
    { name: 'bank-2009-04.ofx', bytes: ofx(CANADIAN, '20090401', '20090430', 382.34) },
    { name: 'society-2018-05.ofx', bytes: ofx(BUILDING_SOCIETY, '20180501', '20180531', 123.45) },
  ]);
  expect(first.map((row) => [row.accountLabel, row.accountSource])).toEqual([
    ['••5678', 'file'],
    ['Bank NPBS ••5678', 'file'],
  ]);
  expect(first[1].accountDetail).toBe('a new account at Bank NPBS (bank-2009-04.ofx also ends in 5678, but it is from Bank 160000100)');
  for (const row of first) await send(alice, row);
  const accounts = await untilAccounts(alice, { 'Bank NPBS ••5678': 1, '••5678': 1 });
  // Each account knows its own bank's code, and not the other's.
  const [society, canadian] = ['Bank NPBS ••5678', '••5678'].map((label) => accounts.find((account) => account.label === label)!);
  expect(society.identifierKeys?.some((key) => canadian.identifierKeys?.includes(key))).toBe(false);
  for (const account of [society, canadian]) {
    const chain = await chainOf(alice, account.accountKey);
    expect(chain.links).toHaveLength(1);
    expect(chain.counts.missing).toBe(0);
  }

  // A later batch: each bank's next month goes to the account at that bank, by its bank and account id.
  const next = await fileBatch(alice, [
    { name: 'society-2018-06.ofx', bytes: ofx(BUILDING_SOCIETY, '20180601', '20180630', 236.85) },
    { name: 'bank-2009-05.ofx', bytes: ofx(CANADIAN, '20090501', '20090531', 495.74) },
  ]);
  expect(next.map((row) => [row.accountLabel, row.accountSource, row.accountDetail])).toEqual([
    ['Bank NPBS ••5678', 'file', 'Bank NPBS ••5678: the account with this bank and account id (its bank account id)'],
    ['••5678', 'file', '••5678: the account with this bank and account id (its bank account id)'],
  ]);
  for (const row of next) await send(alice, row);
  await untilAccounts(alice, { 'Bank NPBS ••5678': 2, '••5678': 2 });
  for (const account of [society, canadian]) {
    const chain = await chainOf(alice, account.accountKey);
    expect(chain.links.map((link) => link.statement.period)).toEqual(account === society ? ['2018-05', '2018-06'] : ['2009-04', '2009-05']);
    // A month after a month: nothing missing between them, and no span of years.
    expect(chain.counts.missing).toBe(0);
    expect(chain.links[1].verdict.kind).toBe('continuous');
  }
}, 180_000);

test('a third bank with the same account id, in a later batch: asked, with each account ending so and a new account at its bank', async () => {
  const [row] = await fileBatch(alice, [
    { name: 'third-2020-01.ofx', bytes: ofx({ id: '021000021', currency: 'USD' }, '20200101', '20200131', 50) },
  ]);
  // The building society's account is at another bank, by its code; the first account names no bank, so it is offered.
  expect(row).toMatchObject({ accountLabel: '', accountSource: 'choose', choices: ['••5678', 'A new account at Bank 021000021'] });
  // The person takes the new account: a third account, the other two untouched.
  await send(alice, row, 'Bank 021000021 ••5678');
  await untilAccounts(alice, { 'Bank 021000021 ••5678': 1, 'Bank NPBS ••5678': 2, '••5678': 2 });
}, 120_000);
