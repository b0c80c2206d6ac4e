import fc from 'fast-check';
import {
  PROFILE_IMAGE_ROUTES,
  SHARE_HEADERS,
  SHARE_ROUTES,
  STATEMENT_ROUTES,
  apiUrl,
  isErrorBody,
  profileImagePrefix,
  statementPrefix,
  type RouteSpec,
} from '../../contract';
import { configureAmplify } from '../local/support/amplify';
import { waitFor, type StackProcess } from '../local/support/stack-process';
import { sharedStack } from '../local/support/shared-stack';
import { nastyString, rawBody } from '../support/arbitraries';
import { newUser, type TestUser } from '../local/support/users';
import { signedFetch } from '../local/support/signed';
import { rawGraphql } from '../local/support/graphql';
import { uploadStatement } from '../local/support/uploads';
import { principalCredentials } from '../../local/iam/identities';

/**
 * fast-check over HTTP against both REST APIs of the local stack, with a valid ID token:
 * the whole path (local API Gateway, authorizer, real handler, SDK, S3 and DynamoDB
 * emulators). No answer is 5xx, every 4xx is in the one error shape, no signed key leaves
 * the caller's prefix, and the stack's logs (handlers at INFO) carry no token and no
 * presigned URL. HTTP_FUZZ_RUNS sets the cases per endpoint (1,000 in `npm run test:long`:
 * with 24 endpoints, 24,000 requests, which the CI's 30 minutes on 2 cores hold); the
 * endpoints run concurrently.
 */
const RUNS = Number(process.env.HTTP_FUZZ_RUNS ?? 60);

let stack: StackProcess;
let user: TestUser;

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  user = await newUser(stack, 'fuzz');
}, 90_000);

const ROUTES: (readonly ['profileImageApiUrl' | 'statementsApiUrl', RouteSpec])[] = [
  ...Object.values(PROFILE_IMAGE_ROUTES).map((route) => ['profileImageApiUrl', route] as const),
  ...Object.values(STATEMENT_ROUTES).map((route) => ['statementsApiUrl', route] as const),
];

const pathValue = fc.oneof(fc.constantFrom('01JD0000000000000000000000', '..', '%2e%2e', '..%2F..%2Fx', 'a\\b'), nastyString);

