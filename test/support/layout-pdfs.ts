import PDFDocument from 'pdfkit';

/**
 * Statements written by PDFKit in the layouts real banks print their balances in: a
 * summary table whose row of headings (some over two lines) pdf.js hands over before its
 * row of figures, a figure pdf.js splits in two, a count between a label and its balance,
 * and a fillable form whose values are form fields, not printed text.
 */
export interface LayoutPdf {
  name: string;
  write(document: PDFKit.PDFDocument): void;
  expected: { from: string; to: string; opening?: number; closing?: number };
}

/** A line of text at a place, without PDFKit's line breaking. */
const at = (document: PDFKit.PDFDocument, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
  document.text(text, x, y, { lineBreak: false, ...options });

/** The bank's name in large type and the statement's period under it; the rest in `size`. */
const letterhead = (document: PDFKit.PDFDocument, bank: string, period: string, size: number) => {
  document.fontSize(14);
  at(document, bank, 50, 50);
  document.fontSize(size);
  at(document, period, 50, 80);
};

/** A table's headings (each a line or two) over its figures, right-aligned in columns. */
const summaryTable = (document: PDFKit.PDFDocument, top: number, columns: { heading: string[]; figure: string }[]) => {
  const width = 82;
  columns.forEach((column, index) =>
    column.heading.forEach((line, row) => at(document, line, 50 + index * (width + 4), top + row * 11, { width, align: 'right' })),
  );
  const below = top + Math.max(...columns.map((column) => column.heading.length)) * 11 + 6;
  columns.forEach((column, index) => at(document, column.figure, 50 + index * (width + 4), below, { width, align: 'right' }));
};

/** A transaction table's row: day, what, paid out, paid in and the balance after, each set in its column. */
const transaction = (document: PDFKit.PDFDocument, y: number, cells: [string, string, string, string, string]) => {
  const [day, what, out, into, balance] = cells;
  at(document, day, 50, y);
  at(document, what, 110, y);
  for (const [text, x] of [
    [out, 330],
    [into, 410],
    [balance, 490],
  ] as const)
    if (text) at(document, text, x, y, { width: 60, align: 'right' });
};

export const LAYOUT_PDFS: LayoutPdf[] = [
  {
    name: 'card-summary-table.pdf',
    write: (document) => {
      letterhead(document, 'Harbour Card Services', 'Statement period 04/01/2024 - 05/03/2024', 9);
      at(document, 'Card ending in 4821', 50, 94);
      summaryTable(document, 130, [
        { heading: ['Previous', 'balance'], figure: '$2,145.67' },
        { heading: ['Payments'], figure: '$500.00' },
        { heading: ['Other', 'credits'], figure: '$12.30' },
        { heading: ['Purchases'], figure: '$310.20' },
        { heading: ['Fees', 'charged'], figure: '$7.50' },
        { heading: ['New', 'balance'], figure: '$1,951.07' },
      ]);
      at(document, 'Minimum payment due $25.00', 50, 200);
    },
    expected: { from: '2024-04-01', to: '2024-05-03', opening: 2145.67, closing: 1951.07 },
  },
  {
    name: 'uk-bf-cf.pdf',
    write: (document) => {
      letterhead(document, 'Northgate Bank plc', 'Statement 1 March 2024 to 31 March 2024', 9);
      summaryTable(document, 110, [
        { heading: ['BALANCE', 'B/F'], figure: '£3,210.00' },
        { heading: ['TOTAL', 'PAID OUT'], figure: '£1,000.00' },
        { heading: ['TOTAL', 'PAID IN'], figure: '£90.00' },
        { heading: ['BALANCE', 'C/F'], figure: '£2,300.00' },
      ]);
    },
    expected: { from: '2024-03-01', to: '2024-03-31', opening: 3210, closing: 2300 },
  },
  {
    name: 'split-and-count.pdf',
    write: (document) => {
      letterhead(document, 'Lakeside Credit Union', 'Statement period 03/01/2024 - 03/31/2024', 10);
      // pdf.js gives "£82." and "40" as two items when a figure is set in two runs.
      at(document, 'Beginning Balance', 50, 110);
      const whole = document.widthOfString('£82.');
      at(document, '£82.', 300, 110);
      at(document, '40', 300 + whole + 2.8, 110);
      at(document, 'Deposits', 50, 126);
      at(document, '3', 250, 126);
      at(document, '£1,200.00', 300, 126);
      at(document, 'Ending Balance', 50, 142);
      at(document, '21', 250, 142);
      at(document, '£7,310.44', 300, 142);
    },
    expected: { from: '2024-03-01', to: '2024-03-31', opening: 82.4, closing: 7310.44 },
  },
  {
    name: 'fillable.pdf',
    write: (document) => {
      letterhead(document, 'Example Savings Bank', 'Statement period 01/06/2024 - 30/06/2024', 10);
      at(document, 'Opening balance', 50, 114);
      at(document, 'Closing balance', 50, 140);
      document.initForm();
      document.formText('opening', 250, 110, 120, 18, { value: '1.204,55' });
      document.formText('closing', 250, 136, 120, 18, { value: '980,10' });
    },
    expected: { from: '2024-06-01', to: '2024-06-30', opening: 1204.55, closing: 980.1 },
  },
  {
    // A summary box at the top right (labels set left, figures set right), then the transactions, whose balance is
    // carried from page to page: the statement's closing balance is the last one printed, on page 2.
    name: 'two-pages-carried.pdf',
    write: (document) => {
      letterhead(document, 'Westmoor Building Society', 'Statement 1 March 2024 to 31 March 2024', 9);
      for (const [index, [label, figure]] of [
        ['Opening balance', '£1,000.00'],
        ['Money in', '£2,500.00'],
        ['Money out', '£1,240.50'],
        ['Closing balance', '£2,259.50'],
      ].entries()) {
        at(document, label, 340, 110 + index * 13);
        at(document, figure, 440, 110 + index * 13, { width: 100, align: 'right' });
      }
      transaction(document, 190, ['Date', 'Description', 'Paid out', 'Paid in', 'Balance']);
      transaction(document, 204, ['01 Mar', 'BALANCE BROUGHT FORWARD', '', '', '1,000.00']);
      transaction(document, 218, ['04 Mar', 'SALARY', '', '2,500.00', '3,500.00']);
      transaction(document, 232, ['09 Mar', 'RENT', '1,200.00', '', '2,300.00']);
      transaction(document, 246, ['', 'BALANCE CARRIED FORWARD', '', '', '2,300.00']);
      document.addPage();
      transaction(document, 50, ['', 'BALANCE BROUGHT FORWARD', '', '', '2,300.00']);
      transaction(document, 64, ['28 Mar', 'COFFEE 3 CUPS', '40.50', '', '2,259.50']);
      transaction(document, 78, ['31 Mar', 'Closing balance', '', '', '2,259.50']);
    },
    expected: { from: '2024-03-01', to: '2024-03-31', opening: 1000, closing: 2259.5 },
  },
];

/** The PDF's bytes. */
export const layoutPdf = (spec: LayoutPdf): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margin: 50, info: { Title: spec.name } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    spec.write(document);
    document.end();
  });
