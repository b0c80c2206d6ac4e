import * as z from 'zod';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, statementIdSchema, uploadQuerySchema } from '../../contract';
import { createRouter, on } from '../../lambda/shared/http';
import { apiEvent, capturingLog, json, partList } from '../support/lambda-fakes';

// What a handler reads and answers is checked against the contract's route by `tsc` in
// `npm test`: each `@ts-expect-error` below fails the type check if what it marks were accepted.

const deps = { log: capturingLog(), cors: { allowedOrigins: [] } };
const STATEMENT_ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

const router = createRouter(
  [
    on(STATEMENT_ROUTES.partUrls, async ({ sub, body, param }) => {
      const request = body();
      const url = `https://example.com/${sub}/${param('statementId', statementIdSchema)}/${request.uploadId}`;
      return {
        status: 200,
        body: { parts: request.parts.map((part) => ({ partNumber: part.partNumber, size: 1, url, headers: {} })), expiresAt: 'later' },
      };
    }),
    on(STATEMENT_ROUTES.abortUpload, async ({ query }) => {
      query(uploadQuerySchema);
      return { status: 204 };
    }),
  ],
  deps,
);

test("a handler reads the body through its route's schema, and the path parameter and query by name", async () => {
  const event = (body: unknown) => apiEvent({ ...STATEMENT_ROUTES.partUrls, body, pathParameters: { statementId: STATEMENT_ID } });
  const answered = await router(event({ uploadId: 'u1', size: 100 * 1024 * 1024, parts: partList([1, 2]) }));
  expect(answered.statusCode).toBe(200);
  expect(json(answered).parts.map((part: { partNumber: number; url: string }) => [part.partNumber, part.url])).toEqual([
    [1, expect.stringMatching(new RegExp(`/${STATEMENT_ID}/u1$`))],
    [2, expect.stringMatching(new RegExp(`/${STATEMENT_ID}/u1$`))],
  ]);
  // The route's own schema refuses, in words, before the handler goes on.
  const refused = await router(event({ uploadId: 'u1' }));
  expect(refused.statusCode).toBe(400);
  expect(json(refused).error.message).toMatch(/^Invalid body: /);
  const noQuery = await router(apiEvent({ ...STATEMENT_ROUTES.abortUpload, pathParameters: { statementId: STATEMENT_ID } }));
  expect(noQuery.statusCode).toBe(400);
  expect(json(noQuery).error.message).toMatch(/^Invalid query: uploadId/);
});

test('what a handler may read and answer comes from its route', () => {
  const entries = [
    on(STATEMENT_ROUTES.downloadUrl, async ({ param }) => {
      // @ts-expect-error the download route's resource has no uploadId
      param('uploadId', z.string());
      return { status: 200, body: { url: 'https://x', expiresAt: 'later', fileName: 'a.pdf' } };
    }),
    // @ts-expect-error the download answer carries its url
    on(PROFILE_IMAGE_ROUTES.downloadUrl, async () => ({ status: 200, body: { expiresAt: 'later' } })),
    // @ts-expect-error a route that answers nothing answers 204
    on(STATEMENT_ROUTES.deleteStatement, async () => ({ status: 200, body: {} })),
    on(PROFILE_IMAGE_ROUTES.uploadUrl, async ({ body }) => {
      // The parsed body has the route's fields, and only those.
      const { contentType, size } = body();
      // @ts-expect-error an avatar's body has no account label
      void body().accountLabel;
      return { status: 200, body: { method: 'PUT' as const, url: contentType, headers: {}, expiresAt: String(size), key: 'k' } };
    }),
  ];
  expect(entries.map((entry) => entry.route)).toEqual([
    STATEMENT_ROUTES.downloadUrl,
    PROFILE_IMAGE_ROUTES.downloadUrl,
    STATEMENT_ROUTES.deleteStatement,
    PROFILE_IMAGE_ROUTES.uploadUrl,
  ]);
});
