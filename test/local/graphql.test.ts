import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { AppSyncClient, ListApiKeysCommand } from '@aws-sdk/client-appsync';
import { API_KEY_RENEWAL, GiB, MiB, REGION, STATEMENT_ROUTES, STATEMENT_TYPES, TEXT_LIMITS, type RouteSpec } from '../../contract';
import { HOST, LOCAL_CREDENTIALS, LOCAL_IDS } from '../../local/settings';
import {
  COVERAGE,
  DELETED_STATEMENTS,
  ME,
  PUBLIC_QUERY,
  STATEMENTS,
  SUMMARIES,
  UPDATE_ACCOUNT_SCHEDULE,
  UPDATE_PROFILE,
  apollo,
  rawGraphql,
} from './support/graphql';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { expiredFrom, forgedFrom, otherClientFrom } from './support/tokens';
import { uploadStatement } from './support/uploads';
import { callApi } from './support/rest';
import { newUser, type TestUser } from './support/users';

/**
 * Apollo Client against the local AppSync: the simulator runs the VTL resolvers the CDK
 * app deploys, on DynamoDB Local, behind a front that authorizes like AppSync.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

test('the API key reads the public fields, from the contract', async () => {
  const { data } = await apollo(stack.config).query({ query: PUBLIC_QUERY });
  expect(data).toMatchObject({
    uploadLimits: {
      profileImage: { maxBytes: 5 * MiB },
      statement: { contentTypes: [...STATEMENT_TYPES], maxBytes: GiB, maxSingleUploadBytes: 50 * MiB, downloadUrlSeconds: 60 },
    },
    serviceStatus: { status: 'OK', region: 'us-east-1' },
  });
});

test("the key's renewal ran at start, through AppSync's control plane: the key expires a year from now", async () => {
  const client = new AppSyncClient({ region: REGION, endpoint: `http://${HOST}:${stack.ports.appsync}`, credentials: LOCAL_CREDENTIALS });
  const { apiKeys } = await client.send(new ListApiKeysCommand({ apiId: LOCAL_IDS.graphqlApiId }));
  expect(apiKeys?.map((key) => key.id)).toEqual([stack.config.data.api_key]);
  const daysLeft = (apiKeys![0].expires! - Date.now() / 1000) / 86_400;
  expect(daysLeft).toBeGreaterThan(API_KEY_RENEWAL.lifetimeDays - 1);
  expect(daysLeft).toBeLessThanOrEqual(API_KEY_RENEWAL.lifetimeDays);
});

test('the API key cannot read anything private', async () => {
  const error = await apollo(stack.config)
    .query({ query: ME })
    .catch((caught: unknown) => caught);
  expect(CombinedGraphQLErrors.is(error)).toBe(true);
  expect((error as CombinedGraphQLErrors).errors[0].message).toMatch(/Not Authorized to access me/);
});

describe('AppSync refuses a request without a valid key or token', () => {
  test.each<[string, () => Record<string, string>, string]>([
    ['no key and no token', () => ({}), 'UnauthorizedException'],
    ['a wrong API key', () => ({ 'x-api-key': 'da2-wrong' }), 'UnauthorizedException'],
    ['a forged token', () => ({ Authorization: forgedFrom(alice.idToken) }), 'UnauthorizedException'],
    ['an expired token', () => ({ Authorization: expiredFrom(alice.idToken) }), 'UnauthorizedException'],
    ['a token for another client', () => ({ Authorization: otherClientFrom(alice.idToken) }), 'UnauthorizedException'],
  ])('%s: 401', async (_name, headers, errorType) => {
    const answer = await rawGraphql(stack.config, headers(), '{ me { userId } }');
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0].errorType).toBe(errorType);
  });

  test('Apollo sees the 401 as a server error', async () => {
    const error = await apollo(stack.config, { token: forgedFrom(alice.idToken) })
      .query({ query: ME })
      .catch((caught: unknown) => caught);
    expect(ServerError.is(error)).toBe(true);
    expect((error as ServerError).statusCode).toBe(401);
  });
});

test("the profile is the token's own: me, then updateProfile", async () => {
  const client = apollo(stack.config, { token: alice.idToken });
  const before = (await client.query({ query: ME, fetchPolicy: 'no-cache' })).data as { me: Record<string, unknown> };
  expect(before.me).toMatchObject({ userId: alice.sub, email: alice.email, displayName: null });
  const updated = (await client.mutate({ mutation: UPDATE_PROFILE, variables: { input: { displayName: '  Alice A.  ' } } })).data as {
    updateProfile: Record<string, unknown>;
  };
  expect(updated.updateProfile).toMatchObject({ userId: alice.sub, email: alice.email, displayName: 'Alice A.' });
  const after = (await client.query({ query: ME, fetchPolicy: 'no-cache' })).data as { me: Record<string, unknown> };
  expect(after.me.displayName).toBe('Alice A.');
  // Bob's profile is his own and untouched.
  const bobs = (await apollo(stack.config, { token: bob.idToken }).query({ query: ME, fetchPolicy: 'no-cache' })).data as {
    me: Record<string, unknown>;
  };
  expect(bobs.me).toMatchObject({ userId: bob.sub, displayName: null });
});

test.each([
  ['empty', '   '],
  ['too long', 'x'.repeat(81)],
  ['with a control character', 'Alice\u0007'],
  ['with a direction override', 'Alice\u202Eevil'],
])('updateProfile refuses a display name that is %s', async (_name, displayName) => {
  const error = await apollo(stack.config, { token: alice.idToken })
    .mutate({ mutation: UPDATE_PROFILE, variables: { input: { displayName } } })
    .catch((caught: unknown) => caught);
  expect(CombinedGraphQLErrors.is(error)).toBe(true);
  expect((error as CombinedGraphQLErrors).errors.map((e) => e.message).join('\n')).toMatch(/displayName must/);
  // Nothing was written.
  const { data } = await apollo(stack.config, { token: alice.idToken }).query({ query: ME, fetchPolicy: 'no-cache' });
  expect((data as { me: { displayName: string } }).me.displayName).toBe('Alice A.');
});

describe('the statement list', () => {
  const uploaded: string[] = [];
  beforeAll(async () => {
    const plan: [string, string][] = [
      ['2024-01', 'Checking'],
      ['2024-01', 'Savings'],
      ['2024-02', 'Checking'],
      ['2024-02', 'Checking'],
      ['2024-03', 'Savings'],
    ];
    for (const [period, accountLabel] of plan) {
      const { statementId } = await uploadStatement(stack.config, alice.idToken, {
        fileName: `${period}-${accountLabel}.pdf`,
        contentType: 'application/pdf',
        accountLabel,
        period,
      });
      uploaded.push(statementId);
    }
    await waitFor(async () => {
      const { data } = await apollo(stack.config, { token: alice.idToken }).query({
        query: STATEMENTS,
        variables: { limit: 100 },
        fetchPolicy: 'no-cache',
      });
      return (data as { statements: { items: unknown[] } }).statements.items.length >= plan.length ? true : undefined;
    }, 'all five statements to be listed');
  }, 60_000);

  const page = async (user: TestUser, variables: Record<string, unknown>) =>
    (
      (await apollo(stack.config, { token: user.idToken }).query({ query: STATEMENTS, variables, fetchPolicy: 'no-cache' })).data as {
        statements: { items: { id: string; period: string; accountLabel: string; owner: string }[]; nextToken: string | null };
      }
    ).statements;

  test('pages of two cover every statement once, in statement order', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const result: Awaited<ReturnType<typeof page>> = await page(alice, { limit: 2, nextToken });
      seen.push(...result.items.map((item) => item.id));
      nextToken = result.nextToken;
      pages++;
    } while (nextToken && pages < 10);
    // Period newest first, then account, then name; the two February Checking files share
    // a name and keep their upload order. A new person reads in this order from the first upload.
    expect(seen).toEqual([4, 2, 3, 0, 1].map((index) => uploaded[index]));
  });

  test('a page token is opaque, as AppSync hands it out: nothing of the person or the keys in it, and an altered one is refused', async () => {
    const first = await page(alice, { limit: 2 });
    const token = first.nextToken!;
    // Read every way a person could: base64 of base64 holds no id, no key name, no period.
    const readings = [token, Buffer.from(token, 'base64').toString('latin1')];
    readings.push(Buffer.from(JSON.parse(readings[1]).token as string, 'base64').toString('latin1'));
    // The key names as a key would hold them, quoted: base64's own letters may spell "pk" by chance.
    for (const reading of readings)
      for (const secret of [alice.sub, 'Checking', 'Savings', '2024-0', '"pk"', '"sk"']) expect(reading).not.toContain(secret);
    // The same token twice gives the same page; one bit changed gives AppSync's refusal, not a page.
    expect((await page(alice, { limit: 2, nextToken: token })).items.map((item) => item.id)).toEqual([uploaded[3], uploaded[0]]);
    const inner = Buffer.from(JSON.parse(readings[1]).token as string, 'base64');
    inner[inner.length - 1] ^= 1;
    const altered = Buffer.from(JSON.stringify({ version: 2, token: inner.toString('base64') })).toString('base64');
    for (const bad of [altered, Buffer.from(JSON.stringify({ pk: `${alice.sub}#list` })).toString('base64'), 'not a token']) {
      const error = await page(alice, { limit: 2, nextToken: bad }).catch((caught: unknown) => caught);
      expect(CombinedGraphQLErrors.is(error)).toBe(true);
      // (The simulator also reports the field's null, which AppSync leaves out.)
      expect((error as CombinedGraphQLErrors).errors).toContainEqual(
        expect.objectContaining({
          message: 'Invalid pagination token given.',
          errorType: 'DynamoDB:UserIllegalArgument',
        }),
      );
    }
  });

  test('each order is one read: period oldest first, and by upload either way, filtered or not, a page at a time', async () => {
    const ids = async (variables: Record<string, unknown>) => {
      const seen: string[] = [];
      let nextToken: string | null = null;
      do {
        const result: Awaited<ReturnType<typeof page>> = await page(alice, { ...variables, limit: 2, nextToken });
        seen.push(...result.items.map((item) => item.id));
        nextToken = result.nextToken;
      } while (nextToken && seen.length < 20);
      return seen;
    };
    // Period oldest first: in a period, account and then name from the end (the default read backwards).
    expect(await ids({ sort: 'PERIOD_OLDEST' })).toEqual([1, 0, 3, 2, 4].map((index) => uploaded[index]));
    expect(await ids({ sort: 'PERIOD_NEWEST' })).toEqual([4, 2, 3, 0, 1].map((index) => uploaded[index]));
    expect(await ids({ sort: 'UPLOADED_NEWEST' })).toEqual([4, 3, 2, 1, 0].map((index) => uploaded[index]));
    expect(await ids({ sort: 'UPLOADED_OLDEST' })).toEqual([0, 1, 2, 3, 4].map((index) => uploaded[index]));
    expect(await ids({ sort: 'UPLOADED_OLDEST', filter: { accountLabel: 'Checking' } })).toEqual([0, 2, 3].map((index) => uploaded[index]));
    expect(await ids({ sort: 'UPLOADED_NEWEST', filter: { period: '2024-01' } })).toEqual([1, 0].map((index) => uploaded[index]));
    // An order the API does not have is refused, not read as the default.
    const error = await page(alice, { sort: 'NAME' }).catch((caught: unknown) => caught);
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
  });

  test('filters by period and by account', async () => {
    const february = await page(alice, { filter: { period: '2024-02' }, limit: 100 });
    expect(february.items.map((item) => item.period)).toEqual(['2024-02', '2024-02']);
    const savings = await page(alice, { filter: { accountLabel: 'Savings' }, limit: 100 });
    expect(savings.items.map((item) => item.accountLabel)).toEqual(['Savings', 'Savings']);
    const both = await page(alice, { filter: { period: '2024-01', accountLabel: 'Checking' }, limit: 100 });
    expect(both.items).toHaveLength(1);
  });

  test('a bad limit or period is a GraphQL error, not a silent empty page', async () => {
    for (const variables of [{ limit: 0 }, { limit: 1000 }, { filter: { period: '2024-13' } }]) {
      const error = await page(alice, variables).catch((caught: unknown) => caught);
      expect(CombinedGraphQLErrors.is(error)).toBe(true);
    }
  });

  test("another user's list is empty of them", async () => {
    const bobs = await page(bob, { limit: 100 });
    expect(bobs.items.filter((item) => uploaded.includes(item.id))).toEqual([]);
    expect(bobs.items.every((item) => item.owner === bob.sub)).toBe(true);
  });
});

describe('filters answer from keys: an older match behind many newer statements is on the first page', () => {
  // One Savings statement, then 60 newer Checking ones (a filter after Limit found it on page 4).
  let carol: TestUser;
  let savingsId: string;
  const sizes = { savings: 3000, checking: 1000 };
  beforeAll(async () => {
    carol = await newUser(stack, 'carol');
    savingsId = (
      await uploadStatement(stack.config, carol.idToken, {
        fileName: 'savings.pdf',
        contentType: 'application/pdf',
        accountLabel: 'Savings',
        period: '2024-01',
        size: sizes.savings,
      })
    ).statementId;
    for (let i = 0; i < 60; i++) {
      // "checking" and "Checking": one account, whatever the capitalisation.
      const accountLabel = i % 2 === 0 ? 'Checking' : 'checking';
      await uploadStatement(stack.config, carol.idToken, {
        fileName: `c${i}.pdf`,
        contentType: 'application/pdf',
        accountLabel,
        period: i < 30 ? '2024-01' : '2024-02',
        size: sizes.checking,
      });
    }
    await waitFor(async () => {
      const { data } = await apollo(stack.config, { token: carol.idToken }).query({ query: SUMMARIES, fetchPolicy: 'no-cache' });
      return (data as { usage: { statements: number } }).usage.statements === 61 ? true : undefined;
    }, 'all 61 statements to be catalogued');
  }, 180_000);

  const first = async (filter: Record<string, string>, limit = 20) =>
    (
      (
        await apollo(stack.config, { token: carol.idToken }).query({
          query: STATEMENTS,
          variables: { filter, limit },
          fetchPolicy: 'no-cache',
        })
      ).data as {
        statements: { items: { id: string; accountLabel: string; accountKey: string | null; period: string }[]; nextToken: string | null };
      }
    ).statements;

  test.each<[string, Record<string, string>]>([
    ['the account', { accountLabel: 'Savings' }],
    ['the account, in another capitalisation', { accountLabel: '  sAVINGS ' }],
    ['the account and the period', { accountLabel: 'Savings', period: '2024-01' }],
    ["the account's key", { accountKey: 'savings' }],
    ["the account's key, before a label that names another", { accountKey: 'savings', accountLabel: 'Checking' }],
    ["the account's key and the period", { accountKey: 'savings', period: '2024-01' }],
  ])('filtering by %s: the first page holds the match, and nothing else', async (_name, filter) => {
    const page = await first(filter);
    expect(page.items.map((item) => item.id)).toEqual([savingsId]);
    expect(page.items.map((item) => item.accountKey)).toEqual(['savings']);
    expect(page.nextToken).toBeNull();
  });

  test('a key longer than any account has is a GraphQL error, not a silent empty page', async () => {
    const error = await first({ accountKey: 'k'.repeat(TEXT_LIMITS.accountLabelMaxChars * 3 + 1) }).catch((caught: unknown) => caught);
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
  });

  test('filtering by the period: a full first page of the newest matches, then the rest, the Savings one last', async () => {
    const page = await first({ period: '2024-01' });
    expect(page.items).toHaveLength(20);
    expect(page.items.every((item) => item.period === '2024-01')).toBe(true);
    const rest = await apollo(stack.config, { token: carol.idToken }).query({
      query: STATEMENTS,
      variables: { filter: { period: '2024-01' }, limit: 100, nextToken: page.nextToken },
      fetchPolicy: 'no-cache',
    });
    const items = (rest.data as { statements: { items: { id: string }[] } }).statements.items;
    expect(items).toHaveLength(11);
    expect(items.at(-1)!.id).toBe(savingsId);
  });

  test('accounts, periods and usage come from the server, with counts and bytes', async () => {
    const { data } = await apollo(stack.config, { token: carol.idToken }).query({ query: SUMMARIES, fetchPolicy: 'no-cache' });
    expect(data).toEqual({
      accounts: [
        // Filed without identifier keys (no file named an account number): none.
        { __typename: 'AccountSummary', label: 'Checking', count: 60, bytes: 60 * sizes.checking, identifierKeys: null, institution: null },
        { __typename: 'AccountSummary', label: 'Savings', count: 1, bytes: sizes.savings, identifierKeys: null, institution: null },
      ],
      periods: [
        { __typename: 'PeriodSummary', period: '2024-02', count: 30, bytes: 30 * sizes.checking },
        { __typename: 'PeriodSummary', period: '2024-01', count: 31, bytes: 30 * sizes.checking + sizes.savings },
      ],
      usage: {
        __typename: 'StorageUsage',
        statements: 61,
        bytes: 60 * sizes.checking + sizes.savings,
        deletedStatements: 0,
        deletedBytes: 0,
        maxStatements: 10_000,
        maxBytes: 10 * GiB,
      },
    });
    // Another user sees none of it.
    const bobs = (await apollo(stack.config, { token: bob.idToken }).query({ query: SUMMARIES, fetchPolicy: 'no-cache' })).data as {
      accounts: { label: string }[];
    };
    expect(bobs.accounts.map((account) => account.label)).not.toContain('Checking');
  });

  const coverage = async (user: TestUser) =>
    (
      (await apollo(stack.config, { token: user.idToken }).query({ query: COVERAGE, fetchPolicy: 'no-cache' })).data as {
        coverage: { cells: { accountKey: string; period: string; count: number; statementIds: string[] }[]; nextToken: string | null };
      }
    ).coverage;

  test('coverage: each account in each month, with its statements, from the summaries', async () => {
    const { cells, nextToken } = await coverage(carol);
    expect(nextToken).toBeNull();
    const byCell = Object.fromEntries(cells.map((cell) => [`${cell.accountKey} ${cell.period}`, cell]));
    expect(Object.keys(byCell).sort()).toEqual(['checking 2024-01', 'checking 2024-02', 'savings 2024-01']);
    expect(byCell['checking 2024-01'].count).toBe(30);
    expect(new Set(byCell['checking 2024-01'].statementIds).size).toBe(30);
    expect(byCell['savings 2024-01']).toMatchObject({ count: 1, statementIds: [savingsId] });
    // Another user's grid holds none of it.
    expect((await coverage(bob)).cells.map((cell) => cell.accountKey)).not.toContain('checking');
  });

  test("an account's schedule is set by its owner only, each part left out cleared; a wrong one is refused and changes nothing", async () => {
    const schedule = (user: TestUser, input: { accountKey: string } & Record<string, unknown>) =>
      apollo(stack.config, { token: user.idToken }).mutate({ mutation: UPDATE_ACCOUNT_SCHEDULE, variables: { input } });
    const accounts = async (user: TestUser) =>
      (
        (await apollo(stack.config, { token: user.idToken }).query({ query: COVERAGE, fetchPolicy: 'no-cache' })).data as {
          accounts: {
            accountKey: string;
            cadence: string | null;
            statementsFrom: string | null;
            closedAfter: string | null;
            graceDays: number | null;
            count: number;
          }[];
        }
      ).accounts;
    const set = await schedule(carol, {
      accountKey: 'savings',
      cadence: 'QUARTERLY',
      statementsFrom: '2023-10',
      closedAfter: '2024-06',
      graceDays: 14,
    });
    expect(set.data).toEqual({
      updateAccountSchedule: {
        __typename: 'AccountSummary',
        accountKey: 'savings',
        cadence: 'QUARTERLY',
        statementsFrom: '2023-10',
        closedAfter: '2024-06',
        graceDays: 14,
      },
    });
    // Kept beside the account's counts, which stay the statements'.
    expect((await accounts(carol)).find((account) => account.accountKey === 'savings')).toMatchObject({
      count: 1,
      cadence: 'QUARTERLY',
      statementsFrom: '2023-10',
      closedAfter: '2024-06',
      graceDays: 14,
    });
    // A part left out is cleared.
    await schedule(carol, { accountKey: 'savings', cadence: 'QUARTERLY' });
    expect((await accounts(carol)).find((account) => account.accountKey === 'savings')).toMatchObject({
      cadence: 'QUARTERLY',
      statementsFrom: null,
      closedAfter: null,
      graceDays: null,
    });
    // Refused in words, and nothing changed.
    for (const [input, message] of [
      [{ accountKey: 'savings', statementsFrom: '2024-13' }, /statementsFrom must look like 2024-01/],
      [{ accountKey: 'savings', statementsFrom: '2024-06', closedAfter: '2024-05' }, /closedAfter must not be before statementsFrom/],
      [{ accountKey: 'savings', cadence: 'WEEKLY' }, /WEEKLY/],
      [{ accountKey: 'savings', graceDays: 61 }, /graceDays must be from 0 to 60/],
      [{ accountKey: 'savings', graceDays: -1 }, /graceDays must be from 0 to 60/],
      [{ accountKey: '' }, /accountKey must have 1 to/],
    ] as const) {
      const error = await schedule(carol, input).catch((caught: unknown) => caught);
      expect(CombinedGraphQLErrors.is(error)).toBe(true);
      expect((error as CombinedGraphQLErrors).errors.map((e) => e.message).join('\n')).toMatch(message);
    }
    expect((await accounts(carol)).find((account) => account.accountKey === 'savings')).toMatchObject({
      cadence: 'QUARTERLY',
      statementsFrom: null,
    });
    // An account the caller has no statement in, whoever's it is: null, and nothing is made.
    for (const [user, accountKey] of [
      [bob, 'savings'],
      [carol, 'no such account'],
    ] as const)
      expect((await schedule(user, { accountKey, cadence: 'YEARLY' })).data).toEqual({ updateAccountSchedule: null });
    expect((await accounts(bob)).map((account) => account.accountKey)).not.toContain('savings');
    expect((await accounts(carol)).map((account) => account.accountKey)).not.toContain('no such account');
    expect((await accounts(carol)).find((account) => account.accountKey === 'savings')!.cadence).toBe('QUARTERLY');
  });

  const call = (route: RouteSpec, token: string) =>
    callApi(stack.config, 'statementsApiUrl', route, { token, params: { statementId: savingsId } });
  const deleted = async (user: { idToken: string }) =>
    (await apollo(stack.config, { token: user.idToken }).query({ query: DELETED_STATEMENTS, fetchPolicy: 'no-cache' })).data as {
      deletedStatements: { items: { id: string; fileName: string; deletedAt: string; purgeAt: string; purging: boolean }[] };
      usage: { statements: number; bytes: number; deletedStatements: number; deletedBytes: number };
    };

  test('deleting the only Savings statement takes it off every list and summary, once, into Recently deleted', async () => {
    const remove = () => call(STATEMENT_ROUTES.deleteStatement, carol.idToken);
    expect((await remove()).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await remove()).status).toBe(404);
    for (const filter of [{ accountLabel: 'Savings' }, { accountLabel: 'Savings', period: '2024-01' }] as Record<string, string>[])
      expect((await first(filter)).items).toEqual([]);
    expect((await first({ period: '2024-01' }, 100)).items.map((item) => item.id)).not.toContain(savingsId);
    const { data } = await apollo(stack.config, { token: carol.idToken }).query({ query: SUMMARIES, fetchPolicy: 'no-cache' });
    const summaries = data as {
      accounts: { label: string }[];
      periods: { period: string; count: number }[];
      usage: { statements: number; bytes: number };
    };
    expect(summaries.accounts.map((account) => account.label)).toEqual(['Checking']);
    expect(summaries.periods.find((period) => period.period === '2024-01')!.count).toBe(30);
    // Still kept (its file is stored) and counted against the quota, as deleted.
    expect(summaries.usage).toMatchObject({ statements: 61, bytes: 60 * sizes.checking + sizes.savings });
    expect((await coverage(carol)).cells.map((cell) => `${cell.accountKey} ${cell.period}`).sort()).toEqual([
      'checking 2024-01',
      'checking 2024-02',
    ]);
    const trash = await deleted(carol);
    expect(trash.deletedStatements.items.map((item) => item.id)).toEqual([savingsId]);
    const [item] = trash.deletedStatements.items;
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * 24 * 3600 * 1000);
    expect(item.purging).toBe(false);
    expect(trash.usage).toMatchObject({ deletedStatements: 1, deletedBytes: sizes.savings });
    // Nobody else sees it, restores it or deletes it for good.
    expect((await deleted(bob)).deletedStatements.items).toEqual([]);
    expect((await call(STATEMENT_ROUTES.restoreStatement, bob.idToken)).status).toBe(404);
    expect((await call(STATEMENT_ROUTES.purgeStatement, bob.idToken)).status).toBe(404);
  });

  test('a restore brings it back exactly into every list and summary; deleted again and deleted for good, its file is gone', async () => {
    expect((await call(STATEMENT_ROUTES.restoreStatement, carol.idToken)).status).toBe(200);
    expect((await first({ accountLabel: 'Savings' })).items.map((item) => item.id)).toEqual([savingsId]);
    expect((await coverage(carol)).cells.find((cell) => cell.accountKey === 'savings')).toMatchObject({
      count: 1,
      statementIds: [savingsId],
    });
    expect((await deleted(carol)).usage).toMatchObject({ statements: 61, deletedStatements: 0, deletedBytes: 0 });
    const download = await call(STATEMENT_ROUTES.downloadUrl, carol.idToken);
    expect(download.status).toBe(200);

    expect((await call(STATEMENT_ROUTES.deleteStatement, carol.idToken)).status).toBe(204);
    expect((await call(STATEMENT_ROUTES.purgeStatement, carol.idToken)).status).toBe(204);
    expect((await deleted(carol)).usage).toMatchObject({ statements: 60, bytes: 60 * sizes.checking, deletedStatements: 0 });
    expect((await call(STATEMENT_ROUTES.restoreStatement, carol.idToken)).status).toBe(404);
    // The URL signed before is refused now: no version of the file is left.
    expect((await fetch(download.body.url)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('AppSync enforces the settings the CDK app deploys (introspection off, depth limit 10)', () => {
  test.each<[string, () => Record<string, string>]>([
    ['the API key', () => ({ 'x-api-key': stack.config.data.api_key })],
    ['a user pool token', () => ({ Authorization: alice.idToken })],
  ])('introspection is refused with %s, as for a field the schema does not have', async (_name, headers) => {
    for (const query of [
      '{ __schema { types { name } } }',
      '{ __type(name: "Statement") { fields { name } } }',
      'query { uploadLimits { statement { maxBytes } } __schema { queryType { name } } }',
    ]) {
      const answer = await rawGraphql(stack.config, headers(), query);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors?.[0].message).toMatch(
        /^Validation error of type FieldUndefined: Field '__(schema|type)' in type 'Query' is undefined/,
      );
    }
  });

  test('__typename is not introspection and still answers', async () => {
    const answer = await rawGraphql(
      stack.config,
      { 'x-api-key': stack.config.data.api_key },
      '{ __typename serviceStatus { __typename status } }',
    );
    expect(answer.body.data).toEqual({ __typename: 'Query', serviceStatus: { __typename: 'ServiceStatus', status: 'OK' } });
  });

  test('a query nested deeper than 10 levels is refused before any resolver runs', async () => {
    const nested = (depth: number): string => (depth === 0 ? 'id' : `items { ${nested(depth - 1)} }`);
    const tooDeep = `{ statements { ${nested(10)} } }`;
    const answer = await rawGraphql(stack.config, { Authorization: alice.idToken }, tooDeep);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: 'The query has a depth of 12, which exceeds the maximum query depth of 10.' }),
    ]);
    // Fragments count where they are spread.
    const viaFragments = `query { statements { ...A } } fragment A on StatementConnection { items { ...B } } fragment B on Statement { owner }`;
    const fine = await rawGraphql(stack.config, { Authorization: alice.idToken }, viaFragments);
    expect(fine.body.errors ?? []).toEqual([]);
  });
});
