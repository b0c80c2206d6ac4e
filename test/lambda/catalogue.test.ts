import type { S3Event, S3EventRecord } from 'aws-lambda';
import { profileImageKey, statementKey } from '../../contract';
import { createCatalogue } from '../../lambda/catalogue/core';
import { indexAvailable, type SearchIndexing } from '../../lambda/shared/search/indexing';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import type { ObjectInfo } from '../../lambda/shared/s3';
import { ALICE, SOME_SHA256, capturingLog, memoryObjects, memoryRecords } from '../support/lambda-fakes';
import { png } from '../support/samples';

const ID = '01JD0000000000000000000001';
const KEY = statementKey(ALICE, ID);

/** S3 notifications URL-encode keys with '+' for spaces. */
const s3Record = (eventName: string, key: string): S3EventRecord =>
  ({
    eventName,
    eventTime: '2026-03-01T12:00:01.000Z',
    s3: { bucket: { name: 'vault-test-bucket' }, object: { key: encodeURIComponent(key).replace(/%20/g, '+').replace(/%2F/g, '/') } },
  }) as unknown as S3EventRecord;

const event = (...records: S3EventRecord[]): S3Event => ({ Records: records });

const setup = () => {
  const objects = memoryObjects();
  const records = memoryRecords();
  const log = capturingLog();
  return { objects, records, log, catalogue: createCatalogue({ objects, records, log }) };
};

const putObject = (objects: ReturnType<typeof memoryObjects>, overrides: Partial<ObjectInfo> = {}) =>
  objects.objects.set(KEY, {
    contentType: 'text/csv',
    size: 42,
    metadata: encodeStatementMetadata({ fileName: 'mai 2024.csv', accountLabel: 'Épargne', period: '2024-05' }),
    lastModified: '2026-03-01T12:00:00.000Z',
    ...overrides,
  });

test('a stored statement object gets its record, with decoded metadata and the real size', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects);
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  expect(records.statements.get(`${ALICE}/${ID}`)).toEqual({
    id: ID,
    owner: ALICE,
    fileName: 'mai 2024.csv',
    contentType: 'text/csv',
    size: 42,
    key: KEY,
    accountLabel: 'Épargne',
    accountKey: 'épargne',
    period: '2024-05',
    status: 'AVAILABLE',
    uploadedAt: '2026-03-01T12:00:00.000Z',
  });
});

test('a statement that came by mail is recorded so, and its owner hears it arrived by mail; an upload is not marked', async () => {
  const objects = memoryObjects();
  const records = memoryRecords();
  const told: unknown[] = [];
  const catalogue = createCatalogue({
    objects,
    records,
    log: capturingLog(),
    notify: {
      notify: async (_owner, notice) => {
        told.push(notice);
        return { sent: 1, gone: 0, failed: 0 };
      },
    },
  });
  putObject(objects, {
    metadata: encodeStatementMetadata({ fileName: 'mai 2024.csv', accountLabel: 'Épargne', period: '2024-05', arrivedByMail: true }),
  });
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  expect(records.statements.get(`${ALICE}/${ID}`)).toMatchObject({ arrivedByMail: true, status: 'AVAILABLE' });
  expect(told).toEqual([{ kind: 'statementReady', statementId: ID, fileName: 'mai 2024.csv', byMail: true }]);

  const upload = setup();
  putObject(upload.objects);
  await upload.catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  expect(upload.records.statements.get(`${ALICE}/${ID}`)).not.toHaveProperty('arrivedByMail');
});

test('a statement whose content is not its declared type is refused: its owner is told why, its place goes back, the object goes', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects, {
    contentType: 'application/pdf',
    metadata: encodeStatementMetadata({ fileName: 'scan.pdf', accountLabel: 'Main', period: '2024-05' }),
  });
  objects.bodies.set(KEY, png());
  await records.reserveUpload(ALICE, ID, 42, '2099-01-01T00:00:00.000Z');
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  expect(records.statements.size).toBe(0);
  expect(records.refusals.get(`${ALICE}/${ID}`)).toEqual({
    id: ID,
    owner: ALICE,
    fileName: 'scan.pdf',
    reason: 'not a PDF: its content is PNG',
    refusedAt: '2026-03-01T12:00:00.000Z',
  });
  expect(records.uploads.size).toBe(0);
  expect(objects.objects.has(KEY)).toBe(false);
});

