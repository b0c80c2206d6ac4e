import { PROFILE_IMAGE_LIMITS, PROFILE_IMAGE_ROUTES, isErrorBody, profileImageKey } from '../../contract';
import { createProfileImageApi } from '../../lambda/profile-image/core';
import {
  ALICE,
  BOB,
  ORIGIN,
  SIGNING_DATE,
  apiEvent,
  capturingLog,
  json,
  memoryRecords,
  signedParts,
  testPresigner,
  SOME_SHA256,
} from '../support/lambda-fakes';

const setup = () => {
  const records = memoryRecords();
  const log = capturingLog();
  const handler = createProfileImageApi({
    presigner: testPresigner(),
    records,
    log,
    cors: { allowedOrigins: [ORIGIN] },
  });
  return { handler, records, log };
};

/** An upload request; every body carries a checksum unless it names its own. */
const upload = (body: Record<string, unknown>, sub?: string | null) =>
  apiEvent({ ...PROFILE_IMAGE_ROUTES.uploadUrl, body: { checksum: SOME_SHA256, ...body }, sub });

describe('profile image upload URL', () => {
  test("signs a PUT to the caller's own avatar key with type and exact length in the signature", async () => {
    const { handler } = setup();
    const result = await handler(upload({ contentType: 'image/png', size: 1234 }));
    expect(result.statusCode).toBe(200);
    const body = json(result);
    expect(body.key).toBe(profileImageKey(ALICE));
    expect(body.method).toBe('PUT');
    expect(body.headers).toEqual({ 'content-type': 'image/png', 'x-amz-checksum-sha256': SOME_SHA256 });
    // S3 refuses an image whose SHA-256 is not the one signed.
    expect(signedParts(body.url).signedHeaders).toContain('x-amz-checksum-sha256');
    expect(body.expiresAt).toBe(new Date(SIGNING_DATE.getTime() + 300_000).toISOString());

    const signed = signedParts(body.url);
    expect(signed.key).toBe(`profile-images/${ALICE}/avatar`);
    expect(signed.expires).toBe(PROFILE_IMAGE_LIMITS.uploadUrlSeconds);
    expect(signed.signedHeaders).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    // Only the checksum of the declared image: no CRC32 of an empty body (the SDK's default) and no checksum in the query.
    expect(signed.signedHeaders.filter((name: string) => name.startsWith('x-amz-checksum'))).toEqual(['x-amz-checksum-sha256']);
    expect(body.url).not.toMatch(/x-amz-sdk-checksum|crc32/i);
    expect(signed.query.has('x-amz-checksum-sha256')).toBe(false);
  });

  test('a different declared type or size yields a different signature (S3 compares them)', async () => {
    const { handler } = setup();
    const png = signedParts(json(await handler(upload({ contentType: 'image/png', size: 1234 }))).url);
    const jpeg = signedParts(json(await handler(upload({ contentType: 'image/jpeg', size: 1234 }))).url);
    const bigger = signedParts(json(await handler(upload({ contentType: 'image/png', size: 1235 }))).url);
    expect(new Set([png.signature, jpeg.signature, bigger.signature]).size).toBe(3);
  });

  test('accepts mixed case and parameters but signs the canonical type', async () => {
    const { handler } = setup();
    const body = json(await handler(upload({ contentType: 'Image/WebP; charset=binary', size: 10 })));
    expect(body.headers['content-type']).toBe('image/webp');
  });

  test('refuses another type with 415 and the accepted types in words', async () => {
    const { handler } = setup();
    const result = await handler(upload({ contentType: 'application/pdf', size: 10 }));
    expect(result.statusCode).toBe(415);
    expect(json(result)).toEqual({
      error: { code: 'UNSUPPORTED_TYPE', message: 'Profile images must be JPEG, PNG or WebP files; this one is a PDF.' },
    });
  });

  test('refuses more than 5 MiB with 413 and allows exactly 5 MiB', async () => {
    const { handler } = setup();
    const tooBig = await handler(upload({ contentType: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }));
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).error.message).toMatch(/at most 5 MiB/);
    expect((await handler(upload({ contentType: 'image/jpeg', size: 5 * 1024 * 1024 }))).statusCode).toBe(200);
  });

  test.each([
    ['a missing body', undefined, 'needs a JSON body'],
    ['malformed JSON', '{"contentType":', 'not valid JSON'],
    ['a string size', { contentType: 'image/png', size: '12' }, 'size'],
    ['a fractional size', { contentType: 'image/png', size: 1.5 }, 'whole number'],
    ['a negative size', { contentType: 'image/png', size: -1 }, 'at least 1 byte'],
    ['an unknown field', { contentType: 'image/png', size: 1, key: 'profile-images/x/avatar' }, 'key'],
    ['a missing checksum', { contentType: 'image/png', size: 1, checksum: undefined }, 'checksum'],
    ['a hex checksum', { contentType: 'image/png', size: 1, checksum: 'a'.repeat(64) }, 'base64 SHA-256'],
  ])('refuses %s with 400 in the one error shape', async (_name, body, message) => {
    const { handler } = setup();
    const event =
      typeof body === 'string' || body === undefined
        ? apiEvent({ ...PROFILE_IMAGE_ROUTES.uploadUrl, rawBody: body ?? null })
        : upload(body);
    const result = await handler(event);
    expect(result.statusCode).toBe(400);
    expect(isErrorBody(json(result))).toBe(true);
    expect(json(result).error.message).toContain(message);
  });

  test('refuses a body over the API limit with 413', async () => {
    const { handler } = setup();
    const result = await handler(apiEvent({ ...PROFILE_IMAGE_ROUTES.uploadUrl, rawBody: JSON.stringify({ pad: 'x'.repeat(20_000) }) }));
    expect(result.statusCode).toBe(413);
    expect(json(result).error.code).toBe('BODY_TOO_LARGE');
  });

  test.each([
    ['no claims at all', null],
    ['a sub that is not a Cognito sub', 'not-a-uuid'],
  ])('answers 401 and signs nothing for %s', async (_name, sub) => {
    const { handler, log } = setup();
    const result = await handler(upload({ contentType: 'image/png', size: 1 }, sub));
    expect(result.statusCode).toBe(401);
    expect(json(result).error.code).toBe('UNAUTHORIZED');
    expect(result.body).not.toContain('X-Amz-Signature');
    expect(log.text()).not.toContain('X-Amz-Signature');
  });

  test('echoes an allowed origin for CORS and nothing for another', async () => {
    const { handler } = setup();
    const allowed = await handler(upload({ contentType: 'image/png', size: 1 }));
    expect(allowed.headers?.['Access-Control-Allow-Origin']).toBe(ORIGIN);
    const other = await handler(
      apiEvent({
        ...PROFILE_IMAGE_ROUTES.uploadUrl,
        body: { contentType: 'image/png', size: 1, checksum: SOME_SHA256 },
        origin: 'https://evil.example',
      }),
    );
    expect(other.headers?.['Access-Control-Allow-Origin']).toBeUndefined();
  });
});

