import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { proposeFiling, type DocumentText } from '../../contract/reading';
import { textBalances } from '../../contract/reading/balances';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { readingReport, type ReadingOutcome } from '../support/reading-report';

/**
 * PDF statements through the real reader: each written by PDFKit in its bank's layout and
 * language, its first pages read by pdf.js (in Node, as the web app's worker reads them in
 * the browser, range by range), and the filing rules applied to the text.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-pdfs-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const ROOT = path.join(__dirname, '..', '..');

/** pdf.js's reading of each file, from the runner (pdf.js's ES modules load outside jest). */
const read = (files: string[]): { file: string; size: number; bytesRead: number; text: DocumentText }[] =>
  execFileSync(process.execPath, ['--import', 'tsx', 'test/support/pdf-text-runner.mts', ...files], { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

let results: Map<string, { size: number; bytesRead: number; text: DocumentText }>;
beforeAll(async () => {
  const files: string[] = [];
  for (const spec of STATEMENT_PDFS) {
    const file = path.join(folder, spec.name);
    fs.writeFileSync(file, await statementPdf(spec));
    files.push(file);
  }
  const large = path.join(folder, 'large.pdf');
  fs.writeFileSync(large, await statementPdf({ ...STATEMENT_PDFS[2], name: 'large.pdf', picturePages: 3 }));
  files.push(large);
  results = new Map(read(files).map(({ file, ...rest }) => [path.basename(file), rest]));
}, 120_000);

const outcomes: ReadingOutcome[] = [];

test.each(STATEMENT_PDFS.map((spec) => [spec.name, spec] as const))('%s', (name, spec) => {
  const { text, size } = results.get(name)!;
  const proposal = proposeFiling({ fileName: name, mime: 'application/pdf', size, head: new Uint8Array(), text });
  // The protected file's month is only offered by its name, as a question; and it says why nothing in it was read.
  if (spec.options?.userPassword) {
    expect(proposal.period).toBeUndefined();
    expect(proposal.periodQuestion).toMatchObject({ reason: 'file name', choices: [spec.period] });
  } else expect(proposal.period?.value ?? null).toBe(spec.period);
  expect(proposal.account?.value ?? null).toBe(spec.account);
  if (spec.options?.userPassword) expect(proposal.notes).toEqual(['This PDF is protected by a password, so nothing in it was read.']);
  if (spec.picture)
    expect(proposal.notes).toEqual(['This PDF is a scan, with no text to read here. Its words, days and balances are read after upload.']);
  // The bank a person files it under is the one its expected account names ("First Harbor Bank ••4821").
  const bank = spec.account?.split('••')[0].trim();
  outcomes.push({
    format: 'PDF',
    period: spec.period !== null && proposal.period?.value === spec.period,
    account: spec.account !== null && proposal.account?.value === spec.account,
    institution: bank ? proposal.account?.facts.institution === bank : undefined,
  });
});

test.each([
  ['chase-statement.pdf', { opening: 2145.67 }],
  ['releve.pdf', { closing: 1234.56 }],
  ['extracto.pdf', { closing: 3210 }],
])('%s: the balance its text prints, as pdf.js reads it', (name, expected) => {
  const { text } = results.get(name)!;
  expect('text' in text && textBalances(text.text)).toMatchObject(expected);
});

test('the share read right is reported', () => {
  expect(outcomes).toHaveLength(STATEMENT_PDFS.length);
  process.stderr.write(readingReport('PDF statements in four layouts and four languages', outcomes));
});

test('a large PDF is read in the ranges its first pages need, not whole', () => {
  const { size, bytesRead, text } = results.get('large.pdf')!;
  expect(size).toBeGreaterThan(9 * 1024 * 1024);
  expect(bytesRead).toBeLessThan(512 * 1024);
  expect(proposeFiling({ fileName: 'large.pdf', mime: 'application/pdf', size, head: new Uint8Array(), text }).period?.value).toBe(
    '2024-03',
  );
});
