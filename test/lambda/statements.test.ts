import {
  MiB,
  STATEMENT_LIMITS,
  STATEMENT_QUOTA,
  STATEMENT_ROUTES,
  isErrorBody,
  statementKey,
  type RouteSpec,
  type Statement,
} from '../../contract';
import { identifierKeyOf, ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { createStatementsApi } from '../../lambda/statements/core';
import {
  ALICE,
  apiEvent,
  BOB,
  checksumForSize,
  json,
  memoryApiDeps,
  memoryRecords,
  partList,
  signedParts,
  SOME_SHA256,
  TEST_IDENTIFIER_SECRET,
} from '../support/lambda-fakes';

const STATEMENT_ID = '01JD0000000000000000000000';

const setup = () => {
  const deps = memoryApiDeps();
  const handler = createStatementsApi({ ...deps, newId: () => STATEMENT_ID });
  return { handler, objects: deps.objects, records: deps.records, log: deps.log };
};

const request = {
  fileName: 'Relevé janvier 2024.pdf',
  contentType: 'application/pdf',
  size: 120_000,
  accountLabel: 'Checking ••1234',
  period: '2024-01',
  checksum: SOME_SHA256,
};

/** A create request; a body with the default checksum gets the one its size calls for. */
const create = (body: Record<string, unknown>, sub?: string | null) =>
  apiEvent({
    ...STATEMENT_ROUTES.createUpload,
    body: body.checksum === SOME_SHA256 && typeof body.size === 'number' ? { ...body, checksum: checksumForSize(body.size) } : body,
    sub,
  });

const storedStatement = (owner: string, overrides: Partial<Statement> = {}): Statement => ({
  id: STATEMENT_ID,
  owner,
  fileName: 'Relevé janvier 2024.pdf',
  contentType: 'application/pdf',
  size: 3,
  key: statementKey(owner, STATEMENT_ID),
  accountLabel: 'Checking',
  period: '2024-01',
  status: 'AVAILABLE',
  uploadedAt: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

describe('single upload', () => {
  test('signs a PUT under statements/{sub}/{new id}/ with type, length and metadata in the signature', async () => {
    const { handler, records } = setup();
    const result = await handler(create(request));
    expect(result.statusCode).toBe(201);
    const body = json(result);
    expect(body).toMatchObject({ kind: 'single', statementId: STATEMENT_ID, method: 'PUT' });
    expect(body.headers).toEqual({
      'content-type': 'application/pdf',
      'x-amz-meta-file-name': encodeURIComponent(request.fileName),
      'x-amz-meta-account-label': encodeURIComponent(request.accountLabel),
      'x-amz-meta-period': '2024-01',
      'x-amz-meta-checksum': request.checksum,
      'x-amz-checksum-sha256': request.checksum,
    });
    const signed = signedParts(body.url);
    expect(signed.key).toBe(`statements/${ALICE}/${STATEMENT_ID}/file`);
    expect(signed.expires).toBe(STATEMENT_LIMITS.uploadUrlSeconds);
    expect(signed.signedHeaders).toEqual(
      expect.arrayContaining([
        'content-length',
        'content-type',
        'host',
        'x-amz-meta-account-label',
        'x-amz-meta-file-name',
        'x-amz-meta-period',
        'x-amz-meta-checksum',
        // S3 refuses a body whose SHA-256 is not this one.
        'x-amz-checksum-sha256',
      ]),
    );
    // The user's file name is metadata, never part of the key.
    expect(signed.pathname).not.toContain('Relev');
    // Nothing is listed before the file is in the bucket.
    expect(records.statements.size).toBe(0);
  });

  test('50 MiB is still one PUT; one byte more goes multipart', async () => {
    const { handler } = setup();
    const single = json(await handler(create({ ...request, size: 50 * MiB })));
    expect(single.kind).toBe('single');
    const multipart = json(await handler(create({ ...request, size: 50 * MiB + 1 })));
    expect(multipart).toEqual({
      kind: 'multipart',
      statementId: STATEMENT_ID,
      uploadId: 'upload-1',
      partBytes: STATEMENT_LIMITS.partBytes,
      partCount: 4,
    });
  });

  test.each([
    ['a wrong type', { contentType: 'application/zip' }, 415, 'UNSUPPORTED_TYPE'],
    ['more than 1 GiB', { size: 1024 * MiB + 1 }, 413, 'FILE_TOO_LARGE'],
    ['an empty file', { size: 0 }, 400, 'BAD_REQUEST'],
    ['a bad period', { period: '2024-13' }, 400, 'BAD_REQUEST'],
    ['a path as file name', { fileName: '../../etc/passwd' }, 400, 'BAD_REQUEST'],
    ['a right-to-left override in the name', { fileName: 'invoice\u202Efdp.exe' }, 400, 'BAD_REQUEST'],
    ['a NUL byte in the name', { fileName: 'a\u0000.pdf' }, 400, 'BAD_REQUEST'],
    ['a 10,000-character name', { fileName: `${'x'.repeat(10_000)}.pdf` }, 400, 'BAD_REQUEST'],
    ['an empty account label', { accountLabel: '   ' }, 400, 'BAD_REQUEST'],
    ['a bad checksum', { checksum: 'xyz' }, 400, 'BAD_REQUEST'],
    ['a hex checksum', { checksum: 'a'.repeat(64) }, 400, 'BAD_REQUEST'],
    ['a composite checksum for a file sent in one piece', { checksum: `${SOME_SHA256}-1` }, 400, 'BAD_REQUEST'],
    [
      'a whole-file checksum for a file sent in parts',
      { size: 60 * MiB, checksum: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
      400,
      'BAD_REQUEST',
    ],
    ['a composite checksum with the wrong part count', { size: 60 * MiB, checksum: `${SOME_SHA256}-3` }, 400, 'BAD_REQUEST'],
    ['no checksum', { checksum: undefined }, 400, 'BAD_REQUEST'],
    ['an owner field', { owner: BOB }, 400, 'BAD_REQUEST'],
  ])('refuses %s and signs nothing', async (_name, change, status, code) => {
    const { handler, objects } = setup();
    const result = await handler(create({ ...request, ...change }));
    expect(result.statusCode).toBe(status);
    expect(json(result).error.code).toBe(code);
    expect(isErrorBody(json(result))).toBe(true);
    expect(result.body).not.toContain('X-Amz-Signature');
    expect(objects.calls).toEqual([]);
  });

  test("refuses a name or label that is within its character limit but not within S3's 2 KB of metadata", async () => {
    const { handler, objects } = setup();
    // 194 characters, each 3 bytes of UTF-8 and 9 bytes once percent-encoded.
    const fileName = `${'明'.repeat(190)}.pdf`;
    const longName = await handler(create({ ...request, fileName }));
    expect(longName.statusCode).toBe(400);
    expect(json(longName).error.message).toBe(
      'Invalid body: fileName: fileName is too long to store: it takes 1714 bytes once encoded and at most 1024 fit; use a shorter one',
    );
    const longLabel = await handler(create({ ...request, accountLabel: '明'.repeat(64) }));
    expect(longLabel.statusCode).toBe(400);
    expect(json(longLabel).error.message).toContain('accountLabel is too long to store: it takes 576 bytes');
    expect(objects.calls).toEqual([]);
    // The longest name and label that pass still fit S3's limit together with the rest.
    const fits = await handler(create({ ...request, fileName: `${'明'.repeat(113)}.pdf`, accountLabel: 'Ж'.repeat(64) }));
    expect(fits.statusCode).toBe(201);
  });

  test('401 without claims', async () => {
    const { handler } = setup();
    expect((await handler(create(request, null))).statusCode).toBe(401);
  });
});

describe('multipart upload', () => {
  const size = 50 * MiB + 1;
  const start = async () => {
    const context = setup();
    const created = json(await context.handler(create({ ...request, size })));
    return { ...context, created };
  };
  const parts = (body: unknown, sub?: string, statementId = STATEMENT_ID) =>
    apiEvent({ ...STATEMENT_ROUTES.partUrls, body, sub, pathParameters: { statementId } });

  test("creates the upload at the caller's key with the type and metadata set by the server", async () => {
    const { objects, created } = await start();
    expect(objects.uploads.get(created.uploadId)).toEqual({
      key: statementKey(ALICE, STATEMENT_ID),
      contentType: 'application/pdf',
      metadata: expect.objectContaining({ period: '2024-01' }),
    });
  });

  test('signs each part with its exact length', async () => {
    const { handler, created } = await start();
    const result = await handler(parts({ uploadId: created.uploadId, size, parts: partList([1, 4]) }));
    expect(result.statusCode).toBe(200);
    const body = json(result);
    expect(body.parts.map((part: { partNumber: number; size: number }) => [part.partNumber, part.size])).toEqual([
      [1, 16 * MiB],
      [4, 2 * MiB + 1],
    ]);
    for (const part of body.parts) {
      const signed = signedParts(part.url);
      expect(signed.key).toBe(statementKey(ALICE, STATEMENT_ID));
      expect(signed.query.get('uploadId')).toBe(created.uploadId);
      expect(signed.query.get('partNumber')).toBe(String(part.partNumber));
      expect(signed.signedHeaders).toContain('content-length');
      // S3 refuses a part whose SHA-256 is not the one signed.
      expect(signed.signedHeaders).toContain('x-amz-checksum-sha256');
      expect(part.headers).toEqual({ 'x-amz-checksum-sha256': SOME_SHA256 });
      expect(signed.expires).toBe(STATEMENT_LIMITS.uploadUrlSeconds);
    }
  });

  test("lists the parts S3 holds, at the caller's key only", async () => {
    const { handler, created, objects } = await start();
    const list = (sub: string) =>
      handler(
        apiEvent({
          ...STATEMENT_ROUTES.listParts,
          sub,
          pathParameters: { statementId: STATEMENT_ID },
          query: { uploadId: created.uploadId },
        }),
      );
    expect((await list(BOB)).statusCode).toBe(404);
    const mine = await list(ALICE);
    expect(mine.statusCode).toBe(200);
    expect(json(mine)).toEqual({ parts: [] });
    expect(objects.calls).toContain(`listParts ${statementKey(ALICE, STATEMENT_ID)}`);
  });

  test.each([
    ['a part beyond the file', { parts: partList([5]) }, 400],
    ['a repeated part', { parts: partList([1, 1]) }, 400],
    ['a part without its checksum', { parts: [{ partNumber: 1 }] }, 400],
    ['a part with a hex checksum', { parts: [{ partNumber: 1, checksum: 'a'.repeat(64) }] }, 400],
    ['a size that fits one PUT', { size: 10 }, 400],
    ['a size over 1 GiB', { size: 1024 * MiB + 1 }, 413],
  ])('refuses %s', async (_name, change, status) => {
    const { handler, created } = await start();
    const result = await handler(parts({ uploadId: created.uploadId, size, parts: partList([1]), ...change }));
    expect(result.statusCode).toBe(status);
  });

  test("completes only at the caller's key: B cannot complete A's upload", async () => {
    const { handler, created, objects } = await start();
    const body = {
      uploadId: created.uploadId,
      parts: [1, 2, 3, 4].map((partNumber) => ({ partNumber, etag: `"${'0'.repeat(32)}"`, checksum: SOME_SHA256 })),
    };
    const asBob = await handler(
      apiEvent({ ...STATEMENT_ROUTES.completeUpload, body, sub: BOB, pathParameters: { statementId: STATEMENT_ID } }),
    );
    expect(asBob.statusCode).toBe(404);
    const asAlice = await handler(
      apiEvent({ ...STATEMENT_ROUTES.completeUpload, body, sub: ALICE, pathParameters: { statementId: STATEMENT_ID } }),
    );
    expect(asAlice.statusCode).toBe(200);
    expect(json(asAlice)).toEqual({ statementId: STATEMENT_ID });
    expect(objects.objects.has(statementKey(ALICE, STATEMENT_ID))).toBe(true);
  });

  test('refuses parts out of order', async () => {
    const { handler, created } = await start();
    const result = await handler(
      apiEvent({
        ...STATEMENT_ROUTES.completeUpload,
        body: {
          uploadId: created.uploadId,
          parts: [
            { partNumber: 2, etag: 'abc', checksum: SOME_SHA256 },
            { partNumber: 1, etag: 'abc', checksum: SOME_SHA256 },
          ],
        },
        pathParameters: { statementId: STATEMENT_ID },
      }),
    );
    expect(result.statusCode).toBe(400);
  });

  test("aborts with the upload id in the query; B cannot abort A's upload", async () => {
    const { handler, created, objects } = await start();
    const abort = (sub: string) =>
      handler(
        apiEvent({
          ...STATEMENT_ROUTES.abortUpload,
          sub,
          pathParameters: { statementId: STATEMENT_ID },
          query: { uploadId: created.uploadId },
        }),
      );
    expect((await abort(BOB)).statusCode).toBe(404);
    expect(objects.uploads.has(created.uploadId)).toBe(true);
    const result = await abort(ALICE);
    expect(result.statusCode).toBe(204);
    expect(result.body).toBe('');
    expect(objects.uploads.has(created.uploadId)).toBe(false);
  });

  test('a bad statement id in the path is 400', async () => {
    const { handler, created } = await start();
    const result = await handler(parts({ uploadId: created.uploadId, size, parts: partList([1]) }, ALICE, '../other'));
    expect(result.statusCode).toBe(400);
  });
});

describe('download', () => {
  const download = (sub: string, statementId = STATEMENT_ID) =>
    apiEvent({ ...STATEMENT_ROUTES.downloadUrl, sub, pathParameters: { statementId } });

  test('signs a 60-second GET as an attachment with the original name', async () => {
    const { handler, records } = setup();
    await records.putStatement(storedStatement(ALICE));
    const result = await handler(download(ALICE));
    expect(result.statusCode).toBe(200);
    const body = json(result);
    expect(body.fileName).toBe('Relevé janvier 2024.pdf');
    const signed = signedParts(body.url);
    expect(signed.key).toBe(statementKey(ALICE, STATEMENT_ID));
    expect(signed.expires).toBe(STATEMENT_LIMITS.downloadUrlSeconds);
    expect(signed.query.get('response-content-disposition')).toBe(
      `attachment; filename="Relev_ janvier 2024.pdf"; filename*=UTF-8''Relev%C3%A9%20janvier%202024.pdf`,
    );
    expect(signed.query.get('response-content-type')).toBe('application/pdf');
  });

  test('the preview signs the same GET shown inline, as the verified type, never saved', async () => {
    const { handler, records } = setup();
    await records.putStatement(storedStatement(ALICE));
    const result = await handler(apiEvent({ ...STATEMENT_ROUTES.previewUrl, sub: ALICE, pathParameters: { statementId: STATEMENT_ID } }));
    expect(result.statusCode).toBe(200);
    const signed = signedParts(json(result).url);
    expect(signed.key).toBe(statementKey(ALICE, STATEMENT_ID));
    expect(signed.query.get('response-content-disposition')).toMatch(/^inline; filename="Relev_ janvier 2024.pdf"; /);
    expect(signed.query.get('response-content-type')).toBe('application/pdf');
    const bobs = await handler(apiEvent({ ...STATEMENT_ROUTES.previewUrl, sub: BOB, pathParameters: { statementId: STATEMENT_ID } }));
    expect(bobs.statusCode).toBe(404);
  });

  test("another user's statement id is 404, not 403", async () => {
    const { handler, records } = setup();
    await records.putStatement(storedStatement(ALICE));
    const result = await handler(download(BOB));
    expect(result.statusCode).toBe(404);
    expect(json(result)).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no such statement.' } });
  });
});

describe('delete, restore, delete for good', () => {
  /** The set-up, and a call of one route on STATEMENT_ID as `sub`. */
  const setupCalls = () => {
    const parts = setup();
    const call = (route: RouteSpec, sub: string) =>
      parts.handler(apiEvent({ ...route, sub, pathParameters: { statementId: STATEMENT_ID } }));
    return { ...parts, call };
  };

  test("delete moves the statement to Recently deleted and leaves its file; B can neither delete, restore nor purge A's statement", async () => {
    const { call, records, objects } = setupCalls();
    await records.putStatement(storedStatement(ALICE));
    objects.objects.set(statementKey(ALICE, STATEMENT_ID), { contentType: 'application/pdf', size: 3, metadata: {}, lastModified: '' });

    for (const route of [STATEMENT_ROUTES.deleteStatement, STATEMENT_ROUTES.restoreStatement, STATEMENT_ROUTES.purgeStatement])
      expect((await call(route, BOB)).statusCode).toBe(404);
    expect(records.statements.size).toBe(1);

    expect((await call(STATEMENT_ROUTES.deleteStatement, ALICE)).statusCode).toBe(204);
    expect(records.statements.size).toBe(0);
    const deleted = records.deleted.get(`${ALICE}/${STATEMENT_ID}`)!;
    expect(Date.parse(deleted.purgeAt) - Date.parse(deleted.deletedAt)).toBe(30 * 24 * 3600 * 1000);
    // The file stays: the bytes are what a restore brings back.
    expect(objects.calls).toEqual([]);
    expect((await call(STATEMENT_ROUTES.deleteStatement, ALICE)).statusCode).toBe(404);
    expect((await call(STATEMENT_ROUTES.purgeStatement, BOB)).statusCode).toBe(404);
    expect((await call(STATEMENT_ROUTES.restoreStatement, BOB)).statusCode).toBe(404);
  });

  test('restore brings back the same record; delete for good removes every version of the file, then the record', async () => {
    const { call, records, objects } = setupCalls();
    const statement = storedStatement(ALICE);
    await records.putStatement(statement);
    objects.objects.set(statementKey(ALICE, STATEMENT_ID), { contentType: 'application/pdf', size: 3, metadata: {}, lastModified: '' });

    await call(STATEMENT_ROUTES.deleteStatement, ALICE);
    const restored = await call(STATEMENT_ROUTES.restoreStatement, ALICE);
    expect(restored.statusCode).toBe(200);
    expect(JSON.parse(restored.body)).toEqual({ statementId: STATEMENT_ID });
    // Exactly as it was (under the account its label named), filed anew (the shares it left stay without it).
    expect(records.statements.get(`${ALICE}/${STATEMENT_ID}`)).toEqual({
      ...statement,
      accountKey: 'checking',
      filedAt: expect.any(String),
    });
    expect((await call(STATEMENT_ROUTES.restoreStatement, ALICE)).statusCode).toBe(404);
    // Only what is in Recently deleted is deleted for good.
    expect((await call(STATEMENT_ROUTES.purgeStatement, ALICE)).statusCode).toBe(404);
    expect(objects.objects.size).toBe(1);

    await call(STATEMENT_ROUTES.deleteStatement, ALICE);
    expect((await call(STATEMENT_ROUTES.purgeStatement, ALICE)).statusCode).toBe(204);
    expect(objects.calls).toEqual([
      `listVersions ${statementKey(ALICE, STATEMENT_ID)}`,
      `deleteVersion ${statementKey(ALICE, STATEMENT_ID)}`,
    ]);
    expect(records.deleted.size).toBe(0);
    expect(records.writes.slice(-2)).toEqual([`beginPurge ${ALICE}/${STATEMENT_ID}`, `finishPurge ${ALICE}/${STATEMENT_ID}`]);
    expect((await call(STATEMENT_ROUTES.restoreStatement, ALICE)).statusCode).toBe(404);
  });

  test('a statement whose deletion for good has begun cannot be restored: 409 in words', async () => {
    const { call, records } = setupCalls();
    await records.putStatement(storedStatement(ALICE));
    await call(STATEMENT_ROUTES.deleteStatement, ALICE);
    await records.beginPurge(ALICE, STATEMENT_ID);
    const refused = await call(STATEMENT_ROUTES.restoreStatement, ALICE);
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).error.message).toBe('This statement is being deleted for good and can no longer be restored.');
  });
});

describe('the quota', () => {
  const full = (records: ReturnType<typeof memoryRecords>, count: number, size = 1) => {
    for (let i = 0; i < count; i++) {
      const id = `01JC${String(i).padStart(22, '0')}`;
      records.statements.set(`${ALICE}/${id}`, { ...storedStatement(ALICE), id, size, key: statementKey(ALICE, id) });
    }
  };

  test('a signed upload holds its place until its file is recorded', async () => {
    const { handler, records } = setup();
    expect((await handler(create(request, ALICE))).statusCode).toBe(201);
    expect([...records.uploads.values()]).toEqual([
      expect.objectContaining({ owner: ALICE, statementId: STATEMENT_ID, size: request.size }),
    ]);
    await records.putStatement({ ...storedStatement(ALICE), size: request.size });
    expect(records.uploads.size).toBe(0);
  });

  test('the last free place is signed; the next upload is refused with 403 QUOTA_EXCEEDED naming the limit and the usage, and nothing is signed', async () => {
    const { handler, records, objects } = setup();
    full(records, STATEMENT_QUOTA.maxStatements - 1);
    expect((await handler(create(request, ALICE))).statusCode).toBe(201);
    const before = objects.calls.length;
    const refused = await handler(
      apiEvent({ ...STATEMENT_ROUTES.createUpload, body: { ...request, checksum: checksumForSize(request.size) }, sub: ALICE }),
    );
    expect(refused.statusCode).toBe(403);
    const body = JSON.parse(refused.body);
    expect(body.error.code).toBe('QUOTA_EXCEEDED');
    expect(body.error.message).toBe(
      'Your vault is full: it holds at most 10,000 statements; you keep 9,999 statements (9.8 KiB), and 1 more is being uploaded or waiting on your profile to be filed. Delete statements, or discard files waiting on your profile, to make room.',
    );
    expect(objects.calls.length).toBe(before);
    // Bob's vault is his own.
    expect((await handler(create(request, BOB))).statusCode).toBe(201);
  });

  test('bytes count too: a file that would pass 10 GiB is refused', async () => {
    const { handler, records } = setup();
    full(records, 10, STATEMENT_QUOTA.maxBytes / 10);
    const refused = await handler(create(request, ALICE));
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).error.message).toMatch(
      /^Your vault is full: it holds at most 10 GiB, and this file \(117\.2 KiB\) does not fit; you keep 10 statements \(10 GiB\)/,
    );
  });

  test('an aborted upload gives its place back', async () => {
    const { handler, records } = setup();
    const created = JSON.parse((await handler(create({ ...request, size: 60 * 1024 * 1024 }, ALICE))).body);
    expect(records.uploads.size).toBe(1);
    const aborted = await handler(
      apiEvent({
        ...STATEMENT_ROUTES.abortUpload,
        sub: ALICE,
        pathParameters: { statementId: STATEMENT_ID },
        query: { uploadId: created.uploadId },
      }),
    );
    expect(aborted.statusCode).toBe(204);
    expect(records.uploads.size).toBe(0);
  });
});

