import { createHash, randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STATEMENT_LIMITS, compositeChecksumOf, sha256Base64 } from '../../contract';
import { manifestCsv, statementPath, type ManifestEntry } from '../../web/lib/export/manifest';
import { verifyingStream, type StoredFile } from '../../web/lib/export/verify';
import { exportVault, type ExportSource } from '../../web/lib/export/vault-export';
import { readZip } from '../support/zip';

/** Sends `bytes` through the verifying stream in chunks of `chunk` bytes; what comes out, and the verdict. */
const pass = async (bytes: Uint8Array, stored: StoredFile, chunk = 65_536) => {
  const { stream, result } = verifyingStream(stored);
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += chunk) controller.enqueue(bytes.subarray(offset, offset + chunk));
      controller.close();
    },
  });
  const out = Buffer.from(await new Response(source.pipeThrough(stream)).arrayBuffer());
  return { out, ...(await result) };
};

describe('where a statement goes in the export', () => {
  test('account, then period, then the original name', () => {
    expect(statementPath({ accountLabel: 'Checking ••1234', period: '2024-01', fileName: 'January.pdf' }, new Set())).toBe(
      'statements/Checking ••1234/2024-01/January.pdf',
    );
  });

  test('two files of one name in one folder are both kept, whatever their case', () => {
    const taken = new Set<string>();
    const file = { accountLabel: 'Checking', period: '2024-01', fileName: 'statement.pdf' };
    expect(statementPath(file, taken)).toBe('statements/Checking/2024-01/statement.pdf');
    expect(statementPath({ ...file, fileName: 'STATEMENT.pdf' }, taken)).toBe('statements/Checking/2024-01/STATEMENT (2).pdf');
    expect(statementPath(file, taken)).toBe('statements/Checking/2024-01/statement (3).pdf');
  });

  test('nothing a person typed can climb out of its folder or hide a character', () => {
    const path = statementPath({ accountLabel: '../..', period: '2024-01', fileName: '..\\evil/name\u0007.pdf' }, new Set());
    expect(path).toBe('statements/.._../2024-01/.._evil_name_.pdf');
    expect(path.split('/')).not.toContain('..');
  });
});

