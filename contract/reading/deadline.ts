/**
 * A time budget for reading one file. The readers here are synchronous and linear in their
 * input, but a file is read whole (megabytes of text), so a function that reads what
 * strangers send holds each file to a budget: its readers `tick()` in their loops, and once
 * the budget is spent the next tick throws `ReadingTooLong`, which the caller records as the
 * file's "too long to read" and goes on to the next file.
 *
 * The budget is the reading's, not each reader's: `readWithin` holds it for a synchronous
 * reading (no other reading can run in between, in a browser's worker or in a Lambda), and
 * readers outside it (the upload panel's) tick for nothing. A single step between ticks (a
 * regular expression over a piece of text, Papa Parse over a CSV) is linear in its input,
 * which is bounded, so a tick is never far off.
 */

/**
 * How long a function reads one file, in milliseconds, before it marks the file "too long to
 * read" and goes on: a small share of the shortest timeout of the functions that read
 * statements (the catalogue's, the scan results' and the mail function's two minutes; the
 * sweep's fifteen), so a file sent to stall one leaves it time for the rest of its work. The
 * functions are given it in their environment (LAMBDA_ENV.readingBudgetMs), which tests of
 * the local stack set smaller.
 */
export const READING_BUDGET_MS = 20_000;

/**
 * How long a function reads one file's scanned pages and photos by OCR, in milliseconds:
 * seconds a page (bench/ocr.ts), so its own budget, larger than the text's, for the
 * ten pages OCR_READ allows (contract/reading/ocr.ts), within the catalogue functions'
 * timeouts (lib/constructs/upload-catalogue.ts). Pages left when it is spent are said, and
 * what was read is kept. Given in the environment as LAMBDA_ENV.ocrBudgetMs.
 */
export const OCR_BUDGET_MS = 60_000;

/** A reading ran out of its time budget. */
export class ReadingTooLong extends Error {
  override name = 'ReadingTooLong';
}

/** The end of a reading's budget, on a clock of milliseconds. */
export interface ReadingDeadline {
  /** Whether the budget is spent. */
  passed(): boolean;
}

/** A deadline `budgetMs` from now on `clock` (performance.now where there is one). */
export const readingDeadline = (budgetMs: number, clock: () => number = defaultClock): ReadingDeadline => {
  const end = clock() + budgetMs;
  return { passed: () => clock() > end };
};

const defaultClock = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/** Ticks between looks at the clock: a look costs about as much as a few hundred ticks. */
const TICKS_PER_LOOK = 1024;

let current: ReadingDeadline | undefined;
let ticks = 0;

/** One step of a reader's loop: throws ReadingTooLong once the current reading's budget is spent. */
export const tick = (): void => {
  if (current === undefined || ++ticks < TICKS_PER_LOOK) return;
  ticks = 0;
  if (current.passed()) throw new ReadingTooLong('the reading ran out of its time');
};

/** Runs a synchronous reading within a deadline (nested readings keep the outer one's). */
export const readWithin = <T>(deadline: ReadingDeadline | undefined, read: () => T): T => {
  if (!deadline || current) return read();
  current = deadline;
  ticks = 0;
  try {
    if (deadline.passed()) throw new ReadingTooLong('the reading ran out of its time');
    return read();
  } finally {
    current = undefined;
  }
};
