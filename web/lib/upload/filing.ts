import { contentTypeForFile } from '@contract/upload-rules';
import { PROPOSAL_READ, proposeFiling, textSaysEnough, type FilePieces, type FilingProposal } from '@contract/reading';
import { fileRanges, pdfFirstPagesText } from './pdf-text';
import { firstSheetRows } from './sheet-rows';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The filing proposal for a file, read in this browser from the file's first part (and its
 * last, for a larger file), never the whole of a large file; nothing of it is sent anywhere.
 * The worker runs this (see `hash-worker.ts`), so a page with many files stays responsive.
 * A PDF's first pages are read by pdf.js (pdf-text.ts), an XLSX's first sheet by
 * read-excel-file (sheet-rows.ts); an image is proposed for by its name.
 */
export const piecesOf = async (file: File): Promise<FilePieces> => {
  const whole = file.size <= PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes;
  const head = new Uint8Array(await file.slice(0, whole ? file.size : PROPOSAL_READ.headBytes).arrayBuffer());
  const tail = whole ? undefined : new Uint8Array(await file.slice(file.size - PROPOSAL_READ.tailBytes).arrayBuffer());
  return { fileName: file.name, mime: contentTypeForFile(file.name, file.type), size: file.size, head, ...(tail ? { tail } : {}) };
};

/**
 * pdf.js, loaded in this worker the first time a PDF is chosen, with its own worker code
 * run in this same thread (this is already a worker).
 */
const loadPdfJs = async () => {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]);
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  return pdfjs;
};

export const proposeForFile = async (file: File): Promise<FilingProposal> => {
  const pieces = await piecesOf(file);
  if (pieces.mime === 'application/pdf')
    pieces.text = await pdfFirstPagesText(await loadPdfJs(), fileRanges(file), { enough: textSaysEnough });
  if (pieces.mime === XLSX) pieces.sheet = await firstSheetRows((await import('read-excel-file/web-worker')).readSheet as never, file);
  return proposeFiling(pieces);
};

export type { FilingProposal };