test('a statement whose stored checksum is not the one declared is refused', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects, {
    metadata: encodeStatementMetadata({
      fileName: 'mai 2024.csv',
      accountLabel: 'Épargne',
      period: '2024-05',
      checksum: `${SOME_SHA256}-2`,
    }),
    checksum: { value: `${'A'.repeat(42)}A=-2`, type: 'COMPOSITE' },
  });
  await catalogue(event(s3Record('ObjectCreated:CompleteMultipartUpload', KEY)));
  expect(records.statements.size).toBe(0);
  expect(records.refusals.get(`${ALICE}/${ID}`)?.reason).toBe('the file that arrived is not the one announced: its checksum differs');
  expect(objects.objects.has(KEY)).toBe(false);
});

test('a statement records the checksum S3 verified, with its type', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects, {
    metadata: encodeStatementMetadata({ fileName: 'mai 2024.csv', accountLabel: 'Épargne', period: '2024-05', checksum: SOME_SHA256 }),
    checksum: { value: SOME_SHA256, type: 'FULL_OBJECT' },
  });
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  expect(records.statements.get(`${ALICE}/${ID}`)).toMatchObject({ checksum: SOME_SHA256, checksumType: 'FULL_OBJECT' });
});

test('an avatar that is not a real JPEG, PNG or WebP does not become the avatar', async () => {
  const { objects, records, catalogue } = setup();
  const key = profileImageKey(ALICE);
  objects.objects.set(key, { contentType: 'image/png', size: 100, metadata: {}, lastModified: '2026-03-01T12:00:00.000Z' });
  objects.bodies.set(key, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  await catalogue(event(s3Record('ObjectCreated:Put', key)));
  expect(records.avatars.get(ALICE)).toBeUndefined();
  expect(records.refusals.get(`${ALICE}/avatar`)?.reason).toMatch(/^not a PNG: /);
  expect(objects.objects.has(key)).toBe(false);
});

test('the same event twice leaves one identical record (S3 may deliver twice)', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects);
  await catalogue(event(s3Record('ObjectCreated:Put', KEY), s3Record('ObjectCreated:Put', KEY)));
  expect(records.statements.size).toBe(1);
});

test('an object already gone when its event arrives gets no record', async () => {
  const { records, catalogue } = setup();
  await catalogue(event(s3Record('ObjectCreated:CompleteMultipartUpload', KEY)));
  expect(records.statements.size).toBe(0);
});

test.each([
  ['a type the product does not accept', { contentType: 'application/zip' }],
  ['missing metadata', { metadata: {} }],
  ['a size over 1 GiB', { size: 1024 ** 3 + 1 }],
])('an object with %s is deleted, not catalogued', async (_name, overrides) => {
  const { objects, records, catalogue, log } = setup();
  putObject(objects, overrides);
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  expect(records.statements.size).toBe(0);
  expect(objects.objects.has(KEY)).toBe(false);
  expect(log.lines.some((line) => line.message === 'object refused')).toBe(true);
});

test('a removed statement object loses its record; a re-created one keeps it', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects);
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  await catalogue(event(s3Record('ObjectRemoved:DeleteMarkerCreated', KEY)));
  expect(records.statements.size).toBe(1);
  objects.objects.delete(KEY);
  await catalogue(event(s3Record('ObjectRemoved:DeleteMarkerCreated', KEY)));
  expect(records.statements.size).toBe(0);
});

test("a closing account's removed files leave their records to its deletion job, which counts them", async () => {
  const objects = memoryObjects();
  const records = memoryRecords();
  const catalogue = createCatalogue({ objects, records, log: capturingLog(), closing: async (owner) => owner === ALICE });
  putObject(objects);
  await catalogue(event(s3Record('ObjectCreated:Put', KEY)));
  objects.objects.delete(KEY);
  await catalogue(event(s3Record('ObjectRemoved:Delete', KEY)));
  expect(records.statements.size).toBe(1);
});

