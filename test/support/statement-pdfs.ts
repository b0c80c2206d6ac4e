import PDFDocument from 'pdfkit';
import { png, pngOf } from './samples';

/**
 * PDF statements in the layouts and languages banks use, written with PDFKit (a maintained
 * PDF writer this project does not otherwise use), each with the period and account a person
 * reading it would file it under; plus a password-protected one and one that is only a
 * picture (a scan), which give no proposal.
 */
export interface StatementPdf {
  name: string;
  /** What the first page says, line by line. */
  lines: string[];
  period: string | null;
  account: string | null;
  options?: PDFKit.PDFDocumentOptions;
  /** Only a picture, no text layer. */
  picture?: boolean;
  /** Pages after the first, each with a large picture (a chart, a scanned enclosure): what makes a statement large. */
  picturePages?: number;
  /**
   * How the first page is set: `lines` one under another (the default); `letterhead-right`
   * with the bank's name at the top right above the holder's address; `two-column` with
   * each "label\tvalue" line's value in a column of its own; `footer` with the bank's name
   * at the top and the account in the page's footer.
   */
  layout?: 'lines' | 'letterhead-right' | 'two-column' | 'footer';
  /** The language a person reads it in (every language claimed has six layouts or more). */
  language?: 'en' | 'de' | 'fr' | 'es';
}

/** The holder's address block, as statements print it beside the letterhead. */
const HOLDER = ['Alex Example', '12 Sample Street', 'Springfield 12345'];

