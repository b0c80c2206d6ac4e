import { pdfTransactions } from '../../contract/reading/pdf-transactions';

// Layout text shaped as pdf.js's items laid out by `layoutText` give it for the corpus's tables.
const UK = [
  'Date            Description                                       Paid out          Paid in        Balance',
  '15/01           Balance brought forward                                                         120.50 DR',
  '15/01           Fuel Station                                          6.45                       126.95 DR',
  '04/02           Salary ACME Ltd                                                    3,454.50    3,327.55 CR',
  '                and a bonus',
  '14/02           Grocery Market                                      133.12                     3,194.43 CR',
  'Total                                                               139.57        3,454.50',
].join('\n');

describe('pdfTransactions', () => {
  it('reads debits as money out, credits as money in, the running balance and a brought-forward row as the opening', () => {
    const table = pdfTransactions([UK], { span: { from: '2024-01-15', to: '2024-02-14' } });
    expect(table.found).toBe(true);
    expect(table.partly).toBeUndefined();
    expect(table.rows.map((row) => [row.kind, row.day, row.cents, row.balance])).toEqual([
      ['opening', '2024-01-15', undefined, -12050],
      ['transaction', '2024-01-15', -645, -12695],
      ['transaction', '2024-02-04', 345450, 332755],
      ['transaction', '2024-02-14', -13312, 319443],
    ]);
    expect(table.rows[2].description).toBe('Salary ACME Ltd and a bonus');
  });

  it('takes the year of a date that prints none from a span over the new year', () => {
    const text = [
      'Date     Description          Amount',
      '28/12    Shop                 10.00',
      '03/01    Cafe                  2.50',
    ].join('\n');
    const table = pdfTransactions([text], { span: { from: '2024-12-15', to: '2025-01-14' } });
    expect(table.rows.map((row) => row.day)).toEqual(['2024-12-28', '2025-01-03']);
  });

  it('reads a German table over two pages, with the carried balance at the foot of the first', () => {
    const page1 = [
      'Buchungstag      Verwendungszweck                                         Soll          Haben             Saldo',
      '01.11.           Bäckerei                                               21,30                        2.129,60 €',
      '02.11.           Gehalt                                                             1.000,00          3.129,60 €',
      '                 Übertrag auf Blatt 2                                                                3.129,60 €',
    ].join('\n');
    const page2 = [
      'Buchungstag      Verwendungszweck                                         Soll          Haben             Saldo',
      '03.11.           Miete                                                 500,00                        2.629,60 €',
    ].join('\n');
    const table = pdfTransactions([page1, page2], { span: { from: '2024-11-01', to: '2024-11-30' } });
    expect(table.rows.map((row) => [row.kind, row.cents, row.balance, row.page])).toEqual([
      ['transaction', -2130, 212960, 1],
      ['transaction', 100000, 312960, 1],
      ['carried', undefined, 312960, 1],
      ['transaction', -50000, 262960, 2],
    ]);
  });

  it('reads a card table as printed: spending positive, a payment negative', () => {
    const text = [
      'Date                            Description                                                        Amount',
      '18/04                           Online Store                                                         180.37',
      '05/05                           Payment - thank you                                                 -273.54',
    ].join('\n');
    expect(pdfTransactions([text], { card: true }).rows.map((row) => row.cents)).toEqual([18037, -27354]);
  });

  it('turns debit and credit columns round for a card, whose balance is what is owed', () => {
    const text = [
      'Date     Description          Debit       Credit',
      '18/04    Shop                 12.00',
      '20/04    Payment                           5.00',
    ].join('\n');
    expect(pdfTransactions([text], { card: true }).rows.map((row) => row.cents)).toEqual([1200, -500]);
  });

  it('says a table is read in part where a figure fits no column or a page of rows has no header', () => {
    const stray = ['Date     Description          Amount', '18/04    Shop                 12.00                          99.00'].join('\n');
    expect(pdfTransactions([stray]).partly).toMatch(/two figures on one row/);
    const referenced = ['Date     Description          Amount     Reference', '18/04    Shop                 12.00      44.00'].join('\n');
    expect(pdfTransactions([referenced]).partly).toMatch(/fits no column/);
    const headless = '19/04    Shop                 12.00';
    expect(pdfTransactions([stray.split('\n')[0], headless]).partly).toMatch(/without the table's header/);
  });

  it('gives a figure set right in a column whose heading is set left to that heading', () => {
    const text = [
      ' Date       Libellé                         Débit       Crédit         Solde',
      ' 09/05      Loyer                                 5,84                        2 936,09 €',
      ' 21/05      Salaire ACME SA                                   3 084,26        6 020,35 €',
    ].join('\n');
    const table = pdfTransactions([text]);
    expect(table.partly).toBeUndefined();
    expect(table.rows.map((row) => [row.cents, row.balance])).toEqual([
      [-584, 293609],
      [308426, 602035],
    ]);
  });

  it('reads on over a page without a header where the page before carried its balance to it', () => {
    const page1 = [
      'Date            Description                                         Paid out          Paid in        Balance',
      '01/09           Pharmacy                                             199.41                         £3,823.77',
      '                Balance carried forward                                                             £3,823.77',
    ].join('\n');
    const page2 = [
      '                Balance brought forward                                                             £3,823.77',
      '17/09           Coffee House                                          61.60                         £3,762.17',
    ].join('\n');
    const table = pdfTransactions([page1, page2]);
    expect(table.partly).toBeUndefined();
    expect(table.rows.map((row) => [row.kind, row.cents, row.balance])).toEqual([
      ['transaction', -19941, 382377],
      ['carried', undefined, 382377],
      ['carried', undefined, 382377],
      ['transaction', -6160, 376217],
    ]);
    // Without the carried balance, the second page's rows have no columns to be read by.
    expect(pdfTransactions([page1.split('\n').slice(0, 2).join('\n'), page2.split('\n')[1]]).partly).toMatch(/without the table's header/);
  });

  it('finds no table in text without a header row', () => {
    expect(pdfTransactions(['Closing balance   1,234.56', '15/01   Shop   12.00'])).toEqual({ found: false, rows: [] });
  });

  it('reads month-first dates where the table says so, and leaves a day unsettled where nothing does', () => {
    const us = ['Date     Description          Amount', '01/15    Shop                 10.00', '02/03    Cafe                  2.50'].join(
      '\n',
    );
    expect(pdfTransactions([us], { span: { from: '2024-01-01', to: '2024-02-28' } }).rows.map((row) => row.day)).toEqual([
      '2024-01-15',
      '2024-02-03',
    ]);
    const unsure = ['Date     Description          Amount', '01/02    Shop                 10.00'].join('\n');
    expect(pdfTransactions([unsure], { span: { from: '2024-01-01', to: '2024-02-28' } }).rows[0].day).toBeUndefined();
  });
});