const send = async (
  api: 'profileImageApiUrl' | 'statementsApiUrl',
  route: RouteSpec,
  input: { body: string | null; statementId: string; uploadId: string },
) => {
  const resource = route.resource.replace(/\{\w+\}/g, encodeURIComponent(input.statementId).slice(0, 2000) || 'x');
  const url = `${apiUrl(stack.config.custom[api], resource)}?uploadId=${encodeURIComponent(input.uploadId).slice(0, 2000)}`;
  const response = await fetch(url, {
    method: route.method,
    headers: { Authorization: user.idToken, 'Content-Type': 'application/json' },
    body: route.method === 'GET' ? undefined : (input.body ?? undefined),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};

describe('every route', () => {
  test.concurrent.each(ROUTES)(
    `%s %j: no 5xx, the one error shape, and only the caller's keys (${RUNS} cases)`,
    async (api, route) => {
      await fc.assert(
        fc.asyncProperty(fc.record({ body: rawBody, statementId: pathValue, uploadId: nastyString }), async (input) => {
          const answer = await send(api, route, input);
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) expect(isErrorBody(answer.body)).toBe(true);
          const urls = [answer.body?.url, ...(answer.body?.parts ?? []).map((part: { url: string }) => part.url)].filter(Boolean);
          for (const url of urls) {
            const key = decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
            expect(key.startsWith(statementPrefix(user.sub)) || key.startsWith(profileImagePrefix(user.sub))).toBe(true);
            expect(key.split('/')).not.toContain('..');
          }
        }),
        { numRuns: RUNS },
      );
    },
    600_000,
  );
});

/** A new person with one statement in each named account, filed in January 2024. */
/**
 * A person whose accounts exist once their statements are filed: the fuzzing starts only
 * when the catalogue has filed each (a rename to a name whose file is still on its way
 * would rightly take the name, and the file after it).
 */
const personWithAccounts = async (name: string, ...accountLabels: string[]) => {
  const person = await newUser(stack, name);
  for (const accountLabel of accountLabels)
    await uploadStatement(stack.config, person.idToken, {
      fileName: `${accountLabel.toLowerCase()}.pdf`,
      contentType: 'application/pdf',
      accountLabel,
      period: '2024-01',
    });
  await waitFor(async () => {
    const answer = await rawGraphql(stack.config, { Authorization: person.idToken }, '{ accounts { accountKey count } }');
    const accounts = (answer.body.data as { accounts?: { accountKey: string; count: number }[] } | undefined)?.accounts ?? [];
    return accounts.length === accountLabels.length && accounts.every((account) => account.count === 1) ? true : undefined;
  }, 'each account to be filed');
  return person;
};

describe("the account details mutation, the caller's own accounts only", () => {
  const MUTATION = `mutation ($input: AccountDetailsInput!) { updateAccountDetails(input: $input) { accountKey institution kind currency } }`;
  test(`any account key and details: a BadRequest or a GraphQL validation error, null, or the caller's own account as asked; nothing else is made (${RUNS} cases)`, async () => {
    const own = await personWithAccounts('fuzz-details', 'Own');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          accountKey: fc.oneof(fc.constantFrom('own', 'OWN', 'own ', '', 'a'.repeat(193)), nastyString),
          institution: fc.option(fc.oneof(fc.constantFrom('First Harbor Bank', '', ' ', 'x'.repeat(81)), nastyString), { nil: undefined }),
          kind: fc.option(fc.oneof(fc.constantFrom('current', 'card', 'CARD', ''), nastyString), { nil: undefined }),
          currency: fc.option(fc.oneof(fc.constantFrom('USD', 'EUR', 'usd', 'EURO', ''), nastyString), { nil: undefined }),
        }),
        async (input) => {
          const answer = await rawGraphql(stack.config, { Authorization: own.idToken }, MUTATION, { input });
          expect(answer.status).toBeLessThan(500);
          const errors = answer.body.errors ?? [];
          const value = (answer.body.data as { updateAccountDetails?: Record<string, string | null> | null } | null | undefined)
            ?.updateAccountDetails;
          if (errors.length > 0) {
            expect(value ?? null).toBeNull();
            for (const error of errors) expect(error.message).toMatch(/must|Say at least|Variable|Expected|value/i);
          } else if (value) {
            expect(input.accountKey).toBe('own');
            for (const field of ['institution', 'kind', 'currency'] as const) {
              const given = input[field];
              if (given !== undefined) expect(value[field]).toBe(given.trim() === '' ? null : given.trim());
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
    const accounts = await rawGraphql(stack.config, { Authorization: own.idToken }, '{ accounts { accountKey count } }');
    expect(accounts.body.data).toEqual({ accounts: [{ accountKey: 'own', count: 1 }] });
  }, 600_000);
});

describe("the account rename, the caller's own accounts only", () => {
  const MUTATION = `mutation ($input: RenameAccountInput!) { renameAccount(input: $input) { accountKey label } }`;
  test(`any account key and name: a BadRequest or a GraphQL validation error, null, or the caller's own account under the name; its statement stays in it, and no other account is made (${RUNS} cases)`, async () => {
    const own = await personWithAccounts('fuzz-rename', 'Own', 'Other');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          accountKey: fc.oneof(fc.constantFrom('own', 'OWN', 'own ', '', 'a'.repeat(193)), nastyString),
          label: fc.oneof(fc.constantFrom('Own', 'Main account', 'other', ' OTHER ', '', ' ', 'x'.repeat(81)), nastyString),
        }),
        async (input) => {
          const answer = await rawGraphql(stack.config, { Authorization: own.idToken }, MUTATION, { input });
          expect(answer.status).toBeLessThan(500);
          const errors = answer.body.errors ?? [];
          const value = (answer.body.data as { renameAccount?: { accountKey: string; label: string } | null } | null | undefined)
            ?.renameAccount;
          if (errors.length > 0) {
            expect(value ?? null).toBeNull();
            for (const error of errors)
              expect(error.message).toMatch(/must|Another of your accounts|name the account|Variable|Expected|value/i);
          } else if (value) {
            expect(input.accountKey).toBe('own');
            expect(value).toEqual({ accountKey: 'own', label: input.label.normalize('NFC').trim() });
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Whatever it was called, each statement is still in its own account.
    const accounts = await rawGraphql(stack.config, { Authorization: own.idToken }, '{ accounts { accountKey count } }');
    expect(accounts.body.data).toEqual({
      accounts: [
        { accountKey: 'other', count: 1 },
        { accountKey: 'own', count: 1 },
      ],
    });
  }, 600_000);
});

describe("the account schedule mutation, the caller's own accounts only", () => {
  const MUTATION = `mutation ($input: AccountScheduleInput!) { updateAccountSchedule(input: $input) { accountKey cadence statementsFrom closedAfter } }`;
  const month = fc.oneof(fc.constantFrom('2024-01', '2024-12', '2024-13', '0000-00', '9999-12', '2024-1', ''), nastyString);
  test(`any account key, cadence and months: a BadRequest or a GraphQL validation error, null, or the caller's own account as asked; nothing else is made (${RUNS} cases)`, async () => {
    const own = await personWithAccounts('fuzz-accounts', 'Own');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          accountKey: fc.oneof(fc.constantFrom('own', 'OWN', 'own ', '', 'a'.repeat(193)), nastyString),
          cadence: fc.option(fc.oneof(fc.constantFrom('MONTHLY', 'QUARTERLY', 'YEARLY', 'IRREGULAR', 'monthly'), nastyString), {
            nil: undefined,
          }),
          statementsFrom: fc.option(month, { nil: undefined }),
          closedAfter: fc.option(month, { nil: undefined }),
        }),
        async (input) => {
          const answer = await rawGraphql(stack.config, { Authorization: own.idToken }, MUTATION, { input });
          expect(answer.status).toBeLessThan(500);
          const errors = answer.body.errors ?? [];
          const value = (answer.body.data as { updateAccountSchedule?: unknown } | null | undefined)?.updateAccountSchedule;
          if (errors.length > 0) {
            expect(value ?? null).toBeNull();
            for (const error of errors) expect(error.message).toMatch(/must|Variable|Expected|Enum|value/i);
          } else if (value !== null) {
            expect(input.accountKey).toBe('own');
            expect(value).toEqual({
              accountKey: 'own',
              cadence: input.cadence || null,
              statementsFrom: input.statementsFrom || null,
              closedAfter: input.closedAfter || null,
            });
          }
        },
      ),
      { numRuns: RUNS },
    );
    // The one account there was is the one there is.
    const accounts = await rawGraphql(stack.config, { Authorization: own.idToken }, '{ accounts { accountKey count } }');
    expect(accounts.body.data).toEqual({ accounts: [{ accountKey: 'own', count: 1 }] });
  }, 600_000);
});

