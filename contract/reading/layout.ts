import { tick } from './deadline';

/**
 * A PDF page's text rebuilt from pdf.js's text items and their positions, as
 * `pdftotext -layout` lays it out: one line per baseline, the items of a line left to
 * right, a word gap as one space and a gap between columns as two or more, and each item
 * at the character column its x gives, so a figure printed below a heading starts in the
 * heading's columns. Summary tables come out as a person sees them: pdf.js hands a row's
 * six labels and then its six amounts as separate runs, and its stream order keeps them
 * apart. Pure: it takes items, not a page.
 */

/** A text item as pdf.js gives it (`getTextContent`), or a form field's value placed like one. */
export interface TextItem {
  str: string;
  /** The text matrix: x is `transform[4]`, y (upwards) `transform[5]`. */
  transform: readonly number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

/** A page's two views: laid out by position, and in the order the PDF writes its text. */
export interface PageViews {
  layout: string;
  reading: string;
}

/** The text in the order the PDF writes it: items joined by a space, a line break where the PDF ends a line. */
export const readingText = (items: readonly Partial<TextItem>[]): string =>
  items
    .map((item) => (typeof item.str === 'string' ? `${item.str}${item.hasEOL ? '\n' : ' '}` : ''))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();

interface Placed {
  str: string;
  x: number;
  y: number;
  end: number;
  size: number;
}

/** An item's font size: its height, else the scale of its text matrix. */
const sizeOf = (item: TextItem) => (item.height > 0 ? item.height : Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0)) || 10;

/** The middle value of a list of numbers. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * A gap narrower than this share of the font size joins two items without a space (pdf.js
 * splits a word where its font or spacing changes); wider, up to a column gap, by one space.
 */
const TOUCHING = 0.12;
/** A gap wider than this many character widths is between columns. */
const COLUMN_GAP = 1.8;

/**
 * The page laid out by position. Lines are baselines within a third of the smaller font
 * size of each other (a superscript or a figure set a point lower stays on its line);
 * a page whose text runs turned (a landscape page drawn a quarter turn round) is laid out
 * in its own direction, and text turned off the page's direction follows the laid-out lines
 * in its own order.
 */
export const layoutText = (items: readonly TextItem[]): string => {
  const written = items.filter((item) => typeof item.str === 'string' && item.str.trim() !== '' && Array.isArray(item.transform));
  // The page's own direction: the quarter turn most of its text runs in (a landscape page drawn turned runs up).
  const turns = [0, 0, 0, 0];
  const turnOf = (item: TextItem) => ((Math.round(Math.atan2(item.transform[1] ?? 0, item.transform[0] ?? 1) / (Math.PI / 2)) % 4) + 4) % 4;
  for (const item of written) turns[turnOf(item)]++;
  const page = turns.indexOf(Math.max(...turns));
  const placed: Placed[] = [];
  const turned: string[] = [];
  for (const item of written) {
    tick();
    if (turnOf(item) !== page) {
      turned.push(item.str.trim());
      continue;
    }
    // Turned back so the page's text runs left to right, top to bottom.
    const [px, py] = [item.transform[4] ?? 0, item.transform[5] ?? 0];
    const [x, y] = [
      [px, py],
      [py, -px],
      [-px, -py],
      [-py, px],
    ][page];
    placed.push({ str: item.str, x, y, end: x + Math.max(0, item.width || 0), size: sizeOf(item) });
  }
  if (placed.length === 0) return turned.join('\n');
  // The width of a character, from the items that have one: what maps an x to a column.
  const widths = placed.filter((one) => one.end > one.x && one.str.length > 0).map((one) => (one.end - one.x) / one.str.length);
  const char = widths.length > 0 ? median(widths) : median(placed.map((one) => one.size)) * 0.5;
  const left = placed.reduce((least, one) => Math.min(least, one.x), Infinity);
  // Top of the page first (y grows upwards), then left to right.
  placed.sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: Placed[][] = [];
  for (const item of placed) {
    const line = lines.at(-1);
    const base = line?.[0];
    if (line && base && Math.abs(base.y - item.y) <= Math.min(base.size, item.size) / 3) line.push(item);
    else lines.push([item]);
  }
  const texts = lines.map((line) => {
    line.sort((p, q) => p.x - q.x);
    // The line's pieces, its length and the blanks it ends with, kept as it grows rather than measured again.
    const parts: string[] = [];
    let [length, trailing] = [0, 0];
    let previous: Placed | undefined;
    for (const item of line) {
      tick();
      // Text drawn twice a fraction of a point apart is bold made by hand: one word, not two.
      if (previous && item.str === previous.str && Math.abs(item.x - previous.x) < item.size * 0.3) continue;
      const column = Math.round((item.x - left) / char);
      const gap = previous ? item.x - previous.end : 0;
      const far = gap > COLUMN_GAP * char;
      let str = previous && !far ? item.str : item.str.trimStart();
      let before = '';
      if (!previous) before = ' '.repeat(Math.max(0, column));
      else if (far) {
        // A column gap replaces the blanks the line ended with.
        parts[parts.length - 1] = parts[parts.length - 1].trimEnd();
        length -= trailing;
        before = ' '.repeat(Math.max(2, column - length));
      } else if (gap > TOUCHING * Math.min(item.size, previous.size) && trailing === 0 && !/^\s/.test(str)) before = ' ';
      str = before + str;
      parts.push(str);
      length += str.length;
      trailing = str.length - str.trimEnd().length;
      previous = item;
    }
    return parts.join('').trimEnd();
  });
  return [...texts, ...turned].join('\n');
};

