import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import { MAIL_LIMITS, MAIL_WORDS } from '../../contract/mail';
import { statementFilesOf, type MailReading } from '../../lambda/mail/statement-files';
import { ensureDebianPackage } from '../support/debian-package';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';

/**
 * What a mail holds, read from messages Python's email package wrote (test/support/
 * mail-shapes.py) in the shapes banks and mail clients send: each statement is found by
 * its bytes, wherever and however it was put, and what is not one is said in words.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-shapes-'));
let pdf: Buffer;
const csv = fs.readFileSync(path.join(FIXTURES, 'activity.csv'));
const qfx = fs.readFileSync(path.join(FIXTURES, 'visa-2024-08.qfx'));

beforeAll(async () => {
  pdf = await statementPdf(STATEMENT_PDFS[0]);
  fs.writeFileSync(path.join(scratch, 'statement.pdf'), pdf);
  const python = ensureDebianPackage({ packageName: 'python3', binary: '/usr/bin/python3', neededFor: 'The mail tests' });
  execFileSync(python, [
    path.join(__dirname, '..', 'support', 'mail-shapes.py'),
    scratch,
    path.join(scratch, 'statement.pdf'),
    path.join(FIXTURES, 'activity.csv'),
    path.join(FIXTURES, 'visa-2024-08.qfx'),
  ]);
}, 60_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const read = (shape: string) => statementFilesOf(fs.readFileSync(path.join(scratch, `${shape}.eml`)));

/** The files found, as name, type, source and whether the bytes are exactly what was sent. */
const summary = (reading: MailReading, sent: Record<string, Buffer> = {}) => {
  if (!reading.ok) throw new Error(`refused: ${reading.reason}`);
  return reading.files.map((file) => ({
    fileName: file.fileName,
    contentType: file.contentType,
    source: file.source,
    exact: sent[file.fileName] ? Buffer.from(file.bytes).equals(sent[file.fileName]) : undefined,
  }));
};

test('a PDF attached to a multipart/mixed message, base64, as banks send it', async () => {
  const reading = await read('mixed-pdf');
  expect(summary(reading, { 'Statement 2024-03.pdf': pdf })).toEqual([
    { fileName: 'Statement 2024-03.pdf', contentType: 'application/pdf', source: 'attachment', exact: true },
  ]);
  expect(reading).toMatchObject({ ok: true, subject: 'Your March statement', skipped: [] });
  expect(reading.ok && reading.note).toBeUndefined();
});

test('a PDF sent inline with no name is taken, named from the subject', async () => {
  expect(summary(await read('inline-pdf'), { 'Statement inline.pdf': pdf })).toEqual([
    { fileName: 'Statement inline.pdf', contentType: 'application/pdf', source: 'inline', exact: true },
  ]);
});

test('a PDF declared as application/octet-stream is a PDF by its bytes', async () => {
  expect(summary(await read('octet-stream-pdf'), { 'estatement.pdf': pdf })).toEqual([
    { fileName: 'estatement.pdf', contentType: 'application/pdf', source: 'attachment', exact: true },
  ]);
});

test("a forwarded message's statement is found inside it", async () => {
  expect(summary(await read('forwarded'), { 'march.pdf': pdf })).toEqual([
    { fileName: 'march.pdf', contentType: 'application/pdf', source: 'forwarded', exact: true },
  ]);
});

test('a quoted-printable CSV and a base64 QFX sent as octet-stream arrive whole', async () => {
  const reading = await read('quoted-printable-and-base64');
  expect(summary(reading, { 'download.qfx': qfx })).toEqual([
    { fileName: 'activity.csv', contentType: 'text/csv', source: 'attachment', exact: undefined },
    // Named .qfx, whose type the table gives; the content passed the OFX check.
    { fileName: 'download.qfx', contentType: 'application/vnd.intu.qfx', source: 'attachment', exact: true },
  ]);
  // Quoted-printable carries text's line breaks as breaks, not bytes: the file's lines arrive,
  // each ended by LF as postal-mime decodes them (the sender's client may add a last one).
  const lines = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').trimEnd().split(/\r?\n/);
  expect(reading.ok && lines(reading.files[0].bytes)).toEqual(lines(csv));
});

