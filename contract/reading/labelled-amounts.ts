import { amountsIn, type FoundAmount } from './amounts';
import { tick } from './deadline';

/**
 * Labels and the amounts they label in a page laid out by columns (`layoutText`): one
 * lookup for every label. A label's amount is the first money to its right on its line
 * (a count between them is passed over: "Ending Balance 21 $7,310.44" is 7,310.44; words in
 * a column of their own between them are another figure's heading), else
 * the first money below it in its columns within a few lines, as a summary table prints
 * a row of headings over a row of figures. A heading may run over two lines ("Opening" /
 * "balance", "BALANCE" / "B/F"). Pure, and linear in its text: each line's amounts and
 * labels are found once and looked up by column, never searched again from each label.
 */

/** A label found: its line (and the line it ends on, for a heading over two), its columns and its words. */
export interface Label {
  line: number;
  lastLine: number;
  start: number;
  end: number;
  text: string;
  /** The phrase's groups (a balance named by its day has the day). */
  groups: string[];
}

/** Where an amount was read: the label's line and the amount's (0-based in the text given), and both as printed. */
export interface LabelledAmount {
  label: Label;
  amount: FoundAmount;
  /** The line the amount stands on. */
  line: number;
  /** The words between the label and an amount to its right ("débiteur au"), empty below it. */
  between: string;
  /** CR or DR printed with the amount, or in a column of its own right after it. */
  mark?: 'CR' | 'DR';
}

/** How many lines below a heading its figure may stand (a blank or a sub-heading between). */
const BELOW = 4;

interface Span {
  start: number;
  end: number;
}

