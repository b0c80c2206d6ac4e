import PDFDocument from 'pdfkit';

/**
 * PDF statements that print their days and balances, in English, German, French and
 * Spanish, each language in three layouts or more, written with PDFKit as
 * test/support/statement-pdfs.ts writes its statements:
 *   - `summary-box`: a box at the top right of the first page ("Previous balance" / "New
 *     balance", each label with its amount on its right), the movements under it;
 *   - `table`: a table of movements (date, description, amount, balance) whose first row is
 *     the balance brought forward and last row the closing balance;
 *   - `stacked`: label and amount each on a line of its own, the amount under its label.
 * The number formats banks print (1,204.55; 1.204,55; 1 204,55; a trailing minus; CR/DR;
 * parentheses), statements of two pages numbered in their footers, and one that lacks its
 * second page of three. Each says what a person reads in it: a figure its text does not
 * print, or prints where the reading rules do not find it, is `undefined`, and a comment
 * says why.
 */
export type BalanceLanguage = 'en' | 'de' | 'fr' | 'es';

export interface BalancePage {
  /** The page's lines, top to bottom (the first page's first is its letterhead); in a table, "date\tdescription\tamount\tbalance" cells (one left empty as ""). */
  lines: string[];
  /** The summary box's rows, "label\tamount", drawn at the page's top right. */
  box?: string[];
  /** The line at the page's foot ("Page 1 of 2"). */
  footer?: string;
}

export interface BalancePdf {
  name: string;
  language: BalanceLanguage;
  layout: 'summary-box' | 'table' | 'stacked';
  pages: BalancePage[];
  /** What the statement prints that the reading rules do not read, and why: it is not counted as read right. */
  gap?: string;
  expected: {
    from: string | undefined;
    to: string | undefined;
    opening: number | undefined;
    closing: number | undefined;
    /** The file's own page count. */
    pages: number;
    /** The page numbers its "Page x of y" lines count that it lacks. */
    missingPages?: number[];
  };
}

const MARCH = { from: '2024-03-01', to: '2024-03-31' };

