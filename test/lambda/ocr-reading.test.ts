import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OCR_READ, OCR_WORDS } from '../../contract/reading/ocr';
import { storedArithmetic } from '../../contract/reading/statement-arithmetic';
import { UNREAD_BALANCES, type ContentText } from '../../lambda/shared/search/content';
import { pdfBytes } from '../support/pdfkit-bytes';
import { pngOf } from '../support/samples';
import { SCANNED_STATEMENT, scannedBalances, photographedJpeg, scannedPdf, scannedPng } from '../support/scanned-statement';

/**
 * Scans and photos read by OCR in the catalogue's reading (`readContentText`), outside jest
 * (pdf.js's ES modules load in Node's own module system): with tesseract.js itself, a drawn
 * statement saved as PNG, photographed (a JPEG turned 2° with grain) and scanned into an
 * image-only PDF gives its period, both balances and its words, with where they came from;
 * with a fake engine on a fake clock, the bounds: pages per file, the time budget, pixels.
 */
const ROOT = path.join(__dirname, '..', '..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-ocr-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

interface Job {
  file: string;
  type: string;
  ocrBudgetMs?: number;
  fakeMsPerPage?: number;
  fakeLines?: [string, number][][];
}
interface Outcome {
  ms: number;
  peakMb: number;
  content: ContentText & { balances: { source?: string } };
  calls?: number;
}

const read = (jobs: Record<string, Job>): Record<string, Outcome> => {
  const names = Object.keys(jobs);
  const lines = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'test/support/ocr-runner.mts', JSON.stringify(names.map((name) => jobs[name]))],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
  )
    .trim()
    .split('\n');
  expect(lines).toHaveLength(names.length);
  return Object.fromEntries(lines.map((line, index) => [names[index], JSON.parse(line) as Outcome]));
};

const write = (name: string, bytes: Buffer) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return file;
};

/** A one-pixel PNG whose header says it is `width` by `height`: its size is read from the header, never its pixels. */
const sizedHeader = (width: number, height: number) => {
  const bytes = Buffer.from(pngOf(1, 1));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
};

/** A statement's text page, then a scanned enclosure: a picture with no text layer. */
const withEnclosure = (picture: Buffer) =>
  pdfBytes({ size: 'A4' }, (document) => {
    document.text('Statement period: 1 March 2024 to 31 March 2024');
    document.text('Opening balance 1,204.55');
    document.text('Closing balance 3,491.00');
    document.addPage();
    document.image(picture, 50, 50, { width: 400 });
  });

/** A line's words, each read with a confidence of 95 %. */
const sure = (line: string): [string, number][] => line.split(' ').map((text) => [text, 95]);

let outcomes: Record<string, Outcome>;
beforeAll(async () => {
  const png = scannedPng();
  const small = pngOf(200, 200, true);
  const PDF = 'application/pdf';
  outcomes = read({
    png: { file: write('statement.png', png), type: 'image/png' },
    photo: { file: write('photo.jpg', photographedJpeg(2)), type: 'image/jpeg' },
    scan: { file: write('scan.pdf', await scannedPdf([png, photographedJpeg(-1.5)])), type: PDF },
    manyPages: {
      file: write('many.pdf', await scannedPdf(Array.from({ length: OCR_READ.pages + 2 }, () => small))),
      type: PDF,
      fakeMsPerPage: 1,
    },
    outOfTime: {
      file: path.join(folder, 'many.pdf'),
      type: PDF,
      fakeMsPerPage: 1000,
      ocrBudgetMs: 2500,
    },
    huge: { file: write('huge.png', sizedHeader(2480 * 2, 3508 + 1)), type: 'image/png', fakeMsPerPage: 1 },
    speck: { file: write('speck.png', pngOf(1, 1)), type: 'image/png', fakeMsPerPage: 1 },
    enclosure: { file: write('enclosure.pdf', await withEnclosure(small)), type: PDF, fakeMsPerPage: 1 },
    // The engine unsure of the closing amount's digits (50 %), sure of the rest.
    unclear: {
      file: write('unclear.pdf', await scannedPdf([small])),
      type: PDF,
      fakeMsPerPage: 1,
      fakeLines: [
        sure('Statement period: 1 March 2024 to 31 March 2024'),
        sure('Opening balance 1,204.55'),
        [...sure('Closing balance'), ['3,491.00', 50]],
        sure('Fees 12.00'),
      ],
    },
  });
}, 120_000);