test("an avatar upload points the owner's profile at it; removal clears it", async () => {
  const { objects, records, catalogue } = setup();
  const key = profileImageKey(ALICE);
  objects.objects.set(key, { contentType: 'image/png', size: 1, metadata: {}, lastModified: '' });
  await catalogue(event(s3Record('ObjectCreated:Put', key)));
  expect(records.avatars.get(ALICE)).toBe(key);
  // A removal event while a newer avatar is already at the key changes nothing.
  await catalogue(event(s3Record('ObjectRemoved:Delete', key)));
  expect(records.avatars.get(ALICE)).toBe(key);
  objects.objects.delete(key);
  await catalogue(event(s3Record('ObjectRemoved:Delete', key)));
  expect(records.avatars.get(ALICE)).toBeUndefined();
  expect(records.avatars.has(ALICE)).toBe(true);
});

test('keys outside the layout are ignored and logged without the key', async () => {
  const { records, catalogue, log } = setup();
  await catalogue(event(s3Record('ObjectCreated:Put', `statements/${ALICE}/../../etc/passwd`)));
  expect(records.statements.size).toBe(0);
  expect(log.text()).not.toContain('passwd');
});

test('a failing record is retried by rethrowing after the others ran', async () => {
  const { objects, records, catalogue } = setup();
  putObject(objects);
  const otherKey = profileImageKey(ALICE);
  objects.objects.set(otherKey, { contentType: 'image/png', size: 1, metadata: {}, lastModified: '' });
  records.putStatement = async () => {
    throw new Error('throttled');
  };
  await expect(catalogue(event(s3Record('ObjectCreated:Put', KEY), s3Record('ObjectCreated:Put', otherKey)))).rejects.toThrow('throttled');
  expect(records.avatars.get(ALICE)).toBe(otherKey);
});

describe("an owner whose account's deletion begins while a statement of theirs is indexed", () => {
  /** A search index and a content reader in memory: each statement's terms, and the files read. */
  const searchIn = (onWrite: () => void = () => undefined) => {
    const terms = new Map<string, readonly string[]>();
    const read: string[] = [];
    const search: SearchIndexing = {
      readContent: async (statement) => {
        read.push(statement.id);
        return { pieces: ['Harbor Grocery 42.10'] };
      },
      index: {
        async write(statement, content) {
          terms.set(statement.id, content ?? []);
          onWrite();
          return { written: content?.length ?? 0, removed: 0, partial: !content };
        },
        hideIdentifiers: async () => 0,
        async remove(_owner, statementId) {
          const had = terms.get(statementId)?.length ?? 0;
          terms.delete(statementId);
          return had;
        },
        attempt: async () => 1,
        postings: async () => ({ postings: [], complete: true }),
        statements: async () => [],
      },
    };
    return { search, terms, read };
  };

  test('postings written as the deletion begins are taken back: none stays for its job to miss', async () => {
    const { objects, records, log } = setup();
    let closing = false;
    // The deletion begins (and empties the index) while the postings are being written.
    const { search, terms } = searchIn(() => (closing = true));
    putObject(objects);
    await createCatalogue({ objects, records, log, search, closing: async () => closing })(event(s3Record('ObjectCreated:Put', KEY)));
    expect(terms.has(ID)).toBe(false);
    expect(log.lines.some((line) => line.message === 'statement not indexed: its account is being closed')).toBe(true);
  });

  test('once the deletion has begun, nothing is read or written for the index', async () => {
    const { log } = setup();
    const { search, terms, read } = searchIn();
    await indexAvailable(
      { search, log, closing: async () => true },
      {
        id: ID,
        owner: ALICE,
        fileName: 'mai 2024.csv',
        contentType: 'text/csv',
        size: 42,
        key: KEY,
        accountLabel: 'Main',
        period: '2024-05',
        status: 'AVAILABLE',
        uploadedAt: '2026-03-01T12:00:00.000Z',
      },
    );
    expect(read).toEqual([]);
    expect(terms.size).toBe(0);
  });
});
