/**
 * Writes the corpus into test/fixtures/corpus: every statement by its writer (PDFKit,
 * Chromium, a PDFKit form), the scans made from some of them, and each file's truth beside
 * it. `npm run corpus:generate`; every run writes the same bytes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { imageOnlyPdf, renderPdfPage, scanImage, scanned } from '../support/scan-images';
import { chromiumStatements } from './chromium-writer';
import { pdfkitStatement } from './pdfkit-writer';
import { CORPUS, type CorpusEntry } from './statements';

export const CORPUS_FOLDER = path.join(__dirname, '..', 'fixtures', 'corpus');

const truthFile = (file: string) => path.join(CORPUS_FOLDER, `${file.replace(/\.[a-z]+$/, '')}.truth.json`);

const writeWithTruth = (file: string, bytes: Buffer, entry: CorpusEntry, made: string) => {
  fs.writeFileSync(path.join(CORPUS_FOLDER, file), bytes);
  fs.writeFileSync(truthFile(file), `${JSON.stringify({ made, ...entry.truth }, null, 2)}\n`);
};

const main = async () => {
  fs.mkdirSync(CORPUS_FOLDER, { recursive: true });
  // What an earlier run wrote goes; public samples and the floors stay.
  for (const name of fs.readdirSync(CORPUS_FOLDER))
    if (/\.(pdf|png|jpg|truth\.json)$/.test(name) && !name.startsWith('public-')) fs.rmSync(path.join(CORPUS_FOLDER, name));
  const printed = CORPUS.filter((entry) => entry.writer === 'chromium');
  const fromChromium = new Map(
    (await chromiumStatements(printed.map((entry) => entry.document))).map((pdf, index) => [printed[index].file, pdf]),
  );
  let seed = 7;
  for (const entry of CORPUS) {
    const pdf =
      entry.writer === 'chromium'
        ? fromChromium.get(entry.file)!
        : await pdfkitStatement(entry.document, { form: entry.writer === 'form' });
    writeWithTruth(
      entry.file,
      pdf,
      entry,
      entry.writer === 'form' ? 'PDFKit form (AcroForm)' : entry.writer === 'chromium' ? 'Chromium print to PDF' : 'PDFKit',
    );
    if (!entry.scan) continue;
    const look = { degrees: (seed % 2 ? 1 : -1) * (0.4 + (seed % 5) * 0.2), blur: 0.5 + (seed % 3) * 0.2, seed: seed++ };
    const page = scanned(await renderPdfPage(pdf, 1, entry.scan === 'png' ? 110 : 150), look);
    const base = `${entry.file.replace(/\.pdf$/, '')}${entry.scanStamp ? `.IMG_${entry.scanStamp}` : ''}`;
    if (entry.scan === 'ocr-pdf') {
      const under = await scanImage(page, 'jpeg', 55);
      writeWithTruth(`${base}.scan-ocr.pdf`, await pdfkitStatement(entry.document, { under }), entry, 'scan, PDF with an OCR text layer');
    } else if (entry.scan === 'pdf') {
      writeWithTruth(
        `${base}.scan.pdf`,
        await imageOnlyPdf([await scanImage(page, 'jpeg', 55)], `${base} scan`),
        entry,
        'scan, image-only PDF',
      );
    } else {
      const extension = entry.scan === 'jpeg' ? 'jpg' : 'png';
      writeWithTruth(`${base}.scan.${extension}`, await scanImage(page, entry.scan, 60), entry, `scan, ${entry.scan.toUpperCase()} image`);
    }
  }
  process.stdout.write(
    `${fs.readdirSync(CORPUS_FOLDER).filter((name) => !name.endsWith('.json') && !name.endsWith('.md')).length} files in ${CORPUS_FOLDER}\n`,
  );
};

void main();
