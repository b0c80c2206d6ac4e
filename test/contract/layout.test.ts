import { compactColumns, fieldItems, layoutText, pageViews, readingText, type TextItem } from '../../contract/reading/layout';
import { GROWTH_LIMIT } from '../support/growth-limit';
import { leastGrowth } from '../support/linear-time';

/**
 * Pages rebuilt from pdf.js's text items, as items: what pdf.js hands over for a summary
 * table (a row's labels, then its amounts, as separate runs), a word split in two, and a
 * fillable form's values.
 */

/** An item as pdf.js gives it, in Helvetica at `size` (a character about half the size wide). */
const item = (str: string, x: number, y: number, options: { size?: number; eol?: boolean; width?: number } = {}): TextItem => {
  const size = options.size ?? 10;
  return {
    str,
    transform: [size, 0, 0, size, x, y],
    width: options.width ?? str.length * size * 0.5,
    height: size,
    hasEOL: options.eol ?? false,
  };
};

/** The column of the first character of `part` in the line of `text` that holds it. */
const columnOf = (text: string, part: string) => {
  const line = text.split('\n').find((one) => one.includes(part));
  if (!line) throw new Error(`"${part}" is not in:\n${text}`);
  return line.indexOf(part);
};

test('six labels then six amounts come out as a row of headings over a row of figures, each under its heading', () => {
  const labels = ['Opening balance', 'Payments', 'Purchases', 'Fees', 'Interest', 'Closing balance'];
  const amounts = ['1,204.55', '500.00', '310.20', '7.00', '2.10', '1,016.85'];
  // The stream order pdf.js gives: every label of the row, then every amount.
  const items = [
    ...labels.map((label, index) => item(label, 40 + index * 90, 700)),
    ...amounts.map((amount, index) => item(amount, 40 + index * 90, 686)),
  ];
  const text = layoutText(items);
  const [headings, figures] = text.split('\n');
  expect(headings).toMatch(/^Opening balance {2,}Payments {2,}Purchases {2,}Fees {2,}Interest {2,}Closing balance$/);
  for (const [index, amount] of amounts.entries()) expect(columnOf(figures, amount)).toBe(columnOf(headings, labels[index]));
  // The reading-order view keeps them apart, as the PDF writes them.
  expect(readingText(items)).toBe(`${labels.join(' ')} ${amounts.join(' ')}`);
});

test('items of one line are ordered by x, whatever order the stream gives them in', () => {
  const text = layoutText([item('1,016.85', 300, 500), item('Closing balance', 40, 500)]);
  expect(text).toMatch(/^Closing balance {2,}1,016\.85$/);
});

test('a word split by pdf.js is joined without a space, words apart by one space, columns apart by two or more', () => {
  // "Bal" and "ance" touch; "Statement" and "Balance" are a word gap apart; the figure is far to the right.
  const text = layoutText([
    item('Statement', 40, 600),
    item('Bal', 40 + 9 * 5 + 2.5, 600),
    item('ance', 40 + 9 * 5 + 2.5 + 15, 600),
    item('£82.', 300, 600),
    item('40', 300 + 20 + 0.5, 600),
  ]);
  expect(text).toMatch(/^Statement Balance {2,}£82\.40$/);
});

test('a figure set slightly lower than its label stays on its line; the next line is another', () => {
  const text = layoutText([item('Ending Balance', 40, 400), item('$7,310.44', 250, 398.5, { size: 9 }), item('Fees', 40, 386)]);
  expect(text.split('\n')).toHaveLength(2);
  expect(text.split('\n')[0]).toMatch(/^Ending Balance {2,}\$7,310\.44$/);
});

test('a heading over two lines stands over its figure in the same columns', () => {
  const text = layoutText([
    item('Opening', 40, 700),
    item('Closing', 200, 700),
    item('balance', 40, 689),
    item('balance', 200, 689),
    item('1.204,55', 40, 675),
    item('1.016,85', 200, 675),
  ]);
  const lines = text.split('\n');
  expect(lines).toHaveLength(3);
  expect(columnOf(text, '1.016,85')).toBe(lines[0].indexOf('Closing'));
});

test('an empty page and items of only spaces give no text; text turned off the horizontal follows the lines', () => {
  expect(layoutText([])).toBe('');
  expect(layoutText([item('   ', 40, 700)])).toBe('');
  const turned: TextItem = { str: 'Page 1 of 2', transform: [0, 10, -10, 0, 580, 300], width: 50, height: 10 };
  expect(layoutText([item('Balance', 40, 700), turned])).toBe('Balance\nPage 1 of 2');
});

