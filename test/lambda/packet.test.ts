import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MALWARE_SCAN, packetKey, statementKey, type Statement } from '../../contract';
import { makePacket, type PacketDeps } from '../../lambda/statements/packets/make';
import { ApiError } from '../../lambda/shared/errors';
import { memoryObjects, testPresigner } from '../support/lambda-fakes';
import { statementRecord } from '../support/statement-records';
import { checkPacketOutside, pdfPagesText } from '../support/pdf-pages';
import { readZip } from '../support/zip';
import { storedArithmetic } from '../../contract/reading/statement-arithmetic';

const OWNER = '11111111-2222-4333-8444-555555555555';
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A month's statement of Checking with its days and balances as the catalogue keeps them. */
const month = (period: string, from: string, to: string, opening: number, closing: number, fields: Partial<Statement> = {}) =>
  statementRecord(OWNER, {
    accountLabel: 'Checking',
    fileName: `checking-${period}.pdf`,
    period,
    balances: { from, to, opening, closing, currency: 'USD', pages: 2, missingPages: [], unread: [], entered: [] },
    ...fields,
  });

const setup = (statements: Statement[]) => {
  const objects = memoryObjects();
  for (const statement of statements) {
    const body = Buffer.from(`%PDF-1.4 statement ${statement.fileName} ${'x'.repeat(200_000)}`);
    objects.objects.set(statementKey(OWNER, statement.id), {
      contentType: 'application/pdf',
      size: body.length,
      metadata: {},
      lastModified: statement.uploadedAt,
    });
    objects.bodies.set(statementKey(OWNER, statement.id), new Uint8Array(body));
    statement.size = body.length;
  }
  let id = 0;
  const deps: PacketDeps = {
    accounts: { accountStatements: async (_owner, accountKey) => statements.filter((one) => one.accountKey === accountKey) },
    objects,
    presigner: testPresigner(),
    log: silent,
    now: () => new Date('2026-11-27T10:00:00Z'),
    newId: () => `01PACKET${String(++id).padStart(18, '0')}`,
  };
  return { objects, deps };
};

// What the files say of their account: two name the bank and the kind, one another spelling.
const jan = month('2026-01', '2026-01-01', '2026-01-31', 1000, 1100.5, {
  accountFacts: { institution: 'First Harbor Bank', kind: 'current', currency: 'USD' },
});
const feb = month('2026-02', '2026-02-01', '2026-02-28', 1100.5, 1200, { accountFacts: { institution: 'First Harbor Bank' } });
const mar = month('2026-03', '2026-03-01', '2026-03-31', 1200, 1300, { accountFacts: { institution: 'FIRST HARBOR' } });
// April is missing, and May does not open where March closed.
const may = month('2026-05', '2026-05-01', '2026-05-31', 1350, 1400);