test('a multipart upload whose place was given back (it outlived its hold) cannot complete, and is aborted', async () => {
  const { handler, records, objects } = setup();
  const created = JSON.parse((await handler(create({ ...request, size: 60 * 1024 * 1024 }, ALICE))).body);
  await records.releaseUpload(ALICE, STATEMENT_ID);
  const completed = await handler(
    apiEvent({
      ...STATEMENT_ROUTES.completeUpload,
      sub: ALICE,
      pathParameters: { statementId: STATEMENT_ID },
      body: { uploadId: created.uploadId, parts: [{ partNumber: 1, etag: '"a"', checksum: SOME_SHA256 }] },
    }),
  );
  expect(completed.statusCode).toBe(404);
  expect(objects.uploads.has(created.uploadId)).toBe(false);
  expect(objects.objects.has(statementKey(ALICE, STATEMENT_ID))).toBe(false);
});

test('when signing fails after the place was taken, the place goes back', async () => {
  const { handler, records, objects } = setup();
  objects.createMultipart = async () => {
    throw new Error('S3 is unavailable');
  };
  expect((await handler(create({ ...request, size: 60 * 1024 * 1024 }, ALICE))).statusCode).toBe(500);
  expect(records.uploads.size).toBe(0);
});

describe('account identifiers', () => {
  const identifierKey = (sub?: string) => apiEvent({ ...STATEMENT_ROUTES.identifierKey, sub });

  test("the caller's identifier key is derived from the deployment's secret and their own id: the same each time, another person's differs", async () => {
    const { handler } = setup();
    const alice = json(await handler(identifierKey(ALICE)));
    expect(alice).toEqual({ key: await ownerIdentifierKey(TEST_IDENTIFIER_SECRET, ALICE) });
    expect(json(await handler(identifierKey(ALICE)))).toEqual(alice);
    expect(json(await handler(identifierKey(BOB))).key).not.toBe(alice.key);
  });

  test('the keys a file names are signed into its metadata; a key twice or a number in clear is refused in words', async () => {
    const { handler } = setup();
    const keys = [
      await identifierKeyOf(await ownerIdentifierKey(TEST_IDENTIFIER_SECRET, ALICE), { kind: 'iban', value: 'DE89370400440532013000' }),
    ];
    const body = json(await handler(create({ ...request, identifierKeys: keys })));
    expect(body.headers['x-amz-meta-account-ids']).toBe(keys[0]);
    expect(signedParts(body.url).signedHeaders).toContain('x-amz-meta-account-ids');
    const twice = await handler(create({ ...request, identifierKeys: [keys[0], keys[0]] }));
    expect(twice.statusCode).toBe(400);
    expect(json(twice).error.message).toMatch(/identifierKeys must not repeat/);
    const clear = await handler(create({ ...request, identifierKeys: ['DE89370400440532013000'] }));
    expect(json(clear).error.message).toMatch(/identifierKeys must be keys made with \/identifier-key/);
  });

  test('what the file says of its account is signed into its metadata too, the institution percent-encoded', async () => {
    const { handler } = setup();
    const body = json(
      await handler(create({ ...request, accountFacts: { institution: 'Société Générale', kind: 'current', currency: 'EUR' } })),
    );
    expect(body.headers).toMatchObject({
      'x-amz-meta-account-institution': encodeURIComponent('Société Générale'),
      'x-amz-meta-account-kind': 'current',
      'x-amz-meta-account-currency': 'EUR',
    });
    expect(signedParts(body.url).signedHeaders).toEqual(
      expect.arrayContaining(['x-amz-meta-account-institution', 'x-amz-meta-account-kind', 'x-amz-meta-account-currency']),
    );
    const wrong = await handler(create({ ...request, accountFacts: { kind: 'checking' } }));
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.message).toMatch(/accountFacts.kind must be one of current, savings, card, brokerage, loan/);
  });
});
