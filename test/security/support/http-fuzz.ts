import fc from 'fast-check';
import {
  PROFILE_IMAGE_ROUTES,
  STATEMENT_ROUTES,
  apiUrl,
  isErrorBody,
  profileImagePrefix,
  routeBody,
  statementPrefix,
  type RouteSpec,
  type TypedRoute,
} from '../../../contract';
import { configureAmplify } from '../../local/support/amplify';
import { rawGraphql } from '../../local/support/graphql';
import { sharedStack } from '../../local/support/shared-stack';
import { waitFor, type StackProcess } from '../../local/support/stack-process';
import { uploadStatement } from '../../local/support/uploads';
import { newUser, type TestUser } from '../../local/support/users';
import { nastyString, rawBody } from '../../support/arbitraries';

/**
 * fast-check over HTTP against the local stack's APIs, with a valid ID token: the whole path
 * (local API Gateway, authorizer, real handler, SDK, S3 and DynamoDB emulators). No answer
 * is 5xx, every 4xx is in the one error shape, no signed key leaves the caller's prefix, and
 * the stack's logs (handlers at INFO) carry no token and no presigned URL. HTTP_FUZZ_RUNS
 * sets the cases per route (1,000 in `npm run test:long`; the routes that read no part of a
 * case share theirs, `casesFor`); the routes of a file run concurrently. The routes are
 * fuzzed in two files (fuzz-http.test.ts and fuzz-http-files.test.ts) so the long run's two
 * workers share them.
 */
export const RUNS = Number(process.env.HTTP_FUZZ_RUNS ?? 60);

export type FuzzedApi = 'profileImageApiUrl' | 'statementsApiUrl';

/** Every REST route a person calls with their token, with its API. */
export const PERSON_ROUTES: (readonly [FuzzedApi, RouteSpec])[] = [
  ...Object.values(PROFILE_IMAGE_ROUTES).map((route) => ['profileImageApiUrl', route] as const),
  ...Object.values(STATEMENT_ROUTES).map((route) => ['statementsApiUrl', route] as const),
];

/** The routes of a person's files: uploads, statements, deleted ones, packets, shares and the profile image. */
export const isFileRoute = ([api, route]: readonly [FuzzedApi, RouteSpec]): boolean =>
  api === 'profileImageApiUrl' || /^\/(uploads|statements|deleted|packets|shares)(\/|$)/.test(route.resource);

export const pathValue = fc.oneof(fc.constantFrom('01JD0000000000000000000000', '..', '%2e%2e', '..%2F..%2Fx', 'a\\b'), nastyString);

/** The shared stack of this worker and a new person on it, made before the file's tests. */
export const fuzzingSetup = (name: string) => {
  const setup = {} as { stack: StackProcess; user: TestUser };
  beforeAll(async () => {
    setup.stack = await sharedStack();
    configureAmplify(setup.stack.config);
    setup.user = await newUser(setup.stack, name);
  }, 90_000);
  return setup;
};

export const send = async (
  stack: StackProcess,
  user: TestUser,
  api: FuzzedApi,
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

type QueryOf<Route> = Route extends TypedRoute<RouteSpec['method'], string, unknown, unknown, infer Query> ? Query : never;
type StatementRouteName = keyof typeof STATEMENT_ROUTES;
/** The names of the statement routes whose query is the `uploadId` the cases vary. */
type ReadsUploadId = {
  [Name in StatementRouteName]: 'uploadId' extends QueryOf<(typeof STATEMENT_ROUTES)[Name]> ? Name : never;
}[StatementRouteName];
/** Those routes, every one: the type check fails while one is missing here, or one here reads no `uploadId`. */
const READS_UPLOAD_ID: Record<ReadsUploadId, RouteSpec> = {
  listParts: STATEMENT_ROUTES.listParts,
  abortUpload: STATEMENT_ROUTES.abortUpload,
};

/**
 * What of a case reaches a route's own code past the gateway, as a key that the routes of one
 * API alike in it share; undefined when the route reads a body (each route's schema is its
 * own) or the `uploadId` query. Any other route reads only its path parameters, each parsed by
 * the one schema of its name (a statement id, a share id, a device id), and is handed a body it
 * never parses and a query it never reads.
 */
const sharedShapeOf = ([api, route]: readonly [FuzzedApi, RouteSpec]): string | undefined =>
  routeBody(route) !== undefined || Object.values(READS_UPLOAD_ID).includes(route)
    ? undefined
    : `${api} ${(route.resource.match(/\{\w+\}/g) ?? []).join(' ')}`;

/**
 * How many cases a route gets. The routes of one API that read the same path parameters (or
 * none) and nothing else see in each case what each of them sees: one handler behind one
 * gateway, parsing the same parameters with the same schemas. They share RUNS cases, a share
 * each, rather than RUNS each of one shape; a route that reads a body or a query gets RUNS.
 */
export const casesFor = (entry: readonly [FuzzedApi, RouteSpec]): number => {
  const shape = sharedShapeOf(entry);
  if (shape === undefined) return RUNS;
  return Math.ceil(RUNS / PERSON_ROUTES.filter((other) => sharedShapeOf(other) === shape).length);
};

/** Each route over any body and path: no 5xx, the one error shape, and only the caller's keys. */
export const fuzzEveryRoute = (setup: { stack: StackProcess; user: TestUser }, routes: (readonly [FuzzedApi, RouteSpec])[]) =>
  test.concurrent.each(routes.map((entry) => [...entry, casesFor(entry)] as const))(
    `%s %j: no 5xx, the one error shape, and only the caller's keys (%i cases)`,
    async (api, route, cases) => {
      const { stack, user } = setup;
      await fc.assert(
        fc.asyncProperty(fc.record({ body: rawBody, statementId: pathValue, uploadId: nastyString }), async (input) => {
          const answer = await send(stack, user, api, route, input);
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) expect(isErrorBody(answer.body)).toBe(true);
          const urls = [answer.body?.url, ...(answer.body?.parts ?? []).map((part: { url: string }) => part.url)].filter(Boolean);
          for (const url of urls) {
            const key = decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
            expect(key.startsWith(statementPrefix(user.sub)) || key.startsWith(profileImagePrefix(user.sub))).toBe(true);
            expect(key.split('/')).not.toContain('..');
          }
        }),
        { numRuns: cases },
      );
    },
    600_000,
  );

/** The stack's log lines, read after the file's requests: none carries the person's token or a presigned URL. */
export const noSecretInLogs = (setup: { stack: StackProcess; user: TestUser }) =>
  test('no log line of the stack carries the token or a presigned URL', () => {
    const output = setup.stack.output();
    expect(output).toMatch(/"level":"INFO","message":"request/);
    expect(output).not.toContain(setup.user.idToken);
    expect(output).not.toContain(setup.user.idToken.split('.')[2]);
    expect(output).not.toMatch(/X-Amz-Signature|X-Amz-Credential/);
  });

/**
 * A person whose accounts exist once their statements are filed: the fuzzing starts only
 * when the catalogue has filed each (a rename to a name whose file is still on its way
 * would rightly take the name, and the file after it).
 */
export const personWithAccounts = async (stack: StackProcess, name: string, ...accountLabels: string[]) => {
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
