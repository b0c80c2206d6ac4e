import { STATEMENT_LIMITS, acceptAttribute, statementTextProblem } from '../../contract';
import { computeChecksums, pieceRanges } from '../../web/lib/upload/hashing';
import { browserSessions } from '../../web/lib/upload/sessions';
import { SameFileStored, UploadRuleError, UploadTransferError, isRetryable } from '../../web/lib/upload/transfer';
import { PresignApiError } from '../../web/lib/presign-api';
import { compositeOf, partsOf, sha256Base64, statementChecksum } from '../local/support/uploads';
import { csv } from '../support/samples';

/**
 * The web app's upload engine, the parts that need no browser: the checksums it signs
 * uploads with are exactly the ones S3 computes (Node's crypto as the reference), which
 * retries it offers, what it remembers for a resume, and the rules it applies before
 * sending. The whole engine runs in the browser suite against the local stack.
 */
test("a file sent in one piece is signed with its SHA-256; one sent in parts with S3's composite of its parts' SHA-256s", async () => {
  const small = csv(3000);
  expect(await computeChecksums(new Blob([new Uint8Array(small)]))).toEqual({ checksum: sha256Base64(small), parts: [] });
  const large = csv(STATEMENT_LIMITS.maxSingleUploadBytes + 1);
  const hashed = await computeChecksums(new Blob([new Uint8Array(large)]));
  expect(hashed.parts).toEqual(partsOf(large).map((part) => part.checksum));
  expect(hashed.checksum).toBe(compositeOf(hashed.parts));
  expect(hashed.checksum).toBe(statementChecksum(large));
  expect(hashed.checksum).toMatch(/-4$/);
});

test('hashing reads one piece at a time and reports its progress', async () => {
  const large = csv(STATEMENT_LIMITS.maxSingleUploadBytes + 1);
  expect(pieceRanges(large.length)).toEqual([
    [0, 16 * 1024 * 1024],
    [16 * 1024 * 1024, 32 * 1024 * 1024],
    [32 * 1024 * 1024, 48 * 1024 * 1024],
    [48 * 1024 * 1024, large.length],
  ]);
  const seen: number[] = [];
  await computeChecksums(new Blob([new Uint8Array(large)]), (hashed) => seen.push(hashed));
  expect(seen).toEqual([16, 32, 48].map((mib) => mib * 1024 * 1024).concat(large.length));
});

test('a retry is offered only where trying again can succeed', () => {
  expect(isRetryable(new UploadTransferError('The connection broke during the upload.'))).toBe(true);
  expect(isRetryable(new PresignApiError(0, 'NETWORK', 'offline'))).toBe(true);
  expect(isRetryable(new PresignApiError(503, 'INTERNAL', 'try again'))).toBe(true);
  expect(isRetryable(new UploadRuleError('Statements must be PDF…'))).toBe(false);
  expect(isRetryable(new PresignApiError(403, 'QUOTA_EXCEEDED', 'Your vault is full'))).toBe(false);
  expect(isRetryable(new PresignApiError(413, 'FILE_TOO_LARGE', 'too large'))).toBe(false);
  expect(isRetryable(new SameFileStored([{ fileName: 'a.pdf', accountLabel: 'Main', period: '2024-01' }]))).toBe(false);
});

test('unfinished uploads are remembered per user, survive a reload (storage), and are forgotten once done', () => {
  const storage = new Map<string, string>();
  const fake = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  } as Storage;
  const session = {
    statementId: 'S1',
    uploadId: 'U1',
    fileName: 'big.csv',
    size: 60,
    lastModified: 1,
    contentType: 'text/csv',
    accountLabel: 'Main',
    period: '2024-01',
    checksum: 'x-4',
    startedAt: '2026-01-01T00:00:00Z',
  };
  browserSessions('alice', fake).save(session);
  expect(browserSessions('alice', fake).list()).toEqual([session]);
  expect(browserSessions('bob', fake).list()).toEqual([]);
  browserSessions('alice', fake).forget('S1');
  expect(browserSessions('alice', fake).list()).toEqual([]);
  storage.set('statement-vault.uploads.alice', '{not json');
  expect(browserSessions('alice', fake).list()).toEqual([]);
});

test('every rule of the API is asked before sending, in words', () => {
  expect(statementTextProblem(`${'x'.repeat(201)}.pdf`, 'Main')).toBe('The file name must be at most 200 characters');
  expect(statementTextProblem(`${'明'.repeat(190)}.pdf`, 'Main')).toMatch(
    /^The file name is too long to store: it takes \d+ bytes once encoded and at most 1024 fit/,
  );
  expect(statementTextProblem('invoice\u202Efdp.exe', 'Main')).toBe(
    'The file name must not contain control or direction-override characters',
  );
  expect(statementTextProblem('a.pdf', '  ')).toBe('The account label must not be empty');
  // Emoji count as one character each, as people count them.
  expect(statementTextProblem(`${'😀'.repeat(196)}.pdf`, 'Main')).toMatch(/too long to store/);
});

test('file inputs accept every type and extension of the table', () => {
  expect(acceptAttribute('profileImage')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp');
  expect(acceptAttribute('statement').split(',')).toEqual(
    expect.arrayContaining(['application/x-ofx', '.ofx', 'application/vnd.intu.qfx', '.qfx', 'text/csv', '.csv']),
  );
});
