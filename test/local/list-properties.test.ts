import fc from 'fast-check';
import { accountKeyOf, statementKey, type Statement } from '../../contract';
import { dynamoRecordStore } from '../../lambda/shared/records';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { STATEMENTS, apollo } from './support/graphql';
import type { StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import type { TestUser } from './support/users';

/**
 * For random statements of two users and a random filter, paging through the GraphQL API
 * (Apollo, the VTL the CDK app deploys, DynamoDB Local) in pages of random size returns
 * exactly the reference list: the caller's matches, newest first, nothing missing,
 * nothing twice, nothing of the other user. Records are written by the catalogue's own
 * store. FUZZ_RUNS raises the case count.
 */
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 25), 200);
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const ACCOUNTS = ['Checking', 'checking', ' CHECKING', 'Savings', 'Brokerage'];
const PERIODS = ['2024-01', '2024-02', '2024-03'];

const statementArb = fc.record({
  forBob: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  account: fc.constantFrom(...ACCOUNTS),
  period: fc.constantFrom(...PERIODS),
});
const filterArb = fc.record({
  accountLabel: fc.option(fc.constantFrom(...ACCOUNTS, 'nobody'), { nil: undefined }),
  period: fc.option(fc.constantFrom(...PERIODS), { nil: undefined }),
});

interface Page {
  items: { id: string; owner: string }[];
  nextToken: string | null;
}

let sequence = 0;
const nextId = () => `01JE${String(++sequence).padStart(22, '0')}`;

test('paging any filter returns exactly the filtered, newest-first reference list', async () => {
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
        for (const { forBob, account, period } of planned) {
          const owner = forBob ? bob.sub : alice.sub;
          const id = nextId();
          const one: Statement = {
            id,
            owner,
            fileName: `${id}.pdf`,
            contentType: 'application/pdf',
            size: 10,
            key: statementKey(owner, id),
            accountLabel: account,
            period,
            status: 'AVAILABLE',
            uploadedAt: '2026-01-01T00:00:00.000Z',
          };
          await store.putStatement(one);
          written.push(one);
        }
        const expected = written
          .filter((one) => one.owner === alice.sub)
          .filter((one) => !filter.period || one.period === filter.period)
          .filter((one) => !filter.accountLabel || accountKeyOf(one.accountLabel) === accountKeyOf(filter.accountLabel))
          .map((one) => one.id)
          .reverse();

        const seen: string[] = [];
        let nextToken: string | null = null;
        for (let pages = 0; pages <= written.length + 1; pages++) {
          const answer: { data?: unknown } = await apollo(stack.config, { token: alice.idToken }).query({
            query: STATEMENTS,
            variables: { filter, limit, nextToken },
            fetchPolicy: 'no-cache',
          });
          const page: Page = (answer.data as { statements: Page }).statements;
          // A full page whenever more matches remain: never short while matches exist further on.
          if (page.nextToken) expect(page.items).toHaveLength(limit);
          for (const item of page.items) expect(item.owner).toBe(alice.sub);
          seen.push(...page.items.map((item) => item.id));
          nextToken = page.nextToken;
          if (!nextToken) break;
        }
        expect(seen).toEqual(expected);
      },
    ),
    { numRuns: RUNS },
  );
}, 600_000);