export const BALANCE_PDFS: BalancePdf[] = [
  // English.
  {
    name: 'en-summary.pdf',
    language: 'en',
    layout: 'summary-box',
    pages: [
      {
        box: ['Previous balance\t£1,204.55', 'Paid in\t£2,500.00', 'Paid out\t£1,394.45', 'New balance\t£2,310.10'],
        lines: [
          'Northbridge Bank plc',
          'Current account statement',
          'Statement period 01/03/2024 - 31/03/2024',
          'Account number 40-11-22 12345678',
          '01/03/2024\tSalary ACME Ltd\t2,500.00\t3,704.55',
          '04/03/2024\tRent\t-950.00\t2,754.55',
          '18/03/2024\tCard payment Grocer\t-444.45\t2,310.10',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 1 },
  },
  {
    name: 'en-table-crdr.pdf',
    language: 'en',
    layout: 'table',
    pages: [
      {
        lines: [
          'Harbourside Building Society',
          'Statement 01/03/2024 to 31/03/2024',
          'Account number 87654321',
          'Date\tDescription\tAmount\tBalance',
          '01/03/2024\tBalance brought forward\t\t350.20 DR',
          '05/03/2024\tSalary\t1,200.00 CR\t849.80 CR',
          '12/03/2024\tCouncil tax\t144.00 DR\t705.80 CR',
          '31/03/2024\tClosing balance\t\t705.80 CR',
        ],
      },
    ],
    expected: { ...MARCH, opening: -350.2, closing: 705.8, pages: 1 },
  },
  {
    name: 'en-stacked-parentheses.pdf',
    language: 'en',
    layout: 'stacked',
    pages: [
      {
        lines: [
          'First Harbor Bank',
          'Checking account statement',
          'March 1, 2024 through March 31, 2024',
          'Account Number: XXXXXX4821',
          'Beginning balance',
          '$1,204.55',
          'Deposits and additions',
          '$800.00',
          'Withdrawals',
          '$2,049.75',
          'Ending balance',
          '($45.20)',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: -45.2, pages: 1 },
  },
  {
    // A balance carried over at the foot of page 1 and brought forward at the top of page 2: the statement's closing balance is on its last page.
    name: 'en-two-pages.pdf',
    language: 'en',
    layout: 'table',
    pages: [
      {
        lines: [
          'Northbridge Bank plc',
          'Statement period 01/03/2024 - 31/03/2024',
          'Account number 12345678',
          'Date\tDescription\tAmount\tBalance',
          '01/03/2024\tBalance brought forward\t\t1,204.55',
          '01/03/2024\tSalary ACME Ltd\t2,500.00\t3,704.55',
          '04/03/2024\tRent\t-950.00\t2,754.55',
          '14/03/2024\tBalance carried forward\t\t2,754.55',
        ],
        footer: 'Page 1 of 2',
      },
      {
        lines: [
          'Date\tDescription\tAmount\tBalance',
          '14/03/2024\tBalance brought forward\t\t2,754.55',
          '18/03/2024\tCard payment Grocer\t-444.45\t2,310.10',
          '31/03/2024\tClosing balance\t\t2,310.10',
        ],
        footer: 'Page 2 of 2',
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 2, missingPages: [] },
  },
  {
    // Its page 2 of 3 was left out of the download: the file's two pages print "Page 1 of 3" and "Page 3 of 3".
    name: 'en-page-2-missing.pdf',
    language: 'en',
    layout: 'summary-box',
    pages: [
      {
        box: ['Previous balance\t£1,204.55', 'New balance\t£2,310.10'],
        lines: [
          'Northbridge Bank plc',
          'Statement period 01/03/2024 - 31/03/2024',
          'Account number 12345678',
          '01/03/2024\tSalary\t2,500.00',
        ],
        footer: 'Page 1 of 3',
      },
      { lines: ['18/03/2024\tCard payment Grocer\t-444.45', 'Closing balance\t£2,310.10'], footer: 'Page 3 of 3' },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 2, missingPages: [2] },
  },
  // German.
  {
    name: 'de-summary.pdf',
    language: 'de',
    layout: 'summary-box',
    pages: [
      {
        box: ['Alter Kontostand\t1.204,55 EUR', 'Neuer Kontostand\t2.310,10 EUR'],
        lines: [
          'Hausbank AG',
          'Kontoauszug 3/2024',
          'Abrechnungszeitraum: 1. März 2024 bis 31. März 2024',
          'IBAN: DE89 3704 0044 0532 0130 00',
          '01.03.2024\tGehalt ACME GmbH\t2.500,00\t3.704,55',
          '04.03.2024\tMiete\t-950,00\t2.754,55',
          '18.03.2024\tKartenzahlung Markt\t-444,45\t2.310,10',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 1 },
  },
  {
    name: 'de-table-trailing-minus.pdf',
    language: 'de',
    layout: 'table',
    pages: [
      {
        lines: [
          'Volksbank Mittelhessen eG',
          'Kontoauszug 01.03.2024 - 31.03.2024',
          'Konto 1234567890',
          'Datum\tVorgang\tBetrag\tSaldo',
          '01.03.2024\tSaldo alt\t\t1.204,55',
          '05.03.2024\tMiete\t950,00-\t254,55',
          '20.03.2024\tKfz-Versicherung\t299,75-\t45,20-',
          '31.03.2024\tSaldo neu\t\t45,20-',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: -45.2, pages: 1 },
  },
  {
    name: 'de-stacked.pdf',
    language: 'de',
    layout: 'stacked',
    pages: [
      {
        lines: [
          'ING-DiBa AG',
          'Girokonto Nummer 5404123456',
          'Kontoauszug vom 1. März 2024 bis 31. März 2024',
          'Alter Saldo',
          '1.204,55 €',
          'Neuer Saldo',
          '2.310,10 €',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 1 },
  },
  {
    name: 'de-two-pages.pdf',
    language: 'de',
    layout: 'table',
    pages: [
      {
        lines: [
          'Sparkasse KölnBonn',
          'Kontoauszug 3/2024',
          'Zeitraum 01.03.2024 bis 31.03.2024',
          'IBAN DE12 3705 0198 0001 2345 67',
          'Datum\tVorgang\tBetrag\tSaldo',
          '01.03.2024\tAlter Kontostand\t\t1.204,55',
          '01.03.2024\tGehalt\t2.500,00\t3.704,55',
        ],
        footer: 'Seite 1 von 2',
      },
      {
        lines: [
          '04.03.2024\tMiete\t-950,00\t2.754,55',
          '18.03.2024\tKartenzahlung\t-444,45\t2.310,10',
          '31.03.2024\tNeuer Kontostand\t\t2.310,10',
        ],
        footer: 'Seite 2 von 2',
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 2, missingPages: [] },
  },
  // French.
  {
    name: 'fr-summary.pdf',
    language: 'fr',
    layout: 'summary-box',
    pages: [
      {
        box: ['Solde précédent\t1 204,55 €', 'Total des crédits\t2 500,00 €', 'Total des débits\t1 394,45 €', 'Nouveau solde\t2 310,10 €'],
        lines: [
          'Banque Populaire',
          'Relevé de compte du 01/03/2024 au 31/03/2024',
          'N° de compte : 12345 67890 00012345678',
          '01/03/2024\tVirement salaire\t2 500,00\t3 704,55',
          '04/03/2024\tLoyer\t-950,00\t2 754,55',
          '18/03/2024\tCarte Supermarché\t-444,45\t2 310,10',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 1 },
  },
  {
    name: 'fr-table.pdf',
    language: 'fr',
    layout: 'table',
    pages: [
      {
        lines: [
          'Crédit Agricole Alpes Provence',
          'Période du 01/03/2024 au 31/03/2024',
          'Compte n° 98765432101',
          'Date\tLibellé\tMontant\tSolde',
          '01/03/2024\tAncien solde créditeur au 29/02/2024\t\t1 204,55',
          '05/03/2024\tLoyer\t-950,00\t254,55',
          '20/03/2024\tAssurance auto\t-299,75\t-45,20',
          '31/03/2024\tNouveau solde débiteur au 31/03/2024\t\t45,20',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: -45.2, pages: 1 },
  },
  {
    // "Solde au 29/02/2024" above the movements and "Solde débiteur au 31/03/2024" below them: only their dates tell the opening
    // from the closing (both phrases close a statement elsewhere); the day before the period is the opening one's.
    name: 'fr-stacked.pdf',
    language: 'fr',
    layout: 'stacked',
    pages: [
      {
        lines: [
          'LCL Banque et assurance',
          'Relevé de compte',
          'du 01/03/2024 au 31/03/2024',
          'Compte n° 000123456655',
          'Solde au 29/02/2024',
          '1 204,55 €',
          'Solde débiteur au 31/03/2024',
          '45,20 €',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: -45.2, pages: 1 },
  },
  {
    name: 'fr-two-pages.pdf',
    language: 'fr',
    layout: 'summary-box',
    pages: [
      {
        box: ['Ancien solde\t1 204,55 €', 'Nouveau solde\t2 310,10 €'],
        lines: [
          'Société Générale',
          'Relevé du 01/03/2024 au 31/03/2024',
          'Compte n° 00012345678',
          '01/03/2024\tVirement salaire\t2 500,00',
        ],
        footer: 'Page 1 sur 2',
      },
      { lines: ['04/03/2024\tLoyer\t-950,00', '18/03/2024\tCarte Supermarché\t-444,45'], footer: 'Page 2 sur 2' },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 2, missingPages: [] },
  },
  // Spanish.
  {
    name: 'es-summary.pdf',
    language: 'es',
    layout: 'summary-box',
    pages: [
      {
        box: ['Saldo anterior\t1.204,55 €', 'Ingresos\t2.500,00 €', 'Gastos\t1.394,45 €', 'Saldo final\t2.310,10 €'],
        lines: [
          'CaixaBank',
          'Extracto del 01/03/2024 al 31/03/2024',
          'Número de cuenta: ES91 2100 0418 4502 0005 1332',
          '01/03/2024\tNómina\t2.500,00\t3.704,55',
          '04/03/2024\tAlquiler\t-950,00\t2.754,55',
          '18/03/2024\tCompra tarjeta\t-444,45\t2.310,10',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 1 },
  },
  {
    name: 'es-table.pdf',
    language: 'es',
    layout: 'table',
    pages: [
      {
        lines: [
          'Banco Santander, S.A.',
          'Movimientos del 01/03/2024 al 31/03/2024',
          'Cuenta ES12 0049 1500 0512 3456 7788',
          'Fecha\tConcepto\tImporte\tSaldo',
          '01/03/2024\tSaldo anterior\t\t1.204,55',
          '05/03/2024\tAlquiler\t-950,00\t254,55',
          '20/03/2024\tSeguro coche\t-299,75\t-45,20',
          '31/03/2024\tSaldo final\t\t-45,20',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: -45.2, pages: 1 },
  },
  {
    name: 'es-stacked.pdf',
    language: 'es',
    layout: 'stacked',
    pages: [
      {
        lines: [
          'BBVA',
          'Cuenta corriente',
          'Fecha del extracto 02/04/2024',
          'Movimientos del 01/03/2024 al 31/03/2024',
          'Número de cuenta: ES79 0182 0813 6101 2345 6789',
          'Saldo inicial',
          '1.204,55 EUR',
          'Saldo deudor',
          '45,20 EUR',
        ],
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: -45.2, pages: 1 },
  },
  {
    name: 'es-two-pages.pdf',
    language: 'es',
    layout: 'table',
    pages: [
      {
        lines: [
          'Banco de Sabadell',
          'Extracto de cuenta del 1 de marzo de 2024 al 31 de marzo de 2024',
          'Cuenta nº 0081 0200 1234 5678 9012',
          'Fecha\tConcepto\tImporte\tSaldo',
          '01/03/2024\tSaldo anterior\t\t1.204,55',
          '01/03/2024\tNómina\t2.500,00\t3.704,55',
        ],
        footer: 'Página 1 de 2',
      },
      {
        lines: [
          '04/03/2024\tAlquiler\t-950,00\t2.754,55',
          '18/03/2024\tCompra tarjeta\t-444,45\t2.310,10',
          '31/03/2024\tSaldo final\t\t2.310,10',
        ],
        footer: 'Página 2 de 2',
      },
    ],
    expected: { ...MARCH, opening: 1204.55, closing: 2310.1, pages: 2, missingPages: [] },
  },
];

/** Where a layout sets each cell of a tabbed line: its left edge, width, and alignment. */
const COLUMNS: Record<'table' | 'other', { x: number; width: number; align: 'left' | 'right' }[]> = {
  table: [
    { x: 50, width: 70, align: 'left' },
    { x: 125, width: 200, align: 'left' },
    { x: 330, width: 90, align: 'right' },
    { x: 430, width: 110, align: 'right' },
  ],
  other: [
    { x: 50, width: 250, align: 'left' },
    { x: 300, width: 120, align: 'right' },
  ],
};

/** Writes one page: the letterhead (the first page's first line), the summary box at the top right, the lines under them, the footer at the foot. */
const writePage = (document: PDFKit.PDFDocument, spec: BalancePdf, page: BalancePage, first: boolean) => {
  const letterhead = first ? page.lines[0] : undefined;
  const rest = first ? page.lines.slice(1) : page.lines;
  if (letterhead !== undefined) document.fontSize(14).text(letterhead, 50, 50, { width: 240 });
  document.fontSize(10);
  let y = letterhead !== undefined ? document.y + 10 : 50;
  if (page.box) {
    const top = 50;
    page.box.forEach((row, index) => {
      const [label, amount = ''] = row.split('\t');
      document.text(label, 330, top + 8 + index * 16, { width: 120, lineBreak: false });
      document.text(amount, 450, top + 8 + index * 16, { width: 90, align: 'right', lineBreak: false });
    });
    const bottom = top + 8 + page.box.length * 16 + 4;
    document.rect(320, top, 225, bottom - top).stroke();
    y = Math.max(y, bottom + 16);
  }
  const columns = COLUMNS[spec.layout === 'table' ? 'table' : 'other'];
  for (const line of rest) {
    const cells = line.split('\t');
    if (cells.length === 1) {
      document.text(line, 50, y, { width: 490 });
    } else {
      cells.forEach((cell, index) => {
        const column = columns[Math.min(index, columns.length - 1)];
        if (cell) document.text(cell, column.x, y, { width: column.width, align: column.align, lineBreak: false });
      });
    }
    y += 16;
  }
  if (page.footer) document.text(page.footer, 50, document.page.height - 60, { width: 490, align: 'center', lineBreak: false });
};

/** The PDF's bytes. */
export const balancePdf = (spec: BalancePdf): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margins: { top: 50, left: 50, right: 50, bottom: 30 }, info: { Title: spec.name } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    spec.pages.forEach((page, index) => {
      if (index > 0) document.addPage();
      writePage(document, spec, page, index === 0);
    });
    document.end();
  });
