import { contentTypeForFile } from '@contract';
import { PROPOSAL_READ, proposeFiling, type FilePieces, type FilingProposal } from '@contract/reading';

/**
 * The filing proposal for a file, read in this browser from the file's first part (and its
 * last, for a larger file), never the whole of a large file; nothing of it is sent anywhere.
 * The worker runs this (see `hash-worker.ts`), so a page with many files stays responsive.
 */
export const piecesOf = async (file: File): Promise<FilePieces> => {
  const whole = file.size <= PROPOSAL_READ.headBytes + PROPOSAL_READ.tailBytes;
  const head = new Uint8Array(await file.slice(0, whole ? file.size : PROPOSAL_READ.headBytes).arrayBuffer());
  const tail = whole ? undefined : new Uint8Array(await file.slice(file.size - PROPOSAL_READ.tailBytes).arrayBuffer());
  return { fileName: file.name, mime: contentTypeForFile(file.name, file.type), size: file.size, head, ...(tail ? { tail } : {}) };
};

export const proposeForFile = async (file: File): Promise<FilingProposal> => proposeFiling(await piecesOf(file));

export type { FilingProposal };
