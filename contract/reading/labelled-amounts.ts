import { amountsIn, type FoundAmount } from './amounts';
import { tick } from './deadline';

/**
 * Labels and the amounts they label in a page laid out by columns (`layoutText`): one
 * lookup for every label. A label's amount is the first money to its right on its line
 * (a count between them is passed over: "Ending Balance 21 $7,310.44" is 7,310.44), else
 * the first money below it in its columns within a few lines, as a summary table prints
 * a row of headings over a row of figures. A heading may run over two lines ("Opening" /
 * "balance", "BALANCE" / "B/F"). Pure.
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
}

/** How many lines below a heading its figure may stand (a blank or a sub-heading between). */
const BELOW = 4;

/** Runs of a line's text separated by a column gap (two or more spaces), each with its columns. */
const cellsOf = (line: string) =>
  [...line.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.min(a.end, b.end) - Math.max(a.start, b.start);

/** Dates beside a label ("au 29/02/2024", "as of 03/31/2024") are blanked, not removed, so every column stays where it was. */
const DATE_TOKEN = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/g;
const blankDates = (line: string) => line.replace(DATE_TOKEN, (date) => ' '.repeat(date.length));

/**
 * Every label `phrase` (a global pattern) finds in the lines, in reading order: on one line,
 * or a heading cell whose words go on in the cell below it.
 */
export const labelsIn = (lines: readonly string[], phrase: RegExp): Label[] => {
  const labels: Label[] = [];
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
    const below = lines[index + 1];
    if (below === undefined) return;
    for (const cell of cellsOf(line)) {
      for (const next of cellsOf(below)) {
        if (overlap(cell, next) <= 0) continue;
        tick();
        const joined = `${cell.text} ${next.text}`;
        for (const match of joined.matchAll(phrase)) {
          // Only a phrase that needs both lines: one within a line is found on its own.
          if (match.index >= cell.text.length || match.index + match[0].length <= cell.text.length + 1) continue;
          labels.push({
            line: index,
            lastLine: index + 1,
            start: Math.min(cell.start, next.start),
            end: Math.max(cell.end, next.end),
            text: match[0],
            groups: match.slice(1),
          });
        }
      }
    }
  });
  return labels;
};

/**
 * The amount a label labels, if any. `others` are every label of the page (of any kind):
 * the money to a label's right stops at the next label on its line, and a figure below a
 * heading is not looked for past another heading in its columns.
 */
export const amountOf = (lines: readonly string[], label: Label, others: readonly Label[]): LabelledAmount | undefined => {
  const line = blankDates(lines[label.lastLine]);
  const stop = others
    .filter((other) => other.lastLine === label.lastLine && other.start >= label.end)
    .reduce((least, other) => Math.min(least, other.start), line.length);
  const right = amountsIn(line.slice(0, stop)).find((amount) => amount.money && amount.start >= label.end);
  if (right) return { label, amount: right, line: label.lastLine, between: line.slice(label.end, right.start) };
  for (let index = label.lastLine + 1; index <= label.lastLine + BELOW && index < lines.length; index++) {
    tick();
    const row = blankDates(lines[index]);
    const under = amountsIn(row)
      .filter((amount) => amount.money && overlap(amount, label) > 0)
      .sort((a, b) => overlap(b, label) - overlap(a, label))[0];
    if (under) return { label, amount: under, line: index, between: '' };
    // Another heading in its columns: what is below belongs to that one.
    if (others.some((other) => other.line === index && overlap(other, label) > 0)) return undefined;
  }
  // A label ending its line, with a few words and no figure after it ("débiteur au"), and one amount on the next line.
  const rest = line.slice(label.end);
  const next = lines[label.lastLine + 1];
  if (next === undefined || !/^[^\d]{0,24}$/u.test(rest.trim()) || / {2,}\S/.test(rest.trim())) return undefined;
  const money = amountsIn(blankDates(next)).filter((amount) => amount.money);
  return money.length === 1 ? { label, amount: money[0], line: label.lastLine + 1, between: rest } : undefined;
};