export const STATEMENT_PDFS: StatementPdf[] = [
  {
    name: 'chase-statement.pdf',
    lines: [
      'JPMorgan Chase Bank, N.A.',
      'Statement Period: 03/01/2024 through 03/31/2024',
      'Account Number: 000000123456789',
      'Beginning Balance $2,145.67',
    ],
    period: '2024-03',
    account: 'JPMorgan Chase Bank, N.A. ••6789',
  },
  {
    name: 'card-december.pdf',
    lines: ['Barclaycard', 'Statement date 14 December 2023', 'Card number **** **** **** 9912', 'Minimum payment £25.00'],
    period: '2023-12',
    account: 'Barclaycard ••9912',
  },
  {
    name: 'kontoauszug.pdf',
    lines: [
      'Hausbank AG',
      'Kontoauszug Nr. 3/2024',
      'Abrechnungszeitraum: 01.03.2024 - 31.03.2024',
      'IBAN: DE89 3704 0044 0532 0130 00',
      '05.03.2024 Miete -950,00 €',
    ],
    period: '2024-03',
    account: 'Hausbank AG ••3000',
  },
  {
    name: 'releve.pdf',
    lines: [
      'Banque Populaire',
      'Relevé de compte du 01/02/2024 au 29/02/2024',
      'N° de compte : 12345 67890 00012345678',
      'Solde créditeur au 29/02/2024 : 1 234,56 €',
    ],
    period: '2024-02',
    account: 'Banque Populaire ••5678',
  },
  {
    name: 'extracto.pdf',
    lines: [
      'CaixaBank',
      'Extracto del 01/05/2024 al 31/05/2024',
      'Número de cuenta: ES91 2100 0418 4502 0005 1332',
      'Saldo final 3.210,00 EUR',
    ],
    period: '2024-05',
    account: 'CaixaBank ••1332',
  },
  {
    name: 'brokerage-q2.pdf',
    lines: [
      'Vanguard Brokerage Services',
      'Quarterly statement for the period ending June 30, 2024',
      'Account ending in 3005',
      'Total value $104,331.20',
    ],
    period: '2024-06',
    account: 'Vanguard Brokerage Services ••3005',
  },
  {
    name: 'payslip.pdf',
    lines: ['ACME Ltd', 'Payslip - March 2024', 'Employee 4471', 'Net pay £2,100.00'],
    period: '2024-03',
    account: null,
  },
  {
    name: 'locked-2024-04.pdf',
    lines: ['Statement period 04/01/2024 to 04/30/2024', 'Account number 1111222233334444'],
    period: '2024-04',
    account: null,
    options: { userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' },
  },
  { name: 'scan.pdf', lines: [], period: null, account: null, picture: true },
  // The layouts and phrases an outside trial found unread, and more of each language.
  {
    name: 'first-harbor.pdf',
    layout: 'letterhead-right',
    language: 'en',
    lines: ['First Harbor Bank', 'Account Statement', 'June 1, 2024 through June 30, 2024', 'Account Number: XXXXXX4821'],
    period: '2024-06',
    account: 'First Harbor Bank ••4821',
  },
  {
    name: 'brokerage-3377.pdf',
    layout: 'two-column',
    language: 'en',
    lines: ['Northgate Securities', 'Brokerage account\t...3377', 'Statement for July 2024', 'Total value\t$12,004.10'],
    period: '2024-07',
    account: 'Northgate Securities ••3377',
  },
  {
    name: 'savings-0909.pdf',
    layout: 'footer',
    language: 'en',
    lines: ['Lakeside Credit Union', 'Statement Period 08/01/2024 - 08/31/2024', 'Dividends earned $3.12', 'Savings ****0909'],
    period: '2024-08',
    account: 'Lakeside Credit Union ••0909',
  },
  {
    name: 'sparkasse.pdf',
    layout: 'letterhead-right',
    language: 'de',
    lines: ['Sparkasse KölnBonn', 'Kontoauszug 4/2024', 'Konto 1234567890', '01.04.2024 bis 30.04.2024'],
    period: '2024-04',
    account: 'Sparkasse KölnBonn ••7890',
  },
  {
    name: 'tagesgeld.pdf',
    layout: 'two-column',
    language: 'de',
    lines: ['Volksbank Mittelhessen eG', 'Tagesgeldkonto', 'IBAN\tDE04 5139 0000 0012 3456 78', 'Auszugsdatum\t28.06.2024'],
    period: '2024-06',
    account: 'Volksbank Mittelhessen eG ••5678',
  },
  {
    name: 'depot.pdf',
    language: 'de',
    lines: ['Hanse Wertpapierbank', 'Depotauszug', 'Depotnummer 0004455667', 'Stichtag 30.09.2024'],
    period: '2024-09',
    account: 'Hanse Wertpapierbank ••5667',
  },
  {
    name: 'kreditkarte.pdf',
    layout: 'footer',
    language: 'de',
    lines: ['Hanseatic Bank', 'Kreditkartenabrechnung', 'Abrechnungsdatum 15.07.2024', 'Kartennummer 4567 XXXX XXXX 1122'],
    period: '2024-07',
    account: 'Hanseatic Bank ••1122',
  },
  {
    name: 'girokonto.pdf',
    layout: 'two-column',
    language: 'de',
    lines: ['ING-DiBa AG', 'Girokonto Nr.\t5404123456', 'Kontoauszug vom\t31.05.2024', 'Neuer Saldo\t1.204,55 EUR'],
    period: '2024-05',
    account: 'ING-DiBa AG ••3456',
  },
  {
    name: 'lcl.pdf',
    layout: 'letterhead-right',
    language: 'fr',
    lines: ['LCL Banque et assurance', 'Relevé de compte', 'Compte n° 000123456655', 'Période du 01/04/2024 au 30/04/2024'],
    period: '2024-04',
    account: 'LCL Banque et assurance ••6655',
  },
  {
    name: 'livret.pdf',
    layout: 'two-column',
    language: 'fr',
    lines: ['Crédit Agricole Alpes Provence', 'Livret A - Compte n°\t98765432101', 'Relevé au\t31/07/2024', 'Solde\t5 310,00 €'],
    period: '2024-07',
    account: 'Crédit Agricole Alpes Provence ••2101',
  },
  {
    name: 'carte-boursorama.pdf',
    layout: 'footer',
    language: 'fr',
    lines: ['Boursorama', 'Relevé de carte', 'Arrêté au 05/08/2024', 'N° de carte : 4974 XXXX XXXX 3321'],
    period: '2024-08',
    account: 'Boursorama ••3321',
  },
  {
    name: 'caisse-epargne.pdf',
    language: 'fr',
    lines: ["Caisse d'Epargne Ile-de-France", 'Relevé mensuel', '01/09/2024 - 30/09/2024', 'IBAN : FR76 3000 6000 0112 3456 7890 189'],
    period: '2024-09',
    account: "Caisse d'Epargne Ile-de-France ••0189",
  },
  {
    name: 'compte-titres.pdf',
    layout: 'letterhead-right',
    language: 'fr',
    lines: ['Société Générale', 'Compte-titres', 'Numéro de compte : 00012345678', 'Relevé au 31/12/2024'],
    period: '2024-12',
    account: 'Société Générale ••5678',
  },
  {
    name: 'santander.pdf',
    layout: 'letterhead-right',
    language: 'es',
    lines: ['Banco Santander, S.A.', 'Extracto de movimientos', 'Cuenta ES12 0049 1500 0512 3456 7788', 'del 01/05/2024 al 31/05/2024'],
    period: '2024-05',
    account: 'Banco Santander, S.A. ••7788',
  },
  {
    name: 'bbva-tarjeta.pdf',
    layout: 'footer',
    language: 'es',
    lines: ['BBVA', 'Extracto de tarjeta', 'Fecha de cierre 20/06/2024', 'Tarjeta terminada en 4455'],
    period: '2024-06',
    account: 'BBVA ••4455',
  },
  {
    name: 'cuenta-ahorro.pdf',
    layout: 'two-column',
    language: 'es',
    lines: ['ING Bank N.V., Sucursal en España', 'Cuenta de ahorro', 'Número de cuenta:\tES79 2100 0813 6101 2345 6789', 'Periodo:\t01/07/2024 - 31/07/2024'],
    period: '2024-07',
    account: 'ING Bank N.V., Sucursal en España ••6789',
  },
  {
    name: 'sabadell.pdf',
    language: 'es',
    lines: ['Banco de Sabadell', 'Extracto de cuenta', 'Cuenta nº 0081 0200 1234 5678 9012', 'Fecha del extracto 31/08/2024'],
    period: '2024-08',
    account: 'Banco de Sabadell ••9012',
  },
  {
    name: 'hipoteca.pdf',
    layout: 'two-column',
    language: 'es',
    lines: ['Kutxabank', 'Préstamo hipotecario', 'Número de cuenta:\t...4410', 'Movimientos\tdel 1 de septiembre de 2024 al 30 de septiembre de 2024'],
    period: '2024-09',
    account: 'Kutxabank ••4410',
  },
];

/** Writes a statement's first page in its layout. */
const writeFirstPage = (document: PDFKit.PDFDocument, spec: StatementPdf) => {
  const [letterhead = '', ...rest] = spec.lines;
  const layout = spec.layout ?? 'lines';
  if (layout === 'letterhead-right') {
    document.fontSize(16).text(letterhead, 50, 50, { align: 'right' });
    document.fontSize(10).text(HOLDER.join('\n'), 50, 90);
    document.moveDown();
  } else {
    document.fontSize(16).text(letterhead, 50, 50);
    document.fontSize(10);
  }
  const body = layout === 'footer' ? rest.slice(0, -1) : rest;
  for (const line of body) {
    const [label, value] = line.split('\t');
    if (layout === 'two-column' && value !== undefined) {
      const y = document.y;
      document.text(label, 50, y, { width: 200 });
      document.text(value, 260, y);
    } else {
      document.text(line, 50);
    }
  }
  // The footer's line sits at the page's foot, after a table of the month's movements.
  if (layout === 'footer') {
    for (let row = 1; row <= 8; row++) document.text(`Movement ${row}   ${(row * 13.37).toFixed(2)}`, 50);
    document.text(rest.at(-1) ?? '', 50, document.page.height - 80, { lineBreak: false });
  }
};

/** The PDF's bytes. */
export const statementPdf = (spec: StatementPdf): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', info: { Title: spec.name }, ...spec.options });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    if (spec.picture) {
      document.image(png(), 50, 50, { width: 400 });
    } else {
      writeFirstPage(document, spec);
    }
    for (let page = 0; page < (spec.picturePages ?? 0); page++) {
      document.addPage();
      document.text(`Anlage ${page + 1}`);
      document.image(pngOf(1000, 1100, true), 50, 80, { width: 480 });
    }
    document.end();
  });
