import fc from 'fast-check';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import {
  MiB,
  PROFILE_IMAGE_ROUTES,
  STATEMENT_ROUTES,
  STATEMENT_TYPES,
  isErrorBody,
  profileImagePrefix,
  statementPrefix,
} from '../../contract';
import { createProfileImageApi } from '../../lambda/profile-image/core';
import { createStatementsApi } from '../../lambda/statements/core';
import { nastyString, rawBody, sub } from '../support/arbitraries';
import { apiEvent, checksumForSize, memoryApiDeps, signedParts } from '../support/lambda-fakes';

/**
 * Properties over generated requests, run in-process against both handlers:
 * no input makes a handler throw or answer 5xx, every refusal uses the one error shape,
 * no signed key leaves the caller's prefix, and no log line carries a token or a URL.
 * FUZZ_RUNS raises the case count (the long fuzz run sets it to 10,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const FAKE_TOKEN = 'eyJraWQiOiJmYWtlIiwiYWxnIjoiUlMyNTYifQ.eyJzdWIiOiJmYWtlIn0.c2lnbmF0dXJl';

const setup = () => {
  const deps = memoryApiDeps();
  return { log: deps.log, profile: createProfileImageApi(deps), statements: createStatementsApi(deps) };
};

const routes = [...Object.values(PROFILE_IMAGE_ROUTES), ...Object.values(STATEMENT_ROUTES)];

/** Requests aimed at one route (with now and then a wrong method). */
const eventFor = (route: (typeof routes)[number]) =>
  fc.record({
    route: fc.constant(route),
    method: fc.oneof(fc.constant(undefined), fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH')),
    sub: fc.oneof(sub, fc.constant(null), fc.string()),
    rawBody,
    statementId: fc.oneof(fc.constantFrom('01JD0000000000000000000000', '../x', ''), nastyString),
    uploadId: fc.oneof(fc.constant('upload-1'), nastyString),
  });

const event = fc.record({
  route: fc.constantFrom(...routes),
  method: fc.oneof(fc.constant(undefined), fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH')),
  sub: fc.oneof(sub, fc.constant(null), fc.string()),
  rawBody,
  statementId: fc.oneof(fc.constantFrom('01JD0000000000000000000000', '../x', ''), nastyString),
  uploadId: fc.oneof(fc.constant('upload-1'), nastyString),
});

type GeneratedEvent = typeof event extends fc.Arbitrary<infer T> ? T : never;

const toApiEvent = (input: GeneratedEvent): APIGatewayProxyEvent => {
  const built = apiEvent({
    method: input.method ?? input.route.method,
    resource: input.route.resource,
    sub: input.sub,
    rawBody: input.rawBody,
    pathParameters: input.route.resource.includes('{statementId}') ? { statementId: input.statementId } : null,
    query: { uploadId: input.uploadId },
  });
  built.headers = { ...built.headers, Authorization: `Bearer ${FAKE_TOKEN}` };
  return built;
};

const handlerFor = (api: ReturnType<typeof setup>, resource: string) =>
  Object.values(PROFILE_IMAGE_ROUTES).some((route) => route.resource === resource) ? api.profile : api.statements;

const signedUrls = (result: APIGatewayProxyResult): string[] => {
  if (!result.body) return [];
  const body = JSON.parse(result.body);
  return [body.url, ...(body.parts ?? []).map((part: { url: string }) => part.url)].filter(Boolean);
};

describe.each(routes.map((route) => [`${route.method} ${route.resource}`, route] as const))('%s', (_name, route) => {
  test(`no input makes the handler throw or answer 5xx; every refusal uses the one error shape (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(eventFor(route), async (input) => {
        const api = setup();
        const result = await handlerFor(api, input.route.resource)(toApiEvent(input));
        expect(result.statusCode).toBeGreaterThanOrEqual(200);
        expect(result.statusCode).toBeLessThan(500);
        if (result.statusCode >= 400) expect(isErrorBody(JSON.parse(result.body))).toBe(true);
        const logged = api.log.text();
        expect(logged).not.toContain(FAKE_TOKEN);
        expect(logged).not.toMatch(/X-Amz-Signature|X-Amz-Credential|https?:\/\//);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  test(`no signed key falls outside the caller's prefix (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(eventFor(route), sub, async (input, caller) => {
        const api = setup();
        const result = await handlerFor(api, input.route.resource)(toApiEvent({ ...input, sub: caller }));
        for (const url of signedUrls(result)) {
          const { key } = signedParts(url);
          expect([statementPrefix(caller), profileImagePrefix(caller)].some((prefix) => key.startsWith(prefix))).toBe(true);
          expect(key.split('/')).not.toContain('..');
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});

test('requests across all routes: no 5xx and the one error shape', async () => {
  await fc.assert(
    fc.asyncProperty(event, async (input) => {
      const api = setup();
      const result = await handlerFor(api, input.route.resource)(toApiEvent(input));
      expect(result.statusCode).toBeGreaterThanOrEqual(200);
      expect(result.statusCode).toBeLessThan(500);
      if (result.statusCode >= 400) expect(isErrorBody(JSON.parse(result.body))).toBe(true);
    }),
    { numRuns: RUNS },
  );
});

test('valid requests always sign, so the properties above are not passing vacuously', async () => {
  await fc.assert(
    fc.asyncProperty(sub, fc.constantFrom(...STATEMENT_TYPES), fc.integer({ min: 1, max: 1024 * MiB }), async (caller, type, bytes) => {
      const api = setup();
      const result = await api.statements(
        apiEvent({
          ...STATEMENT_ROUTES.createUpload,
          sub: caller,
          body: {
            fileName: 'a.pdf',
            contentType: type,
            size: bytes,
            accountLabel: 'Main',
            period: '2024-02',
            checksum: checksumForSize(bytes),
          },
        }),
      );
      expect(result.statusCode).toBe(201);
    }),
    { numRuns: Math.min(RUNS, 100) },
  );
});

test('no log line contains a token or a presigned URL', async () => {
  await fc.assert(
    fc.asyncProperty(event, async (input) => {
      const api = setup();
      const result = await handlerFor(api, input.route.resource)(toApiEvent(input));
      const logged = api.log.text();
      expect(logged).not.toContain(FAKE_TOKEN);
      expect(logged).not.toMatch(/X-Amz-Signature|X-Amz-Credential|https?:\/\//);
      for (const url of signedUrls(result)) expect(logged).not.toContain(url);
    }),
    { numRuns: RUNS },
  );
});
