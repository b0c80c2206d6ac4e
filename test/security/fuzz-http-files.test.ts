import { STATEMENT_ROUTES, isErrorBody } from '../../contract';
import { PERSON_ROUTES, fuzzEveryRoute, fuzzingSetup, isFileRoute, noSecretInLogs, send } from './support/http-fuzz';

/**
 * The routes of a person's files over HTTP (uploads, statements, deleted ones, packets,
 * shares, the profile image), fuzzed as support/http-fuzz.ts says; the other routes are in
 * fuzz-http.test.ts.
 */
const setup = fuzzingSetup('fuzz-files');

describe("every route of a person's files", () => {
  fuzzEveryRoute(setup, PERSON_ROUTES.filter(isFileRoute));
});

test("a body over API Gateway's 10 MB limit is refused with 413 in the error shape", async () => {
  const answer = await send(setup.stack, setup.user, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
    body: JSON.stringify({ pad: 'x'.repeat(11 * 1024 * 1024) }),
    statementId: 'x',
    uploadId: 'x',
  });
  expect(answer.status).toBe(413);
  expect(isErrorBody(answer.body)).toBe(true);
});

noSecretInLogs(setup);
