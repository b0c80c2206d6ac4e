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
}

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
    account: '••6789',
  },
  {
    name: 'card-december.pdf',
    lines: ['Barclaycard', 'Statement date 14 December 2023', 'Card number **** **** **** 9912', 'Minimum payment £25.00'],
    period: '2023-12',
    account: '••9912',
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
    account: '••3000',
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
    account: '••5678',
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
    account: '••1332',
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
    account: '••3005',
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
];

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
      document.fontSize(16).text(spec.lines[0] ?? '');
      document.fontSize(10);
      for (const line of spec.lines.slice(1)) document.text(line);
    }
    for (let page = 0; page < (spec.picturePages ?? 0); page++) {
      document.addPage();
      document.text(`Anlage ${page + 1}`);
      document.image(pngOf(1000, 1100, true), 50, 80, { width: 480 });
    }
    document.end();
  });