describe('with tesseract.js', () => {
  test.each([
    ['a statement saved as a PNG', 'png', 'read by OCR'],
    ['a photo of it, turned 2° with grain, as a JPEG', 'photo', 'read by OCR'],
    ['an image-only PDF of it, one page straight and one turned', 'scan', 'read by OCR, pages 1 and 2'],
  ])('%s gives its period, both balances and its words, read by OCR', (_, name, source) => {
    const { content } = outcomes[name];
    expect(content.note).toBeUndefined();
    expect(content.balances).toMatchObject(scannedBalances(source));
    const text = content.pieces.join('\n');
    expect(text).toContain(SCANNED_STATEMENT.word);
    expect(text).toContain(SCANNED_STATEMENT.bank);
  });

  test('the PDF says its pages, one piece each', () => {
    expect(outcomes.scan.content.pieces).toHaveLength(2);
    expect(outcomes.scan.content.balances.pages).toBe(2);
  });
});

/** What a statement without a table of transactions says of its arithmetic. */
const NO_TABLE = storedArithmetic({ state: 'not checked', why: 'No table of transactions was found.' });

test('a balance whose amount the engine was unsure of is not read, and says so; the rest of the page is', () => {
  const { content } = outcomes.unclear;
  expect(content.pieces).toEqual([
    'Statement period: 1 March 2024 to 31 March 2024\nOpening balance 1,204.55\nClosing balance 3,491.00\nFees 12.00',
  ]);
  expect(content.balances).toEqual({
    from: '2024-03-01',
    to: '2024-03-31',
    opening: 1204.55,
    pages: 1,
    source: 'read by OCR, page 1',
    arithmetic: NO_TABLE,
    unread: [OCR_WORDS.unclear('closing')],
  });
});

test("a text statement with a scanned enclosure: the enclosure's words are searched, and its facts are the text's, not OCR's", () => {
  const { content, calls } = outcomes.enclosure;
  expect(calls).toBe(1);
  expect(content.pieces.at(-1)).toBe('Scanned page 1');
  expect(content.balances).toEqual({
    from: '2024-03-01',
    to: '2024-03-31',
    opening: 1204.55,
    closing: 3491,
    pages: 2,
    arithmetic: NO_TABLE,
    unread: [],
  });
});

describe('the bounds, with a fake engine', () => {
  test(`a scan of more than ${OCR_READ.pages} pages is read for its first ${OCR_READ.pages}, and the rest are said`, () => {
    const { content, calls } = outcomes.manyPages;
    expect(calls).toBe(OCR_READ.pages);
    expect(content.pieces).toHaveLength(OCR_READ.pages);
    expect(content.pieces.at(-1)).toBe(`Scanned page ${OCR_READ.pages}`);
    expect(content.balances.source).toBe(`read by OCR, pages 1 to ${OCR_READ.pages}`);
    expect(content.balances.unread).toContain(OCR_WORDS.notRead(OCR_READ.pages + 1, OCR_READ.pages + 2));
  });

  test('the OCR budget stops the reading after the page it is on: what was read is kept, the rest said', () => {
    const { content, calls } = outcomes.outOfTime;
    // 1 s a page on a 2.5 s budget: pages 1 to 3 start within it.
    expect(calls).toBe(3);
    expect(content.note).toBeUndefined();
    expect(content.pieces).toEqual(['Scanned page 1', 'Scanned page 2', 'Scanned page 3']);
    expect(content.balances.source).toBe('read by OCR, pages 1 to 3');
    expect(content.balances.unread).toContain(OCR_WORDS.outOfTime(4, OCR_READ.pages + 2));
  });

  test('a picture larger than is read is never decoded nor given to the engine; one too small to hold text neither', () => {
    expect(outcomes.huge.calls).toBe(0);
    expect(outcomes.huge.content).toEqual({ pieces: [], note: 'cut', balances: { unread: [UNREAD_BALANCES.image] } });
    expect(outcomes.speck.calls).toBe(0);
    expect(outcomes.speck.content).toEqual({ pieces: [], note: 'no text', balances: { unread: [OCR_WORDS.noWords] } });
  });
});
