import { SOME_SHA256 } from '../support/lambda-fakes';
import autocannon from 'autocannon';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATEMENT_ROUTES, apiUrl } from '../../contract';
import { configureAmplify } from '../local/support/amplify';
import { STATEMENTS, apollo } from '../local/support/graphql';
import { waitFor, type StackProcess } from '../local/support/stack-process';
import { sharedStack } from '../local/support/shared-stack';
import { uploadStatement } from '../local/support/uploads';
import { newUser, type TestUser } from '../local/support/users';

/**
 * Bounded loopback load on the local stack (autocannon, 50 connections, 10 s each) against
 * the statements REST API and AppSync: zero errors and zero non-2xx answers are required;
 * p50/p99 go to test-results/load.json. Then a burst of concurrent uploads, all of which
 * must end up listed (no lost writes).
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const WRITES = 200;

let stack: StackProcess;
let user: TestUser;
const report: Record<string, unknown> = {};

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  user = await newUser(stack, 'load');
}, 90_000);

afterAll(async () => {
  fs.mkdirSync(path.join(__dirname, '..', '..', 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, '..', '..', 'test-results', 'load.json'), JSON.stringify(report, null, 2));
});

const load = (name: string, options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      report[name] = {
        requests: result.requests.total,
        perSecond: result.requests.average,
        p50ms: result.latency.p50,
        p99ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
      };
      resolve(result);
    }),
  );

test('statements REST API (sign an upload): 0 errors under 50 connections', async () => {
  const result = await load('restCreateUpload', {
    url: apiUrl(stack.config.custom.statementsApiUrl, STATEMENT_ROUTES.createUpload.resource),
    method: 'POST',
    headers: { Authorization: user.idToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fileName: 'load.pdf',
      contentType: 'application/pdf',
      size: 1000,
      accountLabel: 'Load',
      period: '2024-07',
      checksum: SOME_SHA256,
    }),
  });
  expect(result.requests.total).toBeGreaterThan(0);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
}, 60_000);

test('AppSync (list statements with the user pool token): 0 errors under 50 connections', async () => {
  const result = await load('graphqlStatements', {
    url: stack.config.data.url,
    method: 'POST',
    headers: { Authorization: user.idToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ statements(limit: 20) { items { id } nextToken } }' }),
  });
  expect(result.requests.total).toBeGreaterThan(0);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
}, 60_000);

test(`${WRITES} concurrent uploads: every one is listed (no lost writes)`, async () => {
  const started = Date.now();
  const ids: string[] = [];
  const queue = Array.from({ length: WRITES }, (_, index) => index);
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { statementId } = await uploadStatement(stack.config, user.idToken, {
          fileName: `load-${next}.pdf`,
          contentType: 'application/pdf',
          accountLabel: 'Load',
          period: '2024-07',
          size: 4096,
        });
        ids.push(statementId);
      }
    }),
  );
  const client = apollo(stack.config, { token: user.idToken });
  const listedIds = await waitFor(
    async () => {
      const seen = new Set<string>();
      let nextToken: string | null = null;
      do {
        const page = (await client.query({ query: STATEMENTS, variables: { limit: 100, nextToken }, fetchPolicy: 'no-cache' })).data as {
          statements: { items: { id: string }[]; nextToken: string | null };
        };
        for (const item of page.statements.items) seen.add(item.id);
        nextToken = page.statements.nextToken;
      } while (nextToken);
      return ids.every((id) => seen.has(id)) ? seen : undefined;
    },
    `all ${WRITES} uploads to be listed`,
    30_000,
  );
  report.uploads = {
    count: WRITES,
    concurrency: 20,
    seconds: (Date.now() - started) / 1000,
    listed: ids.filter((id) => listedIds.has(id)).length,
  };
  expect(ids).toHaveLength(WRITES);
}, 120_000);
