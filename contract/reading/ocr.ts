/**
 * Reading scans and photos with OCR: what is read (the bounds), and how the words an OCR
 * engine finds, each with its box on the page, become the page text the readers of the
 * text layer already read. Pure: the engine is a port (lambda/shared/reading/ocr-engine.ts
 * runs tesseract.js behind it), so the bounds are tested with a fake one.
 */

import type { StatementBalances } from './balances';
import { parseAmount } from './transactions';
import { storedArithmetic } from './statement-arithmetic';

/** A box on a page, in the image's pixels, as OCR engines give them. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A word an OCR engine read, with its box and its confidence (0 to 100). */
export interface OcrWord {
  text: string;
  confidence: number;
  box: OcrBox;
}

/** What an engine answers for one picture: its words, each with its box. */
export interface OcrPage {
  words: OcrWord[];
}

/** An OCR engine: one picture (PNG, JPEG, or PGM/PPM as `grey-image.ts` writes them) in, its words out. */
export interface OcrEngine {
  recognize(image: Uint8Array): Promise<OcrPage>;
}

/** A 300 dpi A4 page in pixels: what a scanner makes of a statement. */
const A4_300_DPI_PIXELS = 2480 * 3508;

/**
 * How much of a scan is read. Each page takes seconds (bench/ocr.ts measures it), so a
 * file is read for its first `pages` pages and the rest are said; a picture larger than two
 * A4 pages at 300 dpi is made smaller before it is read (a PDF's) or not read (a photo,
 * which would have to be decoded whole to be made smaller); words the engine is less sure of
 * than `minConfidence` are specks and smudges, not text.
 */
export const OCR_READ = {
  pages: 10,
  maxPixels: 2 * A4_300_DPI_PIXELS,
  /** A picture narrower or lower than this (a logo, a rule, a pixel) holds no line of text to read. */
  minSide: 64,
  minConfidence: 30,
  /** An amount the engine is less sure of than this is not taken for a balance: a digit misread (3 for 8) would be a wrong value. */
  minAmountConfidence: 70,
} as const;

/** Whether a picture of this size is read by OCR: neither too small to hold a line of text nor larger than is read. */
export const readableSize = ({ width, height }: { width: number; height: number }): 'small' | 'large' | 'read' =>
  width < OCR_READ.minSide || height < OCR_READ.minSide ? 'small' : width * height > OCR_READ.maxPixels ? 'large' : 'read';

const middle = (box: OcrBox) => (box.y0 + box.y1) / 2;
const height = (box: OcrBox) => box.y1 - box.y0;

/**
 * A page's words as lines of text, top to bottom and left to right. Words belong to one line
 * when the middle of each lies within the other's height: an engine that reads a table's
 * columns as separate blocks ("Opening balance" on the left, "1,204.55" at the right) gives
 * them back as one line, as a person reads the row. A slight tilt (a photo taken at an angle)
 * moves a row's words by less than their height across a page, so they still join; the
 * engine straightens a tilted picture before it reads it.
 */
export const ocrPageText = (page: OcrPage): string => {
  const words = page.words
    .filter((word) => word.text.trim() && word.confidence >= OCR_READ.minConfidence && height(word.box) > 0)
    .sort((a, b) => middle(a.box) - middle(b.box));
  const lines: OcrWord[][] = [];
  for (const word of words) {
    const line = lines.at(-1);
    const last = line?.at(-1);
    const joins =
      line &&
      last &&
      line.some((other) => Math.abs(middle(other.box) - middle(word.box)) <= Math.min(height(other.box), height(word.box)) / 2);
    if (joins) line.push(word);
    else lines.push([word]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.box.x0 - b.box.x0)
        .map((word) => word.text.trim())
        .join(' '),
    )
    .join('\n');
};

/** A figure printed with its cents ("1 234,56", "82.40"): statements print balances so, and OCR drops a faint separator ("123456"). */
const CENTS = /\d[.,]\s?\d{2}(?!\d)/;

/**
 * The amounts among a page's words the engine was not sure enough of to give as a balance
 * (as their absolute values), and those it read without cents: a balance's separator lost
 * in the scan makes 1 234,56 a hundred times larger, so such a figure is no balance.
 */