test('a ZIP of statements gives each statement in it; what is not one is said', async () => {
  const reading = await read('zip');
  expect(summary(reading, { 'january.pdf': pdf, 'february.csv': csv })).toEqual([
    { fileName: 'january.pdf', contentType: 'application/pdf', source: 'zip', exact: true },
    { fileName: 'february.csv', contentType: 'text/csv', source: 'zip', exact: true },
  ]);
  expect(reading.ok && reading.skipped).toEqual([
    { fileName: 'README.txt', reason: 'not a statement: its content is text, not a statement file' },
  ]);
});

test('a mail with no attachment, and an HTML notice with a link and an inline logo, hold no statement, and say so', async () => {
  for (const shape of ['no-attachment', 'html-notice']) {
    const reading = await read(shape);
    expect(reading).toEqual({ ok: true, subject: expect.any(String), files: [], skipped: [], note: MAIL_WORDS.noStatement });
  }
  expect(MAIL_WORDS.noStatement).toBe('This mail had no statement attached.');
});

test('a file named .pdf whose bytes are another type is kept out, saying what it is', async () => {
  const reading = await read('wrong-type');
  expect(reading).toMatchObject({ ok: true, files: [], note: MAIL_WORDS.noStatement });
  expect(reading.ok && reading.skipped).toEqual([
    { fileName: 'not-really.pdf', reason: 'not a statement: its content is GIF (image/gif)' },
  ]);
});

test('a protected (encrypted) PDF is still a PDF: it is taken as received', async () => {
  const locked = await statementPdf({
    ...STATEMENT_PDFS[0],
    options: { userPassword: 'harbor', ownerPassword: 'bank', pdfVersion: '1.7' },
  });
  expect(locked.includes('/Encrypt')).toBe(true);
  const raw = Buffer.from(
    [
      'From: statements@harbor.example',
      'To: s-test@vault.example.com',
      'Subject: Protected',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: application/pdf; name="locked.pdf"',
      'Content-Disposition: attachment; filename="locked.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      locked.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--b--',
      '',
    ].join('\r\n'),
  );
  expect(summary(await statementFilesOf(raw), { 'locked.pdf': locked })).toEqual([
    { fileName: 'locked.pdf', contentType: 'application/pdf', source: 'attachment', exact: true },
  ]);
});

describe('bad input is refused whole, in words, never a crash or a part of it', () => {
  test('ten thousand parts', async () => {
    expect(await read('ten-thousand-parts')).toEqual({ ok: false, reason: MAIL_WORDS.tooManyParts });
  });

  test('a message over the size SES receives (60 MB)', async () => {
    const big = Buffer.concat([Buffer.from('Subject: big\r\n\r\n'), Buffer.alloc(60 * 1024 * 1024, 'a')]);
    expect(await statementFilesOf(big)).toEqual({ ok: false, reason: MAIL_WORDS.tooLarge });
    expect(MAIL_LIMITS.maxMessageBytes).toBe(40 * 1024 * 1024);
  });

  test('a header bomb (three megabytes of headers)', async () => {
    const bomb = Buffer.from(`${'X-Filler: '.concat('y'.repeat(990), '\r\n').repeat(3 * 1024)}Subject: bomb\r\n\r\nbody`);
    expect(await statementFilesOf(bomb)).toEqual({ ok: false, reason: MAIL_WORDS.headersTooLarge });
  });

  test('bytes that are not a message', async () => {
    expect(await statementFilesOf(Buffer.from(pdf))).toEqual({ ok: false, reason: MAIL_WORDS.malformed });
  });

  test('a ZIP that lies about its sizes is kept out, the rest of the mail taken', async () => {
    const zip = Buffer.from(zipSync({ 'a.pdf': new Uint8Array(pdf) }, { level: 0 }));
    // The central directory says the file is one byte long.
    const directory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1, directory + 24);
    const raw = Buffer.from(
      [
        'From: a@harbor.example',
        'Subject: Lying zip',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: application/zip; name="s.zip"',
        'Content-Disposition: attachment; filename="s.zip"',
        'Content-Transfer-Encoding: base64',
        '',
        zip.toString('base64'),
        '--b',
        'Content-Type: application/pdf; name="kept.pdf"',
        'Content-Disposition: attachment; filename="kept.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        pdf.toString('base64'),
        '--b--',
        '',
      ].join('\r\n'),
    );
    const reading = await statementFilesOf(raw);
    expect(summary(reading, { 'kept.pdf': pdf })).toEqual([
      { fileName: 'kept.pdf', contentType: 'application/pdf', source: 'attachment', exact: true },
    ]);
    expect(reading.ok && reading.skipped).toEqual([{ fileName: 's.zip', reason: MAIL_WORDS.unreadableZip }]);
  });
});
