import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pdfBalances, type StatementBalances } from '../../contract/reading/balances';
import { BALANCE_PDFS, balancePdf, type BalanceLanguage } from '../support/balance-pdfs';

/**
 * PDF statements that print their days and balances, through the real reader: each written
 * by PDFKit in its layout and language, every page read by pdf.js as the search index reads
 * it (test/support/content-text-runner.mts, in a Node process of its own: pdf.js's ES modules
 * load outside jest), and the balances read from those pages.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-balance-pdfs-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const ROOT = path.join(__dirname, '..', '..');

interface Read {
  content: { pieces: string[]; note?: string; balances: StatementBalances };
}

/** The search index's reading of each file, one JSON line each, in order. */
const read = (files: string[]): Read[] =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'test/support/content-text-runner.mts', JSON.stringify(files.map((file) => ({ file, type: 'application/pdf' })))],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Read);

let results: Map<string, Read['content']>;
beforeAll(async () => {
  const files: string[] = [];
  for (const spec of BALANCE_PDFS) {
    const file = path.join(folder, spec.name);
    fs.writeFileSync(file, await balancePdf(spec));
    files.push(file);
  }
  const lines = read(files);
  expect(lines).toHaveLength(files.length);
  results = new Map(lines.map(({ content }, index) => [BALANCE_PDFS[index].name, content]));
}, 120_000);

const FIGURES = ['from', 'to', 'opening', 'closing'] as const;
/** Tables whose second page goes on without their header or a balance carried to it. */
const HEADERLESS_SECOND_PAGE = new Set(['de-two-pages.pdf', 'es-two-pages.pdf']);
const rightByLanguage = new Map<BalanceLanguage, boolean[]>();

test.each(BALANCE_PDFS.map((spec) => [spec.name, spec] as const))('%s: its days, balances and pages, as pdf.js reads it', (name, spec) => {
  const content = results.get(name)!;
  expect(content.note).toBeUndefined();
  const balances = pdfBalances(content.pieces, { pageCount: content.balances.pages ?? content.pieces.length, cut: content.note === 'cut' });
  const { pages, missingPages, ...figures } = spec.expected;
  expect({ ...Object.fromEntries(FIGURES.map((figure) => [figure, balances[figure]])), pages: balances.pages }).toEqual({
    ...figures,
    pages,
  });
  expect(balances.missingPages).toEqual(missingPages);
  // The search index gives the same reading of the file; its arithmetic reads the pages laid out in columns, which the pieces
  // it keeps for search (their column gaps compacted) are not.
  const { arithmetic, ...read } = content.balances;
  const { arithmetic: _fromPieces, ...fromPieces } = balances;
  expect(read).toEqual(fromPieces);
  // A table adds up; one whose second page repeats neither its header nor a balance carried to it has no columns there.
  if (spec.layout === 'table') expect(arithmetic?.state).toBe(HEADERLESS_SECOND_PAGE.has(spec.name) ? 'NOT_CHECKED' : 'CHECKED');
  const right = !spec.gap && FIGURES.every((figure) => balances[figure] === spec.expected[figure]);
  rightByLanguage.set(spec.language, [...(rightByLanguage.get(spec.language) ?? []), right]);
});

test('the share read right is reported', () => {
  const all = [...rightByLanguage.values()].flat();
  expect(all).toHaveLength(BALANCE_PDFS.length);
  const share = (outcomes: boolean[]) => `${outcomes.filter(Boolean).length} of ${outcomes.length}`;
  const lines = [...rightByLanguage].map(([language, outcomes]) => `  ${language}  ${share(outcomes)}`);
  process.stderr.write(
    [
      'PDF statements with balances, first and last day, opening and closing balance all read right (per language):',
      ...lines,
      `  all ${share(all)} (${Math.round((100 * all.filter(Boolean).length) / all.length)} %)`,
      '',
    ].join('\n'),
  );
});