/** Runs of a line's text separated by a column gap (two or more spaces), each with its columns. */
const cellsOf = (line: string) =>
  [...line.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

const overlap = (a: Span, b: Span) => Math.min(a.end, b.end) - Math.max(a.start, b.start);

/** The first index of a list sorted by `key` whose key is at least `value`. */
const firstAtLeast = <T>(list: readonly T[], key: (one: T) => number, value: number) => {
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (key(list[middle]) < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Dates beside a label ("au 29/02/2024", "as of 03/31/2024") are blanked, not removed, so every column stays where it was. */
const DATE_TOKEN = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/g;

/**
 * Every label `phrase` (a global pattern) finds in the lines, in reading order: on one line,
 * or a heading cell whose words go on in the cell below it, or two lines below it where a
 * header row sets another column's one-line heading between (cells centred in their height:
 * "Opening" / "Money in" / "balance"). A word broken by a hyphen joins without it ("Begin-" /
 * "saldo" is "Beginsaldo").
 */
export const labelsIn = (lines: readonly string[], phrase: RegExp): Label[] => {
  const labels: Label[] = [];
  const cells = lines.map(cellsOf);
  lines.forEach((line, index) => {
    tick();
    for (const match of line.matchAll(phrase))
      labels.push({
        line: index,
        lastLine: index,
        start: match.index,
        end: match.index + match[0].length,
        text: match[0],
        groups: match.slice(1),
      });
    if (index + 1 < lines.length) joinedLabels(cells[index], cells[index + 1], index, 1, phrase, labels);
    if (index + 2 < lines.length && cells[index + 1].length > 0)
      joinedLabels(cells[index], cells[index + 2], index, 2, phrase, labels, cells[index + 1]);
  });
  return labels;
};

/** Whether any of a line's cells (in column order) stands over a column of `span`. */
const crosses = (cells: readonly Span[], span: Span) => {
  const at = firstAtLeast(cells, (cell) => cell.end, span.start + 1);
  return at < cells.length && cells[at].start < span.end;
};

/**
 * The labels that need a cell of line `line` and a cell `gap` lines below it (`between`, the
 * line between them, clear of their columns), added to `labels`.
 */
const joinedLabels = (
  upper: readonly (Span & { text: string })[],
  lower: readonly (Span & { text: string })[],
  line: number,
  gap: number,
  phrase: RegExp,
  labels: Label[],
  between?: readonly Span[],
) => {
  // Both lists are in column order: each cell meets the cells below it that overlap it, in one sweep.
  let from = 0;
  for (const cell of upper) {
    while (from < lower.length && lower[from].end <= cell.start) from++;
    for (let at = from; at < lower.length && lower[at].start < cell.end; at++) {
      tick();
      const next = lower[at];
      const span = { start: Math.min(cell.start, next.start), end: Math.max(cell.end, next.end) };
      if (between && crosses(between, span)) continue;
      const broken = /\p{L}-$/u.test(cell.text);
      const head = broken ? cell.text.slice(0, -1) : cell.text;
      const joined = broken ? `${head}${next.text}` : `${head} ${next.text}`;
      // Only a phrase that needs both lines: one within a line is found on its own.
      for (const match of joined.matchAll(phrase)) {
        if (match.index >= head.length) break;
        if (match.index + match[0].length <= head.length + (broken ? 0 : 1)) continue;
        labels.push({ line, lastLine: line + gap, ...span, text: match[0], groups: match.slice(1) });
      }
    }
  }
};

/** Labels by the line they end on, in column order, for lookups by column. */
export class LabelIndex {
  private readonly byLine = new Map<number, { labels: Label[]; reach: number[] }>();

  constructor(labels: readonly Label[]) {
    const grouped = new Map<number, Label[]>();
    for (const label of labels) {
      const list = grouped.get(label.lastLine);
      if (list) list.push(label);
      else grouped.set(label.lastLine, [label]);
    }
    for (const [line, list] of grouped) {
      list.sort((a, b) => a.start - b.start);
      // The furthest column any label up to each one reaches: whether one before a column overlaps it.
      const reach: number[] = [];
      list.forEach((label, index) => reach.push(Math.max(label.end, index > 0 ? reach[index - 1] : 0)));
      this.byLine.set(line, { labels: list, reach });
    }
  }

  /** Whether a label other than `except` ends on `line` over any of the columns of `span`. */
  overlaps(line: number, span: Span, except?: Label): boolean {
    const entry = this.byLine.get(line);
    if (!entry) return false;
    const last = firstAtLeast(entry.labels, (one) => one.start, span.end) - 1;
    for (let index = last; index >= 0 && entry.reach[index] > span.start; index--) {
      tick();
      const label = entry.labels[index];
      if (label !== except && label.end > span.start && !sameCell(label, except)) return true;
    }
    return false;
  }

  /** The first column at or after `column` where a label starts on `line`. */
  nextStart(line: number, column: number, length: number): number {
    const entry = this.byLine.get(line);
    if (!entry) return length;
    const at = firstAtLeast(entry.labels, (one) => one.start, column);
    return at < entry.labels.length ? entry.labels[at].start : length;
  }
}

/** Two labels over the same characters of one line: "Ancien solde au" holds "solde au", one label. */
const sameCell = (a: Label, b: Label | undefined) => b !== undefined && a.lastLine === b.lastLine && overlap(a, b) > 0;

/** A page's lines, each with its dates blanked and its amounts found once, when first asked for. */
export class PageLines {
  private readonly found = new Map<number, { text: string; amounts: FoundAmount[]; cells: Span[] }>();

  constructor(readonly lines: readonly string[]) {}

  /** A line with its dates blanked, the amounts in it and its cells, in column order. */
  at(index: number): { text: string; amounts: FoundAmount[]; cells: Span[] } {
    let entry = this.found.get(index);
    if (!entry) {
      const text = this.lines[index].replace(DATE_TOKEN, (date) => ' '.repeat(date.length));
      entry = { text, amounts: amountsIn(text), cells: cellsOf(this.lines[index]) };
      this.found.set(index, entry);
    }
    return entry;
  }

  /**
   * The columns a heading's figure may stand in when none is under its letters: from its
   * first column to short of the cell after it on its line (on both lines of a heading over
   * two), as a figure set right in a wide column stands clear of a heading set left in it.
   */
  columnOf(label: Label): Span {
    let end = label.end + (label.end - label.start);
    for (const line of new Set([label.line, label.lastLine])) {
      const { cells } = this.at(line);
      const after = firstAtLeast(cells, (cell) => cell.start, label.end);
      if (after < cells.length) end = Math.min(end, cells[after].start - 1);
    }
    const start = label.start;
    return { start, end };
  }

  /** Whether an amount of line `index` shares its cell with other digits: a piece of a figure pdf.js split. */
  isFragment(index: number, amount: Span): boolean {
    const { text, cells } = this.at(index);
    const cell = cells[firstAtLeast(cells, (one) => one.end, amount.start + 1)];
    return cell !== undefined && /\d/.test(text.slice(cell.start, amount.start) + text.slice(amount.end, cell.end));
  }

  /**
   * Whether a label is a heading: a cell of its own (perhaps with a few words more, "(GBP)",
   * "as of"), not a phrase inside a sentence, whose columns say nothing of the figures below.
   */
  isHeading(label: Label): boolean {
    let length = -1;
    for (const line of new Set([label.line, label.lastLine])) {
      const { cells } = this.at(line);
      const cell = cells[firstAtLeast(cells, (one) => one.end, label.start + 1)];
      length += (cell ? cell.end - cell.start : 0) + 1;
    }
    return length - label.text.length <= HEADING_EXTRA;
  }
}

/** How many characters a heading's cell may hold beyond its label's words. */
const HEADING_EXTRA = 16;

/**
 * The amount a label labels, if any. `labels` are every label of the page (of any kind):
 * the money to a label's right stops at the next label on its line, and a figure below a
 * heading is not looked for past another heading in its columns.
 */
export const amountOf = (page: PageLines, label: Label, labels: LabelIndex): LabelledAmount | undefined => {
  const found = figureOf(page, label, labels);
  if (!found) return undefined;
  const printed = /\b(CR|DR)\.?$/i.exec(found.amount.printed)?.[1];
  // A Cr/Dr column: the next cell after the figure is the mark alone, however far the page sets it.
  const { cells, text } = page.at(found.line);
  const next = cells[firstAtLeast(cells, (cell) => cell.start, found.amount.end)];
  const column = next && /^(CR|DR)\.?$/i.exec(text.slice(next.start, next.end))?.[1];
  const mark = (printed ?? column)?.toUpperCase() as 'CR' | 'DR' | undefined;
  return mark ? { ...found, mark } : found;
};

/** The figure a label labels (see `amountOf`), without its mark. */
const figureOf = (page: PageLines, label: Label, labels: LabelIndex): LabelledAmount | undefined => {
  const { text: line, amounts } = page.at(label.lastLine);
  const stop = labels.nextStart(label.lastLine, label.end, line.length);
  for (let index = firstAtLeast(amounts, (one) => one.start, label.end); index < amounts.length && amounts[index].end <= stop; index++) {
    tick();
    const right = amounts[index];
    if (!right.money) continue;
    const between = line.slice(label.end, right.start);
    // A count is passed over, but not the head of a figure split after its separator ("10. 400,00 €"): not sure, none.
    if (/\d[.,'’] $/u.test(between)) return undefined;
    // Words in a column of their own between them head another figure: "Opening balance   Total deposits 500.00".
    if (
      between
        .split(/ {2,}/)
        .slice(1)
        .some((cell) => /\p{L}{4,}/u.test(cell))
    )
      break;
    return { label, amount: right, line: label.lastLine, between };
  }
  const heading = page.isHeading(label);
  for (let row = label.lastLine + 1; heading && row <= label.lastLine + BELOW && row < page.lines.length; row++) {
    tick();
    const below = page.at(row).amounts;
    let best: FoundAmount | undefined;
    for (
      let index = firstAtLeast(below, (one) => one.end, label.start + 1);
      index < below.length && below[index].start < label.end;
      index++
    ) {
      tick();
      const amount = below[index];
      if (amount.money && (!best || overlap(amount, label) > overlap(best, label))) best = amount;
    }
    // Else the one figure in the heading's column, where the figure stands clear of the heading's own letters.
    if (!best) {
      const column = page.columnOf(label);
      const within: FoundAmount[] = [];
      for (
        let index = firstAtLeast(below, (one) => one.end, column.start + 1);
        index < below.length && below[index].start < column.end;
        index++
      ) {
        tick();
        if (below[index].money) within.push(below[index]);
        if (within.length > 1) break;
      }
      if (within.length === 1) best = within[0];
    }
    // A figure that is part of a longer cell of digits ("10. 400,00 €", split where no rule joins it) is not sure: none.
    if (best) return page.isFragment(row, best) ? undefined : { label, amount: best, line: row, between: '' };
    // Another heading in its columns: what is below belongs to that one.
    if (labels.overlaps(row, label)) return undefined;
  }
  // A label ending its line, with a few words and no figure after it ("débiteur au"), and one amount on the next line.
  const rest = line.slice(label.end, label.end + 64).trim();
  if (label.lastLine + 1 >= page.lines.length || label.end + 64 < line.trimEnd().length) return undefined;
  if (!/^[^\d]{0,24}$/u.test(rest) || / {2,}\S/.test(rest)) return undefined;
  const money = page.at(label.lastLine + 1).amounts.filter((amount) => amount.money);
  return money.length === 1 ? { label, amount: money[0], line: label.lastLine + 1, between: rest } : undefined;
};
