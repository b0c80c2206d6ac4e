import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Block } from '../corpus/blocks';
import { bankWords } from '../../scripts/reading-scores';
import { pdfkitStatement } from '../corpus/pdfkit-writer';
import { money } from '../corpus/printed';
import { CORPUS } from '../corpus/statements';

/**
 * The committed corpus (test/fixtures/corpus) is what its generators write, and each truth
 * file says only what its page prints: its account's last four digits, its bank's name and
 * its balances as the page sets them. (Chromium's files and the scans are checked by their
 * truth files alone: jest runs neither a browser nor pdf.js.)
 */
const FOLDER = path.join(__dirname, '..', 'fixtures', 'corpus');

const textOf = (block: Block): string[] => {
  switch (block.type) {
    case 'letterhead':
      return [...block.lines, block.beside ?? ''];
    case 'address':
    case 'lines':
    case 'footer':
      return block.lines;
    case 'heading':
      return [block.text];
    case 'pairs':
      return block.pairs.flat();
    case 'summary':
      return [...block.headings, ...block.values];
    case 'table':
      return [...block.headings, ...block.rows.flat()];
  }
};

test.each(CORPUS.map((entry) => [entry.file, entry] as const))(
  '%s: its truth file, its bytes, and its truth on its page',
  async (file, entry) => {
    const { made, ...truth } = JSON.parse(fs.readFileSync(path.join(FOLDER, file.replace(/\.pdf$/, '.truth.json')), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(truth).toEqual(entry.truth);
    expect(typeof made).toBe('string');
    if (entry.writer !== 'chromium') {
      expect(
        Buffer.compare(await pdfkitStatement(entry.document, { form: entry.writer === 'form' }), fs.readFileSync(path.join(FOLDER, file))),
      ).toBe(0);
    }
    const page = entry.document.blocks.flatMap(textOf).join('\n');
    const digits = page.replace(/\D/g, '');
    if (entry.truth.last4) expect(digits).toContain(entry.truth.last4);
    if (entry.truth.bank) expect(bankWords(page)).toContain(bankWords(entry.truth.bank));
    for (const balance of [entry.truth.opening, entry.truth.closing])
      if (balance !== undefined) expect(page).toContain(money(balance, entry.style));
    // A scan's truth is its page's.
    if (entry.scan) {
      const scan = fs
        .readdirSync(FOLDER)
        .find((name) => name.startsWith(`${file.replace(/\.pdf$/, '')}.`) && /\.scan[^.]*\.truth\.json$/.test(name))!;
      const { made: scanMade, ...scanTruth } = JSON.parse(fs.readFileSync(path.join(FOLDER, scan), 'utf8')) as Record<string, unknown>;
      expect(scanTruth).toEqual(entry.truth);
      expect(scanMade).toMatch(/^scan/);
    }
  },
);

test('the corpus holds 40 to 60 files, each with its truth, under 8 MB', () => {
  const files = fs.readdirSync(FOLDER).filter((name) => /\.(pdf|jpg|png)$/.test(name));
  expect(files.length).toBeGreaterThanOrEqual(40);
  expect(files.length).toBeLessThanOrEqual(60);
  for (const name of files) expect(fs.existsSync(path.join(FOLDER, name.replace(/\.[a-z]+$/, '.truth.json')))).toBe(true);
  const bytes = files.reduce((sum, name) => sum + fs.statSync(path.join(FOLDER, name)).size, 0);
  expect(bytes).toBeLessThan(8 * 1024 * 1024);
});
