import fc from 'fast-check';
import { SHARE_HEADERS, SHARE_ROUTES, apiUrl, isErrorBody } from '../../contract';
import { principalCredentials } from '../../local/iam/identities';
import { rawGraphql } from '../local/support/graphql';
import { signedFetch } from '../local/support/signed';
import { nastyString } from '../support/arbitraries';
import {
  PERSON_ROUTES,
  RUNS,
  fuzzEveryRoute,
  fuzzingSetup,
  isFileRoute,
  noSecretInLogs,
  pathValue,
  personWithAccounts as personWith,
} from './support/http-fuzz';

/**
 * A person's other routes over HTTP (their identifier key, mail address, devices and
 * account), the account mutations over GraphQL and the share routes the web server signs,
 * fuzzed as support/http-fuzz.ts says; the routes of a person's files are in
 * fuzz-http-files.test.ts.
 */
const setup = fuzzingSetup('fuzz');
const personWithAccounts = (name: string, ...accountLabels: string[]) => personWith(setup.stack, name, ...accountLabels);

describe('every other route', () => {
  fuzzEveryRoute(
    setup,
    PERSON_ROUTES.filter((entry) => !isFileRoute(entry)),
  );
});

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
          const answer = await rawGraphql(setup.stack.config, { Authorization: own.idToken }, MUTATION, { input });
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
    const accounts = await rawGraphql(setup.stack.config, { Authorization: own.idToken }, '{ accounts { accountKey count } }');
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
          const answer = await rawGraphql(setup.stack.config, { Authorization: own.idToken }, MUTATION, { input });
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
    const accounts = await rawGraphql(setup.stack.config, { Authorization: own.idToken }, '{ accounts { accountKey count } }');
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
          const answer = await rawGraphql(setup.stack.config, { Authorization: own.idToken }, MUTATION, { input });
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
    const accounts = await rawGraphql(setup.stack.config, { Authorization: own.idToken }, '{ accounts { accountKey count } }');
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
              `${apiUrl(setup.stack.config.custom.statementsApiUrl, resource)}?disposition=${encodeURIComponent(input.disposition).slice(0, 200)}`,
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

noSecretInLogs(setup);