export const unclearAmounts = (page: OcrPage): number[] =>
  page.words.flatMap((word) => {
    if (!/\d/.test(word.text) || (word.confidence >= OCR_READ.minAmountConfidence && CENTS.test(word.text))) return [];
    const value = parseAmount(word.text.replace(/^\((.*)\)$/, '$1'));
    return value === undefined ? [] : [Math.abs(value)];
  });

/**
 * Balances read from OCR's text, less those whose amount the engine was unsure of: a wrong
 * value is worse than none, so one printed in an unclear word is left out and said.
 */
export const withoutUnclear = (balances: StatementBalances, unclear: readonly number[]): StatementBalances => {
  const isUnclear = (value: number | null | undefined) =>
    value != null && unclear.some((amount) => Math.round(amount * 100) === Math.round(Math.abs(value) * 100));
  const { opening, closing, ...rest } = balances;
  const dropped = (['opening', 'closing'] as const).filter((which) => isUnclear(balances[which]));
  // Figures OCR read that add up are proof it read them right; ones that do not may be its misreading, not the statement's.
  const state = balances.arithmetic?.state;
  const doubtful = state === 'OFF' || (state === 'CHECKED' && dropped.length > 0);
  return {
    ...rest,
    ...(doubtful ? { arithmetic: storedArithmetic({ state: 'not checked', why: OCR_WORDS.notAddedUp }) } : {}),
    ...(opening != null && !dropped.includes('opening') ? { opening } : {}),
    ...(closing != null && !dropped.includes('closing') ? { closing } : {}),
    unread: [...balances.unread, ...dropped.map((which) => OCR_WORDS.unclear(which))],
  };
};

/** The pages of a file of `pageCount` pages that are read by OCR: the first `OCR_READ.pages`. */
export const pagesToRead = (pageCount: number): number => Math.min(pageCount, OCR_READ.pages);

/** "page 1", "pages 1 and 2", "pages 1 to 3", "pages 1, 3 and 4": page numbers as a person reads them. */
const pageList = (numbers: readonly number[]): string => {
  if (numbers.length === 1) return `page ${numbers[0]}`;
  const run = numbers.every((number, index) => index === 0 || number === numbers[index - 1] + 1);
  if (run && numbers.length > 2) return `pages ${numbers[0]} to ${numbers.at(-1)}`;
  return `pages ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
};

/** Where a statement's facts came from when its text was read by OCR: "read by OCR, page 1" (a photo: "read by OCR"). */
export const ocrSource = (pages: readonly number[]): string => (pages.length ? `read by OCR, ${pageList(pages)}` : 'read by OCR');

/** Page numbers as runs of consecutive ones: [3, 4, 5, 9] is [[3, 5], [9, 9]]. */
export const pageRuns = (numbers: readonly number[]): [number, number][] => {
  const runs: [number, number][] = [];
  for (const number of [...numbers].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && number === last[1] + 1) last[1] = number;
    else runs.push([number, number]);
  }
  return runs;
};

/** Why pages of a scan were not read, in words its owner reads. */
export const OCR_WORDS = {
  /** Pages after the bound. */
  notRead: (first: number, last: number) =>
    first === last ? `Page ${first} of this scan was not read.` : `Pages ${first} to ${last} of this scan were not read.`,
  /** Pages left when the time for reading ran out. */
  outOfTime: (first: number, last: number) =>
    `${first === last ? `Page ${first} of this scan was` : `Pages ${first} to ${last} of this scan were`} not read: reading it took too long.`,
  tooLarge: 'The picture is larger than is read: its days and balances can be entered by hand.',
  /** A balance whose amount the engine was unsure of. */
  unclear: (which: 'opening' | 'closing') => `The ${which} balance is not clear enough in the scan to be read.`,
  noWords: 'No words were found in the picture: its days and balances can be entered by hand.',
  /** A scan's figures that do not add up as read, or whose balance was not clear. */
  notAddedUp: 'The scan was read by OCR, and its figures do not add up as read: one may be misread.',
} as const;

/** A PNG's or JPEG's width and height from its header, without decoding it; undefined for anything else. */
export const imageSize = (bytes: Uint8Array): { width: number; height: number } | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: the signature, then the IHDR chunk's width and height.
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452)
    return { width: view.getUint32(16), height: view.getUint32(20) };
  // JPEG: markers from the start; a start-of-frame (C0–CF but C4, C8, CC) holds the size.
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return undefined;
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    // Fill bytes, and markers with no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + length;
  }
  return undefined;
};
