import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DocumentText } from '../../contract/reading';
import { pdfBalanceReading, pdfBalances, type StatementBalances } from '../../contract/reading/balances';
import { LAYOUT_PDFS, layoutPdf } from '../support/layout-pdfs';

/**
 * Statements in the layouts banks print balances in (summary tables with headings over
 * two lines, a split figure, a count before a balance, a fillable form), written by PDFKit
 * and read by pdf.js in a Node process of its own (its ES modules load outside jest): every
 * page as the search index reads it, and the first pages as the upload panel's worker does.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-layout-pdfs-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const ROOT = path.join(__dirname, '..', '..');

const run = (args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

let catalogue: Map<string, { pieces: string[]; balances: StatementBalances }>;
let worker: Map<string, DocumentText>;
beforeAll(async () => {
  const files = await Promise.all(
    LAYOUT_PDFS.map(async (spec) => {
      const file = path.join(folder, spec.name);
      fs.writeFileSync(file, await layoutPdf(spec));
      return file;
    }),
  );
  const jobs = JSON.stringify(files.map((file) => ({ file, type: 'application/pdf' })));
  const read = run(['test/support/content-text-runner.mts', jobs]) as { content: { pieces: string[]; balances: StatementBalances } }[];
  catalogue = new Map(read.map(({ content }, index) => [LAYOUT_PDFS[index].name, content]));
  const first = run(['test/support/pdf-text-runner.mts', ...files]) as { text: DocumentText }[];
  worker = new Map(first.map(({ text }, index) => [LAYOUT_PDFS[index].name, text]));
}, 120_000);

test.each(LAYOUT_PDFS.map((spec) => [spec.name, spec] as const))(
  '%s: its days and balances, as the catalogue and the upload panel read it',
  (name, spec) => {
    const { balances } = catalogue.get(name)!;
    expect({ from: balances.from, to: balances.to, opening: balances.opening, closing: balances.closing }).toEqual(spec.expected);
    const text = worker.get(name)!;
    expect('text' in text && pdfBalances([text.text])).toMatchObject(spec.expected);
  },
);

test('the split figure reads as pdf.js split it, and a form’s values stand beside their labels', () => {
  expect(catalogue.get('split-and-count.pdf')!.pieces[0]).toMatch(/Beginning Balance +£82\. 40/);
  expect(catalogue.get('fillable.pdf')!.pieces[0]).toMatch(/Closing balance {2}980,10/);
});

test('the search index keeps each column gap as two spaces; the upload panel’s worker reads the columns', () => {
  for (const { pieces } of catalogue.values()) for (const piece of pieces) expect(piece).not.toMatch(/ {3}/);
  const table = worker.get('card-summary-table.pdf')!;
  expect('text' in table && table.text).toMatch(/Previous {3,}Payments/);
});

test('a balance carried from page to page: the last one printed closes the statement, and each says its page and line', () => {
  const { pieces } = catalogue.get('two-pages-carried.pdf')!;
  expect(pdfBalanceReading(pieces).sources).toEqual({
    opening: { page: 1, line: 3, label: 'Opening balance', printed: '£1,000.00', currency: '£' },
    closing: { page: 2, line: 3, label: 'Closing balance', printed: '2,259.50' },
  });
});
