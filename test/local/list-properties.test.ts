import fc from 'fast-check';
import { accountKeyOf, compareStatementOrder, statementKey, type Statement } from '../../contract';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { dynamoRecordStore, type RecordStore } from '../../lambda/shared/records';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { capturingLog, memoryObjects } from '../support/lambda-fakes';
import { asEarlierRelease } from './support/earlier-layout';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { STATEMENTS, apollo } from './support/graphql';
import type { StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import type { TestUser } from './support/users';

/**
 * For random statements of two users and a random filter, paging through the GraphQL API
 * (Apollo, the VTL the CDK app deploys, DynamoDB Local) in pages of random size returns
 * exactly the reference list: the caller's matches, in statement order (period newest
 * first, then account, then name), nothing missing, nothing twice, nothing of the other
 * user. Records are written by the catalogue's own store. FUZZ_RUNS raises the case count.
 * And an owner of the release before statement order reads complete lists through the
 * migration.
 */
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 25), 200);
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const ACCOUNTS = ['Checking', 'checking', ' CHECKING', 'Savings', 'Brokerage'];
const PERIODS = ['2024-01', '2024-02', '2024-03'];

const NAMES = ['Statement.pdf', 'statement 2.pdf', 'Statement 10.pdf', 'Éte.csv', 'ete.ofx', 'a.pdf', 'Z.pdf'];

const statementArb = fc.record({
  forBob: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  account: fc.constantFrom(...ACCOUNTS),
  period: fc.constantFrom(...PERIODS),
  name: fc.constantFrom(...NAMES),
});
const filterArb = fc.record({
  accountLabel: fc.option(fc.constantFrom(...ACCOUNTS, 'nobody'), { nil: undefined }),
  period: fc.option(fc.constantFrom(...PERIODS), { nil: undefined }),
});

interface Page {
  items: { id: string; owner: string; fileName: string }[];
  nextToken: string | null;
}

let sequence = 0;
const nextId = () => `01JE${String(++sequence).padStart(22, '0')}`;

/** Every page of one filter, through the API as the web app reads it; each page full while more remain. */
const readAll = async (who: TestUser, filter: object, limit: number, most: number): Promise<Page['items']> => {
  const seen: Page['items'] = [];
  let nextToken: string | null = null;
  for (let pages = 0; pages <= most + 1; pages++) {
    const answer: { data?: unknown } = await apollo(stack.config, { token: who.idToken }).query({
      query: STATEMENTS,
      variables: { filter, limit, nextToken },
      fetchPolicy: 'no-cache',
    });
    const page: Page = (answer.data as { statements: Page }).statements;
    // A full page whenever more matches remain: never short while matches exist further on.
    if (page.nextToken) expect(page.items).toHaveLength(limit);
    for (const item of page.items) expect(item.owner).toBe(who.sub);
    seen.push(...page.items);
    nextToken = page.nextToken;
    if (!nextToken) break;
  }
  return seen;
};

/** The catalogue's path: the place held when the upload is signed, then the record. */
const upload = async (store: RecordStore, one: Statement) => {
  await store.reserveUpload(one.owner, one.id, one.size, '2999-01-01T00:00:00.000Z');
  await store.putStatement(one);
};

test('paging any filter returns exactly the filtered reference list, in statement order', async () => {
  const store = dynamoRecordStore(LOCAL_IDS.tableName, dynamoClient(stack.ports.dynamodb));
  const clear = async (owner: string) => {
    for (const id of (await store.ownerRecords(owner)).statementIds) await store.deleteStatement(owner, id);
  };
  await fc.assert(
    fc.asyncProperty(
      fc.array(statementArb, { maxLength: 25 }),
      filterArb,
      fc.integer({ min: 1, max: 7 }),
      async (planned, filter, limit) => {
        await Promise.all([clear(alice.sub), clear(bob.sub)]);
        const written: Statement[] = [];
        for (const { forBob, account, period, name } of planned) {
          const owner = forBob ? bob.sub : alice.sub;
          const id = nextId();
          const one: Statement = {
            id,
            owner,
            fileName: name,
            contentType: 'application/pdf',
            size: 10,
            key: statementKey(owner, id),
            accountLabel: account,
            period,
            status: 'AVAILABLE',
            uploadedAt: '2026-01-01T00:00:00.000Z',
          };
          await upload(store, one);
          written.push(one);
        }
        const expected = written
          .filter((one) => one.owner === alice.sub)
          .filter((one) => !filter.period || one.period === filter.period)
          .filter((one) => !filter.accountLabel || accountKeyOf(one.accountLabel) === accountKeyOf(filter.accountLabel))
          .sort(compareStatementOrder)
          .map((one) => one.id);
        const seen = await readAll(alice, filter, limit, written.length);
        expect(seen.map((item) => item.id)).toEqual(expected);
      },
    ),
    { numRuns: RUNS },
  );
}, 600_000);

test('an owner of the release before statement order reads every list complete through the migration: in upload order, then, after the sweep, in statement order', async () => {
  const client = dynamoClient(stack.ports.dynamodb);
  const store = dynamoRecordStore(LOCAL_IDS.tableName, client);
  for (const id of (await store.ownerRecords(alice.sub)).statementIds) await store.deleteStatement(alice.sub, id);
  const mine = (name: string, accountLabel: string, period: string): Statement => {
    const id = nextId();
    return {
      id,
      owner: alice.sub,
      fileName: name,
      contentType: 'application/pdf',
      size: 10,
      key: statementKey(alice.sub, id),
      accountLabel,
      period,
      status: 'AVAILABLE',
      uploadedAt: '2026-01-01T00:00:00.000Z',
    };
  };
  const early = [mine('b.pdf', 'Main', '2024-01'), mine('a.pdf', 'Main', '2024-03'), mine('c.pdf', 'Card', '2024-03')];
  for (const one of early) await upload(store, one);
  await asEarlierRelease(DynamoDBDocumentClient.from(client), LOCAL_IDS.tableName, alice.sub);
  // An upload of this release before the sweep: in the old lists too.
  const late = mine('d.pdf', 'Main', '2024-02');
  await upload(store, late);
  const names = async (filter: object) => (await readAll(alice, filter, 2, 10)).map((item) => item.fileName);
  expect(await names({})).toEqual(['d.pdf', 'c.pdf', 'a.pdf', 'b.pdf']);
  expect(await names({ accountLabel: 'main' })).toEqual(['d.pdf', 'a.pdf', 'b.pdf']);

  const objects = memoryObjects();
  for (const one of [...early, late])
    objects.objects.set(one.key, {
      contentType: one.contentType,
      size: one.size,
      metadata: encodeStatementMetadata({ fileName: one.fileName, accountLabel: one.accountLabel, period: one.period }),
      lastModified: one.uploadedAt,
    });
  expect(await createSweep({ objects, versions: objects, records: store, log: capturingLog() })()).toMatchObject({
    ordered: 3,
    ownersOrdered: 1,
    failures: 0,
  });
  expect(await names({})).toEqual(['c.pdf', 'a.pdf', 'd.pdf', 'b.pdf']);
  expect(await names({ accountLabel: 'main' })).toEqual(['a.pdf', 'd.pdf', 'b.pdf']);
  expect(await names({ period: '2024-03' })).toEqual(['c.pdf', 'a.pdf']);
  expect(await names({ accountLabel: 'MAIN', period: '2024-03' })).toEqual(['a.pdf']);
}, 120_000);
