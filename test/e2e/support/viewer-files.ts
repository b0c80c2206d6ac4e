import * as fs from 'node:fs';
import * as path from 'node:path';
import { pngOf } from '../../support/samples';
import { STATEMENT_PDFS, statementPdf } from '../../support/statement-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../../support/statement-workbooks';
import { personWith, type Person, type StatementToKeep } from './people';

/** A PDF whose opening action is JavaScript (an alert and a title change): pdf.js runs none of it. */
export const scriptedPdf = () => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R /Names << /JavaScript << /Names [(x) 4 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    "<< /S /JavaScript /JS (app.alert('pdf script ran'); this.title = 'pwned';) >>",
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 100 Td (Scripted PDF) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** A CSV whose cells hold markup, a script and a formula, and one ordinary salary line. */
export const hostileCsv = Buffer.from(
  [
    'Date,Description,Amount,Balance',
    '2024-03-02,"<img src=x onerror=""document.title=\'pwned\'"">Coffee",-3.20,996.80',
    '2024-03-05,"<script>document.title=""pwned""</script>",-12.00,984.80',
    '2024-03-09,"=HYPERLINK(""http://attacker.example"",""click"")",-1.00,983.80',
    '2024-03-15,Salary ACME,2500.00,3483.80',
  ].join('\r\n'),
  'utf8',
);

/** The workbook among the viewer's files: its first sheet is read by read-excel-file. */
export const VIEWER_WORKBOOK = STATEMENT_WORKBOOKS[0];

/**
 * What the viewer of "see and find" keeps under Visa, a statement of each kind a month
 * (Jan 2024 to Jul 2024, February missing): a bank's PDF, the hostile CSV, a PNG, an OFX,
 * the scripted PDF and a workbook. The statement page's tests upload them; search and the
 * accounts' tests start from a viewer who has them.
 */
export const viewerFiles = async (): Promise<StatementToKeep[]> =>
  (
    [
      ['statement.pdf', 'application/pdf', '2024-01', await statementPdf({ ...STATEMENT_PDFS[0], name: 'statement.pdf' })],
      ['hostile.csv', 'text/csv', '2024-03', hostileCsv],
      ['receipt.png', 'image/png', '2024-04', pngOf(240, 120)],
      [
        'releve.ofx',
        'application/x-ofx',
        '2024-05',
        fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'statements', 'releve-bnp.ofx')),
      ],
      ['scripted.pdf', 'application/pdf', '2024-06', scriptedPdf()],
      [
        VIEWER_WORKBOOK.name,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        '2024-07',
        await statementWorkbook(VIEWER_WORKBOOK),
      ],
    ] as const
  ).map(([fileName, contentType, period, bytes]) => ({ fileName, contentType, period, bytes, accountLabel: 'Visa' }));

/** A viewer of the file's own who keeps `viewerFiles()`, each scanned clean, and each file's statement id by its name. */
export const viewerWithFiles = async (): Promise<{ viewer: Person; ids: Record<string, string> }> => {
  const files = await viewerFiles();
  const viewer = await personWith('viewer', { statements: files });
  return { viewer, ids: Object.fromEntries(files.map((file, index) => [file.fileName, viewer.statementIds[index]])) };
};