/** Both views of a page. */
export const pageViews = (items: readonly TextItem[]): PageViews => ({ layout: layoutText(items), reading: readingText(items) });

/** A form field's annotation as pdf.js gives it (`page.getAnnotations()`): its value and its box. */
export interface FieldAnnotation {
  fieldType?: string;
  fieldValue?: unknown;
  buttonValue?: unknown;
  radioButton?: boolean;
  /** A field the viewer does not show (hidden, or not to be viewed): its value is no part of the page. */
  hidden?: boolean;
  rect?: readonly number[];
}

/** What a field shows: a text or choice field's value, a chosen radio button's own value (a tick box's "Yes" says nothing). */
const shownValue = (field: FieldAnnotation): string | undefined => {
  if (field.hidden) return undefined;
  const value = Array.isArray(field.fieldValue) ? field.fieldValue.join(', ') : field.fieldValue;
  if (field.fieldType === 'Tx' || field.fieldType === 'Ch') return typeof value === 'string' ? value : undefined;
  if (field.fieldType === 'Btn' && field.radioButton && typeof field.buttonValue === 'string' && value === field.buttonValue)
    return field.buttonValue;
  return undefined;
};

/**
 * A fillable statement's field values as text items, so "Closing balance [ 1,234.56 ]" reads
 * as printed text: each value at its box's left edge, on the baseline of the printed text its
 * box spans vertically (the label beside it), else a baseline centred in the box.
 */
export const fieldItems = (fields: readonly FieldAnnotation[], printed: readonly TextItem[]): TextItem[] => {
  const items: TextItem[] = [];
  // Printed baselines in order, so each box finds the one nearest its middle by halving, not by a look at every item.
  const baselines = printed
    .filter((item) => typeof item.str === 'string' && item.str.trim() !== '' && Number.isFinite(item.transform?.[5]))
    .sort((p, q) => p.transform[5] - q.transform[5]);
  for (const field of fields) {
    tick();
    const str = shownValue(field)?.replace(/\s+/g, ' ').trim();
    const [x1, y1, x2, y2] = field.rect ?? [];
    if (!str || [x1, y1, x2, y2].some((one) => typeof one !== 'number' || !Number.isFinite(one))) continue;
    const [bottom, top] = [Math.min(y1, y2), Math.max(y1, y2)];
    const middle = (bottom + top) / 2;
    let [low, high] = [0, baselines.length];
    while (low < high) {
      const half = (low + high) >> 1;
      if (baselines[half].transform[5] < middle) low = half + 1;
      else high = half;
    }
    const beside = [baselines[low - 1], baselines[low]]
      .filter((item) => item && item.transform[5] >= bottom && item.transform[5] <= top)
      .sort((p, q) => Math.abs(p.transform[5] - middle) - Math.abs(q.transform[5] - middle))[0];
    const size = beside ? sizeOf(beside) : Math.min(12, Math.max(6, (top - bottom) * 0.6));
    const y = beside ? beside.transform[5] : middle - size * 0.35;
    const x = Math.min(x1, x2) + 2;
    items.push({ str, transform: [size, 0, 0, size, x, y], width: Math.min(Math.abs(x2 - x1), str.length * size * 0.5), height: size });
  }
  return items;
};

/**
 * The layout's lines with every gap between columns as two spaces: what readers of words
 * (a period's phrase, an account number after its label) read, for whom a label and its
 * value stay one cell apart however far the page sets them. Readers of tables read the
 * aligned view.
 */
export const compactColumns = (text: string): string => text.replace(/^ +/gm, '').replace(/ {3,}/g, '  ');