test('a form field’s value is placed on the line of the label beside its box, at the box’s column', () => {
  const printed = [item('Closing balance', 40, 500), item('Account holder', 40, 470)];
  const fields = fieldItems(
    [
      { fieldType: 'Tx', fieldValue: '1,234.56', rect: [250, 495, 350, 513] },
      { fieldType: 'Tx', fieldValue: 'Jane Doe', rect: [250, 465, 350, 483] },
      // A tick box's "Yes" says nothing; a chosen radio button says its own value; an empty field is nothing.
      { fieldType: 'Btn', fieldValue: 'Yes', rect: [400, 495, 410, 505] },
      { fieldType: 'Btn', radioButton: true, fieldValue: 'Savings', buttonValue: 'Savings', rect: [400, 465, 410, 475] },
      { fieldType: 'Btn', radioButton: true, fieldValue: 'Savings', buttonValue: 'Current', rect: [450, 465, 460, 475] },
      { fieldType: 'Tx', fieldValue: '', rect: [250, 300, 350, 318] },
      // A hidden field is not shown on the page.
      { fieldType: 'Tx', fieldValue: '9,999.99', hidden: true, rect: [250, 495, 350, 513] },
    ],
    printed,
  );
  expect(fields.map((one) => one.str)).toEqual(['1,234.56', 'Jane Doe', 'Savings']);
  const text = layoutText([...printed, ...fields]);
  expect(text.split('\n')).toEqual([
    expect.stringMatching(/^Closing balance {2,}1,234\.56$/),
    expect.stringMatching(/^Account holder {2,}Jane Doe {2,}Savings$/),
  ]);
});

test('a field with no printed text beside it is a line of its own, centred in its box', () => {
  const fields = fieldItems(
    [{ fieldType: 'Tx', fieldValue: 'GB29 NWBK 6016 1331 9268 19', rect: [40, 600, 300, 620] }],
    [item('Closing balance', 40, 500)],
  );
  expect(layoutText([item('Closing balance', 40, 500), ...fields]).split('\n')).toEqual(['GB29 NWBK 6016 1331 9268 19', 'Closing balance']);
});

test('both views of a page, and the compact view readers of words read', () => {
  const views = pageViews([item('IBAN', 40, 700), item('DE89 3704 0044 0532 0130 00', 300, 700, { eol: true }), item('Period', 60, 680)]);
  expect(views.reading).toBe('IBAN DE89 3704 0044 0532 0130 00\nPeriod');
  expect(views.layout).toMatch(/^IBAN {10,}DE89 3704 0044 0532 0130 00\n {2,}Period$/);
  expect(compactColumns(views.layout)).toBe('IBAN  DE89 3704 0044 0532 0130 00\nPeriod');
});

test('laying out is linear in the items: four times the items within eight times the time', async () => {
  // One long line of touching items, many short lines, and a form field per line: hostile PDFs hold any of them.
  const page = (count: number) => [
    ...Array.from({ length: count }, (_, index) => item('ab', 40 + index * 10, 700)),
    ...Array.from({ length: count }, (_, index) => item(`Balance ${index}`, 40 + (index % 7) * 3, 600 - index * 0.4)),
  ];
  const fields = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      fieldType: 'Tx',
      fieldValue: '1.00',
      rect: [300, 590 - index * 0.4, 400, 600 - index * 0.4],
    }));
  const read = ({ items, boxes }: { items: TextItem[]; boxes: ReturnType<typeof fields> }) =>
    layoutText([...items, ...fieldItems(boxes, items)]);
  const { ratio } = await leastGrowth(
    read,
    { items: page(5_000), boxes: fields(5_000) },
    { items: page(20_000), boxes: fields(20_000) },
    GROWTH_LIMIT,
  );
  expect(ratio).toBeLessThanOrEqual(GROWTH_LIMIT);
}, 60_000);

test('text drawn twice a fraction of a point apart (bold made by hand) is one word', () => {
  expect(layoutText([item('Closing balance', 40, 500), item('Closing balance', 40.4, 500), item('1,000.00', 250, 500)])).toMatch(
    /^Closing balance {2,}1,000\.00$/,
  );
});

test('a page drawn a quarter turn round (landscape) is laid out in its own direction', () => {
  // Text running up the page: its lines stand side by side, the first one furthest left.
  const up = (str: string, x: number, y: number): TextItem => ({
    str,
    transform: [0, 10, -10, 0, x, y],
    width: str.length * 5,
    height: 10,
  });
  const text = layoutText([
    up('Closing balance', 114, 40),
    up('1,100.00', 114, 250),
    up('Opening balance', 100, 40),
    up('1,000.00', 100, 250),
  ]);
  expect(text.split('\n')).toEqual([
    expect.stringMatching(/^Opening balance {2,}1,000\.00$/),
    expect.stringMatching(/^Closing balance {2,}1,100\.00$/),
  ]);
});
