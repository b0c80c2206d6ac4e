import writeXlsxFile from 'write-excel-file/node';

/**
 * Workbook statements (XLSX) in the layouts banks export them in, written with
 * write-excel-file: dates as real date cells or as text, a preamble of account lines, each
 * with the period and account a person would file it under.
 */
export interface StatementWorkbook {
  name: string;
  rows: (string | number | Date | null)[][];
  period: string;
  account: string | null;
}

const day = (text: string) => new Date(`${text}T00:00:00.000Z`);

export const STATEMENT_WORKBOOKS: StatementWorkbook[] = [
  {
    name: 'santander-movimientos.xlsx',
    rows: [
      ['Consultar movimientos', null, null, null],
      ['Número de cuenta', 'ES76 0049 1500 0512 3456 7892', null, null],
      [null, null, null, null],
      ['Fecha Operación', 'Fecha Valor', 'Concepto', 'Importe'],
      [day('2024-04-29'), day('2024-04-29'), 'Recibo Endesa', -61.2],
      [day('2024-04-15'), day('2024-04-15'), 'Nómina', 1890],
      [day('2024-04-02'), day('2024-04-02'), 'Compra Mercadona', -32.47],
    ],
    period: '2024-04',
    account: '••7892',
  },
  {
    name: 'n26-transactions.xlsx',
    rows: [
      ['Booking Date', 'Value Date', 'Partner Name', 'Partner Iban', 'Type', 'Amount (EUR)'],
      ['2024-02-28', '2024-02-28', 'Stadtwerke', 'DE12701500000012345678', 'Direct Debit', -84],
      ['2024-02-14', '2024-02-14', 'Acme GmbH', 'DE02120300000000202051', 'Income', 3120.55],
      ['2024-02-01', '2024-02-01', 'REWE', '', 'Presentment', -43.17],
    ],
    period: '2024-02',
    account: null,
  },
  {
    name: 'revolut-statement.xlsx',
    rows: [
      ['Type', 'Product', 'Started Date', 'Completed Date', 'Description', 'Amount', 'Currency', 'State', 'Balance'],
      ['CARD_PAYMENT', 'Current', '2024-06-03 08:14:02', '2024-06-04 10:00:00', 'Pret A Manger', -3.95, 'GBP', 'COMPLETED', 120.05],
      ['TOPUP', 'Current', '2024-06-14 12:00:00', '2024-06-14 12:00:01', 'Top-up', 200, 'GBP', 'COMPLETED', 320.05],
    ],
    period: '2024-06',
    account: null,
  },
];

export const statementWorkbook = (spec: StatementWorkbook): Promise<Buffer> =>
  writeXlsxFile(
    spec.rows.map((row) =>
      row.map((value) => (value === null ? null : value instanceof Date ? { value, format: 'dd/mm/yyyy' } : { value })),
    ),
  ).toBuffer();