describe('a packet', () => {
  it('holds each statement of the span, its cover and SHA256SUMS, and sha256sum -c checks every file', async () => {
    const { objects, deps } = setup([jan, feb, mar, may]);
    const packet = await makePacket(deps, {
      sub: OWNER,
      owner: 'ana@example.com',
      accountKeys: ['checking'],
      span: { from: '2026-01-01', to: '2026-03-31' },
    });
    expect(packet).toMatchObject({ statements: 3, complete: true, fileName: 'Statement packet 2026-01-01 to 2026-03-31.zip' });
    expect(packet.url).toContain(`/packets/${OWNER}/`);
    const zip = objects.bodies.get(packetKey(OWNER, '01PACKET000000000000000001'))!;
    // The clean verdict its files had, so the bucket lets it be read.
    expect(objects.verdicts.get(packetKey(OWNER, '01PACKET000000000000000001'))).toBe(MALWARE_SCAN.clean);

    const files = await readZip(Buffer.from(zip));
    expect([...files.keys()]).toEqual([
      'Checking/2026-01-01 to 2026-01-31 checking-2026-01.pdf',
      'Checking/2026-02-01 to 2026-02-28 checking-2026-02.pdf',
      'Checking/2026-03-01 to 2026-03-31 checking-2026-03.pdf',
      'cover.pdf',
      'SHA256SUMS',
    ]);
    for (const statement of [jan, feb, mar]) {
      const name = `Checking/${statement.balances!.from} to ${statement.balances!.to} ${statement.fileName}`;
      expect(files.get(name)).toEqual(Buffer.from(objects.bodies.get(statementKey(OWNER, statement.id))!));
    }
    const { report, folder } = checkPacketOutside(zip);
    expect(report.trim().split('\n')).toHaveLength(4);
    expect(report).not.toMatch(/FAILED/);

    const cover = pdfPagesText(fs.readFileSync(path.join(folder, 'cover.pdf'))).join('\n');
    expect(cover).toContain('Statement packet');
    expect(cover).toContain('Complete: every statement of the span is here');
    expect(cover).toContain('ana@example.com');
    // The account's bank and kind, as most of its files say them, and said to be theirs.
    expect(cover).toContain('First Harbor Bank · current account · USD (as its statements say)');
    expect(cover).toContain('$1,100.50');
    expect(cover).toContain('sha256sum -c SHA256SUMS');
    // Each file's line on the cover carries the SHA-256 of its bytes in the packet.
    for (const [name, bytes] of files) {
      if (name === 'cover.pdf' || name === 'SHA256SUMS') continue;
      expect(cover).toContain(`SHA-256: ${createHash('sha256').update(bytes).digest('hex')}`);
    }
  });

  it('names its entries in ASCII, so every unzip in every locale puts them where SHA256SUMS says', async () => {
    const harbor = (period: string, from: string, to: string, fileName: string) =>
      month(period, from, to, 500, 500, { accountLabel: 'Harbor Bank ••3000', fileName });
    const { objects, deps } = setup([
      harbor('2026-01', '2026-01-01', '2026-01-31', 'relevé “janvier” – Straße.pdf'),
      harbor('2026-02', '2026-02-01', '2026-02-28', 'février\u202e.pdf'),
    ]);
    await makePacket(deps, { sub: OWNER, accountKeys: ['harbor bank ••3000'], span: { from: '2026-01-01', to: '2026-02-28' } });
    const zip = objects.bodies.get(packetKey(OWNER, '01PACKET000000000000000001'))!;
    // Info-ZIP's unzip, bsdtar and Python's zipfile, in a UTF-8 and the C locale.
    const { report, folder } = checkPacketOutside(zip);
    expect(report.match(/: OK$/gm)).toHaveLength(3);
    const files = await readZip(Buffer.from(zip));
    expect([...files.keys()]).toEqual([
      "Harbor Bank xx3000/2026-01-01 to 2026-01-31 releve 'janvier' - Strasse.pdf",
      'Harbor Bank xx3000/2026-02-01 to 2026-02-28 fevrier.pdf',
      'cover.pdf',
      'SHA256SUMS',
    ]);
    const cover = pdfPagesText(fs.readFileSync(path.join(folder, 'cover.pdf'))).join('\n');
    // The cover names the account and the files as the person filed them beside the names in the packet.
    expect(cover).toContain('Harbor Bank ••3000');
    expect(cover).toContain("1. Harbor Bank xx3000/2026-01-01 to 2026-01-31 releve 'janvier' - Strasse.pdf");
    expect(cover).toContain('Filed as relevé “janvier” – Straße.pdf');
  });

  it('says on its cover which days and balances were read by OCR from a scan, and which the owner entered', async () => {
    const scanned = month('2026-02', '2026-02-01', '2026-02-28', 1100.5, 1200, { fileName: 'scan.pdf' });
    scanned.balances = { ...scanned.balances!, source: 'read by OCR, page 1', entered: ['closing'] };
    const { objects, deps } = setup([jan, scanned]);
    await makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2026-01-01', to: '2026-02-28' } });
    const files = await readZip(Buffer.from(objects.bodies.get(packetKey(OWNER, '01PACKET000000000000000001'))!));
    const cover = pdfPagesText(files.get('cover.pdf')!).join('\n').replace(/\s+/g, ' ');
    expect(cover).toContain('Feb 1 – Feb 28, 2026 (read by OCR, page 1)');
    expect(cover).toContain('$1,100.50 (read by OCR, page 1)');
    expect(cover).toContain('$1,200.00 (entered by the owner)');
    // January's, from its text, say nothing of where they came from.
    expect(cover).not.toContain('$1,000.00 (');
  });

  it('says on its cover, per statement, whether its own figures add up, and by how much one does not', async () => {
    const checked = month('2026-01', '2026-01-01', '2026-01-31', 1000, 1100.5);
    checked.balances = { ...checked.balances!, arithmetic: storedArithmetic({ state: 'checked', transactions: 12 }) };
    const off = month('2026-02', '2026-02-01', '2026-02-28', 1100.5, 1200, { fileName: 'off.pdf' });
    off.balances = { ...off.balances!, arithmetic: storedArithmetic({ state: 'off', transactions: 9, offBy: -4510, day: '2026-02-12' }) };
    const { objects, deps } = setup([checked, off, mar]);
    await makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2026-01-01', to: '2026-03-31' } });
    const files = await readZip(Buffer.from(objects.bodies.get(packetKey(OWNER, '01PACKET000000000000000001'))!));
    const cover = pdfPagesText(files.get('cover.pdf')!).join('\n').replace(/\s+/g, ' ');
    expect(cover).toContain('Read and checked: opening + 12 transactions = closing.');
    expect(cover).toContain('This statement does not add up: it is $45.10 off (first at the row of Feb 12, 2026).');
    // March's record has no check (read before it): its line says nothing of one.
    expect(cover.match(/Read and checked|does not add up|Not checked/g)).toHaveLength(2);
  });

  it('says on its cover, in words, the month no statement covers and what the balance did over it', async () => {
    const { objects, deps } = setup([jan, feb, mar, may]);
    const packet = await makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2026-01-01', to: '2026-06-30' } });
    expect(packet).toMatchObject({ statements: 4, complete: false });
    const files = await readZip(Buffer.from(objects.bodies.get(packetKey(OWNER, '01PACKET000000000000000001'))!));
    const cover = pdfPagesText(files.get('cover.pdf')!).join('\n');
    expect(cover).toMatch(/Not complete\. Checking: 1 missing statement; no statement covers Jun 1, 2026 to Jun\s+30,\s+2026\./);
    expect(cover).toMatch(/Missing statement: No statement covers Apr 1 – Apr 30, 2026 \(30 days\)\. The balance changed by\s+\$50\.00/);
    // June is in none of them either.
    expect(cover).toMatch(/Not covered by any\s+statement: Jun 1, 2026 to Jun 30, 2026 \(30 days\)/);
    expect(cover).not.toContain('Complete: every statement');
  });

  it('leaves out a file still being scanned and says so, and refuses a span with nothing in it', async () => {
    const scanning = month('2026-02', '2026-02-01', '2026-02-28', 1100.5, 1200, { status: 'SCANNING', fileName: 'late.pdf' });
    const { objects, deps } = setup([jan, scanning]);
    const packet = await makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2026-01-01', to: '2026-02-28' } });
    expect(packet).toMatchObject({ statements: 1, complete: false });
    const files = await readZip(Buffer.from(objects.bodies.get(packetKey(OWNER, '01PACKET000000000000000001'))!));
    expect(pdfPagesText(files.get('cover.pdf')!).join('\n')).toContain(
      'late.pdf (Checking) is not in this packet: it is still being scanned for malware.',
    );

    await expect(
      makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2025-01-01', to: '2025-03-31' } }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('covers a day from Jan 1, 2025 to Mar 31, 2025'),
    });
    await expect(
      makePacket(deps, { sub: OWNER, accountKeys: ['savings'], span: { from: '2026-01-01', to: '2026-03-31' } }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('stores nothing when a file read is not the file S3 verified on arrival', async () => {
    const tampered = {
      ...jan,
      checksum: createHash('sha256').update('another file').digest('base64'),
      checksumType: 'FULL_OBJECT' as const,
    };
    const { objects, deps } = setup([tampered, feb]);
    await expect(
      makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2026-01-01', to: '2026-02-28' } }),
    ).rejects.toThrow(/SHA-256 other than the one verified/);
    expect([...objects.objects.keys()].filter((key) => key.startsWith('packets/'))).toEqual([]);
  });

  it('refuses more than a packet holds, in words, before reading a file', async () => {
    const big = { ...jan, size: 300 * 1024 * 1024 };
    const { objects, deps } = setup([feb]);
    deps.accounts = { accountStatements: async () => [big, feb] };
    const refusal = await makePacket(deps, { sub: OWNER, accountKeys: ['checking'], span: { from: '2026-01-01', to: '2026-02-28' } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('PACKET_TOO_LARGE');
    expect((refusal as ApiError).message).toMatch(/at most 240 statements and 200 MiB; this one would hold 2 statements/);
    expect(objects.calls.filter((call) => call.startsWith('readStream'))).toEqual([]);
  });
});
