import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { MiB } from '../../contract/uploads';
import { CONTENT_READ, UNREAD_BALANCES, type ContentText } from '../../lambda/shared/search/content';
import { pdfBomb, xlsxBomb, xlsxLarge, type ZipLie } from '../support/bombs';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';

/**
 * No file exhausts the search index's reader: decompression bombs (a workbook whose ZIP
 * says 500 bytes while its sheet inflates to 900 MB, a PDF whose one page inflates to 400
 * MB) are each read through the real reader in a process of its own, whose peak resident
 * size (the kernel's high-water mark) must stay within READ_MEMORY of the same process's
 * size before the read, measured after ordinary files of both kinds were read in it (the
 * reader and pdf.js loaded). Before the bounds, the same files took 1,786 MiB (the
 * workbook) and 782 MiB (the PDF) above that baseline, and the PDF that names one stream
 * forty times 1,188 MiB with a bound on each stream alone.
 */
const ROOT = path.join(__dirname, '..', '..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bombs-'));
const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a reading may add to the reader's process: a quarter of the indexing function's 1 GiB. */
const READ_MEMORY = 256 * MiB;

interface Measured {
  baseline: number;
  peak: number;
  content?: ContentText;
  error?: string;
}

const write = (name: string, bytes: Buffer): string => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return file;
};

let warm: { file: string; type: string }[];

/** The reading of one file in a process of its own, and that process's memory (reader-memory-runner.mts). */
const measure = async (file: string, type: string): Promise<Measured> => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'test/support/reader-memory-runner.mts', JSON.stringify({ warm, job: { file, type } })],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * MiB },
  );
  return JSON.parse(stdout) as Measured;
};

beforeAll(async () => {
  warm = [
    { file: write('statement.pdf', await statementPdf(STATEMENT_PDFS[0])), type: PDF },
    { file: write('statement.xlsx', await statementWorkbook(STATEMENT_WORKBOOKS[0])), type: XLSX },
  ];
});

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const expectWithinBound = (measured: Measured) => {
  expect(measured.baseline).toBeGreaterThan(0);
  expect(measured.peak - measured.baseline).toBeLessThan(READ_MEMORY);
};

describe.each<[string, ZipLie]>([
  ['say nothing (sizes after the data) while the directory lies', 'descriptor'],
  ['tell the truth while the directory lies', 'local-truth'],
  ['and the directory tell the same lie', 'both-lie'],
])('a workbook bomb whose local headers %s', (_, lie) => {
  test('is refused as unreadable within the bound', async () => {
    const bomb = await xlsxBomb(lie);
    expect(bomb.length).toBeLessThan(1 * MiB);
    const measured = await measure(write(`bomb-${lie}.xlsx`, bomb), XLSX);
    expect(measured.content).toEqual({ pieces: [], note: 'unreadable', balances: { unread: [UNREAD_BALANCES.unreadable] } });
    expectWithinBound(measured);
  });
});

test('a workbook that truly unzips to all but a MiB of what is read is read whole within the bound', async () => {
  const measured = await measure(write('large.xlsx', await xlsxLarge(CONTENT_READ.workbookUnzippedBytes / MiB - 1)), XLSX);
  expect(measured.content?.note).toBeUndefined();
  expect(measured.content?.pieces[0]).toBe('Card payment Lieferant 1 GmbH');
  expect(measured.content?.pieces.length).toBeGreaterThan(100_000);
  expectWithinBound(measured);
});

test.each([
  ['whose one page inflates to 400 MB', () => pdfBomb(400)],
  ['whose one page draws a form that inflates to 400 MB', () => pdfBomb(400, { form: true })],
  ['whose one page shows one string of 4 MB', () => pdfBomb(4, { filler: 'string' })],
  ['whose one page names one 15 MB stream forty times', () => pdfBomb(15, { contents: 40 })],
])('a PDF %s is not read, within the bound', async (name, bomb) => {
  const bytes = bomb();
  expect(bytes.length).toBeLessThan(1 * MiB);
  const measured = await measure(write(`${name.replace(/\W+/g, '-')}.pdf`, bytes), PDF);
  expect(measured.content).toEqual({ pieces: [], note: 'too large', balances: { unread: [UNREAD_BALANCES.cut] } });
  expectWithinBound(measured);
});

test('a PDF whose page shows many short strings up to the stream bound is read within the bound', async () => {
  const measured = await measure(write('shows.pdf', pdfBomb(CONTENT_READ.pdfStreamBytes / MiB - 1, { filler: 'shows' })), PDF);
  expect(measured.content?.note).toBeUndefined();
  expect(measured.content?.pieces[0]).toMatch(/^Bomb page\nabab/);
  expectWithinBound(measured);
});