describe('the manifest as CSV', () => {
  const entry: ManifestEntry = {
    kind: 'statement',
    path: 'statements/a/2024-01/x.csv',
    id: '01J',
    fileName: 'report, "final".csv',
    accountLabel: '=HYPERLINK("http://x")',
    accountInstitution: 'First Harbor Bank',
    accountKind: 'current account',
    accountCurrency: 'USD',
    period: '2024-01',
    contentType: 'text/csv',
    size: 10,
    uploadedAt: '2024-02-01T00:00:00.000Z',
    status: 'AVAILABLE',
    checksum: 'abc=',
    checksumType: 'FULL_OBJECT',
    verification: 'verified',
    verifiedBy: 'SHA-256',
  };

  test('RFC 4180 quoting, CRLF lines, a header naming every column', () => {
    const lines = manifestCsv([entry]).split('\r\n');
    expect(lines[0].split(',')).toHaveLength(17);
    expect(lines[0]).toContain('accountLabel,accountInstitution,accountKind,accountCurrency,period');
    expect(lines[1]).toContain(',First Harbor Bank,current account,USD,2024-01,');
    expect(lines[1]).toContain('"report, ""final"".csv"');
    expect(lines[2]).toBe('');
  });

  test('a value a spreadsheet would run as a formula is written as text', () => {
    expect(manifestCsv([entry])).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});

describe('checking the exported bytes against the record', () => {
  test('a file sent in one piece: its SHA-256 against the one S3 verified; the bytes pass unchanged', async () => {
    const bytes = randomBytes(200_000);
    const stored = { size: bytes.length, checksum: await sha256Base64(bytes), checksumType: 'FULL_OBJECT' };
    const checked = await pass(bytes, stored, 7_001);
    expect(checked.out.equals(bytes)).toBe(true);
    expect(checked.verification).toBe('verified');
    expect((await pass(randomBytes(200_000), stored)).verification).toBe('mismatch');
  });

  test("a file sent in parts: each part's SHA-256, combined as S3 combines them, whatever the chunking", async () => {
    const bytes = randomBytes(STATEMENT_LIMITS.partBytes * 2 + 12_345);
    const parts = [0, 1, 2].map((index) => bytes.subarray(index * STATEMENT_LIMITS.partBytes, (index + 1) * STATEMENT_LIMITS.partBytes));
    const checksum = await compositeChecksumOf(await Promise.all(parts.map((part) => sha256Base64(part))));
    const stored = { size: bytes.length, checksum, checksumType: 'COMPOSITE' };
    const checked = await pass(bytes, stored, 1_000_003);
    expect(checked.out.equals(bytes)).toBe(true);
    expect(checked.verification).toBe('verified');
    const flipped = Buffer.from(bytes);
    flipped[STATEMENT_LIMITS.partBytes + 5] ^= 1;
    expect((await pass(flipped, stored, 1_000_003)).verification).toBe('mismatch');
  });

  test('a record from before checksums were enforced: the declared hex SHA-256; no checksum: size only', async () => {
    const bytes = randomBytes(5_000);
    const declared = createHash('sha256').update(bytes).digest('hex');
    expect((await pass(bytes, { size: bytes.length, checksum: declared.toUpperCase() })).verification).toBe('verified');
    expect(await pass(bytes, { size: bytes.length })).toMatchObject({
      verification: 'unverified',
      verifiedBy: expect.stringMatching(/^size only/),
    });
    expect((await pass(bytes, { size: bytes.length + 1 })).verification).toBe('mismatch');
  });
});

describe('the whole export', () => {
  const statementBytes = randomBytes(70_000);
  const avatarBytes = randomBytes(900);
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/statement') response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(statementBytes);
      else if (request.url === '/avatar') response.writeHead(200, { 'Content-Type': 'image/png' }).end(avatarBytes);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => jest.restoreAllMocks());

  test('every file is read from storage, never from the HTTP cache, into a ZIP with its manifest', async () => {
    const statement = {
      __typename: 'Statement' as const,
      id: '01HSTATEMENT',
      fileName: 'March.pdf',
      contentType: 'application/pdf',
      size: statementBytes.length,
      accountLabel: 'Checking',
      // A record of an earlier release, the sweep not yet by: its label's key is its account's.
      accountKey: null as string | null,
      period: '2024-03',
      status: 'AVAILABLE' as const,
      scanDetail: null,
      uploadedAt: '2024-04-01T00:00:00.000Z',
      checksum: await sha256Base64(statementBytes),
      checksumType: 'FULL_OBJECT',
      contentNotIndexed: null,
      arrivedByMail: null,
    };
    // One account the summaries know (its bank read from its files, its kind said by the
    // person), and one they do not hold yet: named, its details left empty, not guessed.
    const unsummarised = {
      ...statement,
      id: '01HOTHER',
      fileName: 'April.pdf',
      accountLabel: 'Savings',
      accountKey: 'savings',
      period: '2024-04',
    };
    const source: ExportSource = {
      async *statements() {
        yield statement;
        yield unsummarised;
      },
      accounts: async () => [
        {
          __typename: 'AccountSummary' as const,
          label: 'CHECKING',
          accountKey: 'checking',
          count: 4,
          cadence: 'QUARTERLY' as const,
          statementsFrom: '2023-01',
          closedAfter: null,
          graceDays: 14,
          institution: 'First Harbor Bank',
          kind: 'card',
          currency: null,
          institutionSaid: false,
          kindSaid: true,
          currencySaid: null,
        },
      ],
      downloadUrl: async () => `${base}/statement`,
      avatarUrl: async () => `${base}/avatar`,
    };
    // An avatar the page shows was cached from an <img> request, which S3 answers without
    // CORS headers: a read from the cache would fail in the browser, so none may happen.
    const realFetch = globalThis.fetch;
    const cacheModes: (RequestCache | undefined)[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      cacheModes.push(init?.cache);
      return realFetch(input, init);
    });

    const { zip, manifest } = await exportVault(source, { signal: new AbortController().signal, onProgress: () => undefined });
    const files = await readZip(Buffer.from(await new Response(zip).arrayBuffer()));

    expect(new Set(cacheModes)).toEqual(new Set(['no-store']));
    expect(cacheModes.length).toBe(3);
    expect(files.get('statements/Checking/2024-03/March.pdf')!.equals(statementBytes)).toBe(true);
    expect(files.get('profile/avatar.png')!.equals(avatarBytes)).toBe(true);
    expect((await manifest).map((entry) => [entry.path, entry.verification, entry.accountInstitution, entry.accountKind])).toEqual([
      ['statements/Checking/2024-03/March.pdf', 'verified', 'First Harbor Bank', 'card'],
      ['statements/Savings/2024-04/April.pdf', 'verified', null, null],
      ['profile/avatar.png', 'unverified', null, null],
    ]);
    const described = JSON.parse(files.get('manifest.json')!.toString('utf8')) as { accounts: unknown[] };
    expect(described.accounts).toEqual([
      {
        name: 'CHECKING',
        institution: 'First Harbor Bank',
        kind: 'card',
        currency: null,
        sources: { institution: 'its files say', kind: 'you said' },
        cadence: 'quarterly',
        statementsFrom: '2023-01',
        closedAfter: null,
        graceDays: 14,
        statements: 1,
      },
      {
        name: 'Savings',
        institution: null,
        kind: null,
        currency: null,
        sources: {},
        cadence: null,
        statementsFrom: null,
        closedAfter: null,
        graceDays: null,
        statements: 1,
      },
    ]);
  });
});
