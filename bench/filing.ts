/**
 * `npm run bench`, the filing proposal: what the web app's worker does when a file is
 * chosen, timed here in Node on the same code. A 1 MB and a 50 MB CSV and OFX (the rules
 * read their first 256 KiB and last 64 KiB, so the 50 MB file must cost at most 1.5x the
 * 1 MB one), and the first pages of a 10 MB PDF through pdf.js, read range by range.
 * Medians of several runs; bytes read beside each.
 */
import { PROPOSAL_READ, proposeFiling, textSaysEnough, type FilePieces } from '../contract/reading';
import { pdfFirstPagesText } from '../web/lib/upload/pdf-text';
import { csv } from '../test/support/samples';
import { ofx } from './statement-ofx';
import { STATEMENT_PDFS, statementPdf } from '../test/support/statement-pdfs';

const RUNS = 9;
const MB = 1024 * 1024;

/** The pieces the worker reads of a file: all of a small one, the first and last parts of a large one. */
const pieces = (fileName: string, mime: string, bytes: Buffer): FilePieces =>
  bytes.length <= PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes
    ? { fileName, mime, size: bytes.length, head: bytes }
    : {
        fileName,
        mime,
        size: bytes.length,
        head: bytes.subarray(0, PROPOSAL_READ.headBytes),
        tail: bytes.subarray(bytes.length - PROPOSAL_READ.tailBytes),
      };

const median = async (run: () => Promise<unknown> | unknown): Promise<number> => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
};

const main = async () => {
  console.log(`Filing proposals, as the web app's worker makes them (Node ${process.version}, median of ${RUNS})`);
  for (const [label, mime, make] of [
    ['CSV', 'text/csv', csv],
    ['OFX', 'application/x-ofx', ofx],
  ] as const) {
    const small = make(MB);
    const large = make(50 * MB);
    const read = (bytes: Buffer) => Math.min(bytes.length, PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes);
    const smallMs = await median(() => proposeFiling(pieces(`s.${label}`, mime, small)));
    const largeMs = await median(() => proposeFiling(pieces(`l.${label}`, mime, large)));
    const period = proposeFiling(pieces(`l.${label}`, mime, large)).period?.value;
    const ratio = largeMs / smallMs;
    console.log(
      `  ${label}  1 MB: ${smallMs.toFixed(1).padStart(6)} ms (${(read(small) / 1024).toFixed(0)} KiB read)` +
        `   50 MB: ${largeMs.toFixed(1).padStart(6)} ms (${(read(large) / 1024).toFixed(0)} KiB read)` +
        `   ratio ${ratio.toFixed(2)}x (goal <= 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'}); proposes ${period}`,
    );
  }

  const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as never;
  const pdf = await statementPdf({ ...STATEMENT_PDFS[2], name: 'large.pdf', picturePages: 3 });
  let bytesRead = 0;
  const pdfMs = await median(async () => {
    bytesRead = 0;
    const text = await pdfFirstPagesText(
      pdfjs,
      { size: pdf.length, read: async (begin, end) => pdf.subarray(begin, end) },
      { onRead: (bytes) => (bytesRead += bytes), enough: textSaysEnough },
    );
    return proposeFiling({ fileName: 'large.pdf', mime: 'application/pdf', size: pdf.length, head: new Uint8Array(), text });
  });
  let bothPagesRead = 0;
  const noEarlyStop = await median(async () => {
    bothPagesRead = 0;
    await pdfFirstPagesText(
      pdfjs,
      { size: pdf.length, read: async (begin, end) => pdf.subarray(begin, end) },
      { onRead: (bytes) => (bothPagesRead += bytes) },
    );
  });
  console.log(
    `  PDF  ${(pdf.length / MB).toFixed(1)} MB, first pages by pdf.js: ${pdfMs.toFixed(1)} ms, ${(bytesRead / 1024).toFixed(0)} KiB read` +
      ` (reading the second page too, whatever the first says: ${noEarlyStop.toFixed(1)} ms, ${(bothPagesRead / 1024).toFixed(0)} KiB read)`,
  );
};

main().catch((error: Error) => {
  console.error(`bench/filing: ${error.message}`);
  process.exit(1);
});