describe("the share routes, signed by the web server's role", () => {
  const SIGNER = principalCredentials('webServer');
  test.concurrent.each(Object.values(SHARE_ROUTES))(
    `%j: any secret, viewer and path: no 5xx, the one error shape, and a dead link's one 404 (${RUNS} cases)`,
    async (route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ secret: nastyString, address: nastyString, agent: nastyString, statementId: pathValue, disposition: nastyString }),
          async (input) => {
            const headerValue = (value: string) => value.replace(/[^\x20-\x7e]/g, '').slice(0, 1000);
            const resource = route.resource.replace(/\{\w+\}/g, encodeURIComponent(input.statementId).slice(0, 2000) || 'x');
            const response = await signedFetch(
              SIGNER,
              `${apiUrl(stack.config.custom.statementsApiUrl, resource)}?disposition=${encodeURIComponent(input.disposition).slice(0, 200)}`,
              {
                headers: {
                  [SHARE_HEADERS.secret]: headerValue(input.secret),
                  [SHARE_HEADERS.viewerAddress]: headerValue(input.address),
                  [SHARE_HEADERS.viewerAgent]: headerValue(input.agent),
                },
              },
            );
            const text = await response.text();
            const body = text ? JSON.parse(text) : undefined;
            expect(response.status).toBeLessThan(500);
            expect(isErrorBody(body)).toBe(true);
            // No share was made: every link, however it looks, leads nowhere (or a bad request is refused first).
            expect([400, 404, 429]).toContain(response.status);
          },
        ),
        { numRuns: Math.min(RUNS, 500) },
      );
    },
    600_000,
  );
});

test("a body over API Gateway's 10 MB limit is refused with 413 in the error shape", async () => {
  const answer = await send('statementsApiUrl', STATEMENT_ROUTES.createUpload, {
    body: JSON.stringify({ pad: 'x'.repeat(11 * 1024 * 1024) }),
    statementId: 'x',
    uploadId: 'x',
  });
  expect(answer.status).toBe(413);
  expect(isErrorBody(answer.body)).toBe(true);
});

test('no log line of the stack carries the token or a presigned URL', () => {
  const output = stack.output();
  expect(output).toMatch(/"level":"INFO","message":"request/);
  expect(output).not.toContain(user.idToken);
  expect(output).not.toContain(user.idToken.split('.')[2]);
  expect(output).not.toMatch(/X-Amz-Signature|X-Amz-Credential/);
});