describe('profile image download URL', () => {
  test('404 while no avatar is stored', async () => {
    const { handler } = setup();
    const result = await handler(apiEvent({ ...PROFILE_IMAGE_ROUTES.downloadUrl }));
    expect(result.statusCode).toBe(404);
    expect(json(result).error.code).toBe('NOT_FOUND');
  });

  test("signs a 5-minute GET for the caller's own avatar only, once the profile records it", async () => {
    const { handler, records } = setup();
    await records.setAvatar(ALICE, profileImageKey(ALICE), '2026-03-01T12:00:00.000Z');
    const alice = await handler(apiEvent({ ...PROFILE_IMAGE_ROUTES.downloadUrl, sub: ALICE }));
    expect(alice.statusCode).toBe(200);
    const signed = signedParts(json(alice).url);
    expect(signed.key).toBe(profileImageKey(ALICE));
    expect(signed.expires).toBe(PROFILE_IMAGE_LIMITS.downloadUrlSeconds);
    const bob = await handler(apiEvent({ ...PROFILE_IMAGE_ROUTES.downloadUrl, sub: BOB }));
    expect(bob.statusCode).toBe(404);
  });
});

describe('routing', () => {
  test('an unknown route is 404 and a wrong method 405, both in the error shape', async () => {
    const { handler } = setup();
    const unknown = await handler(apiEvent({ method: 'GET', resource: '/nope' }));
    expect(unknown.statusCode).toBe(404);
    expect(isErrorBody(json(unknown))).toBe(true);
    const wrongMethod = await handler(apiEvent({ method: 'DELETE', resource: PROFILE_IMAGE_ROUTES.uploadUrl.resource }));
    expect(wrongMethod.statusCode).toBe(405);
  });

  test('a failing dependency becomes a 500 without details, logged by name only', async () => {
    const { handler, records, log } = setup();
    records.getAvatarKey = async () => {
      throw Object.assign(new Error('socket hang up: secret detail'), { name: 'TimeoutError' });
    };
    const result = await handler(apiEvent({ ...PROFILE_IMAGE_ROUTES.downloadUrl }));
    expect(result.statusCode).toBe(500);
    expect(json(result)).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(result.body).not.toContain('secret detail');
    expect(log.lines.at(-1)).toMatchObject({ level: 'error', fields: { errorName: 'TimeoutError', status: 500 } });
  });
});
