import { pdfTransactions } from '../../contract/reading/pdf-transactions';
import { arithmeticWords, checkArithmetic, pdfArithmetic } from '../../contract/reading/statement-arithmetic';

const ROWS = [
  { cents: -645, balance: -12695, day: '2024-01-15' },
  { cents: 345450, balance: 332755, day: '2024-02-04' },
  { cents: -13312, balance: 319443, day: '2024-02-14' },
];

describe('checkArithmetic', () => {
  it('says a statement whose transactions and running balances add up is checked, with the count', () => {
    expect(checkArithmetic({ opening: -12050, closing: 319443, rows: ROWS })).toEqual({ state: 'checked', transactions: 3 });
  });

  it('says by how much a running balance is off, and at which row first', () => {
    const rows = ROWS.map((row, index) => (index === 1 ? { ...row, balance: row.balance + 4510 } : row));
    expect(checkArithmetic({ opening: -12050, closing: 319443, rows })).toEqual({
      state: 'off',
      transactions: 3,
      offBy: 4510,
      row: 1,
      day: '2024-02-04',
    });
  });

  it('says a total that is off without a running balance to find where', () => {
    const rows = ROWS.map(({ cents }) => ({ cents }));
    expect(checkArithmetic({ opening: -12050, closing: 319443 + 100, rows })).toEqual({ state: 'off', transactions: 3, offBy: 100 });
  });

  it('checks nothing without an opening, a closing or a transaction', () => {
    expect(checkArithmetic({ closing: 1, rows: ROWS }).state).toBe('not checked');
    expect(checkArithmetic({ opening: 1, rows: ROWS }).state).toBe('not checked');
    expect(checkArithmetic({ opening: 1, closing: 1, rows: [{ balance: 1 }] })).toEqual({
      state: 'not checked',
      why: 'No transactions were read.',
    });
  });
});

describe('pdfArithmetic', () => {
  const TABLE = [
    'Date            Libellé                                                Débit          Crédit           Solde',
    '01/04           Ancien solde créditeur                                                             1 234,56 €',
    '03/04           Station service                                      183,38                        1 051,18 €',
    '23/04           Salaire ACME SA                                                     2 747,20       3 798,38 €',
    '30/04           Nouveau solde créditeur                                                            3 798,38 €',
  ].join('\n');
  const span = { from: '2024-04-01', to: '2024-04-30' };

  it('checks a table against the balances read by label, and by its own opening and closing rows where none was', () => {
    const table = pdfTransactions([TABLE], { span });
    expect(pdfArithmetic(table, { opening: 1234.56, closing: 3798.38 })).toEqual({ state: 'checked', transactions: 2 });
    expect(pdfArithmetic(table, {})).toEqual({ state: 'checked', transactions: 2 });
  });

  it('checks nothing where the table and the statement disagree on a balance, or the table is read in part', () => {
    const table = pdfTransactions([TABLE], { span });
    expect(pdfArithmetic(table, { opening: 1234.55 })).toEqual({
      state: 'not checked',
      why: "The table's opening balance is not the one the statement prints.",
    });
    expect(pdfArithmetic({ ...table, partly: 'a row' }, {}).state).toBe('not checked');
    expect(pdfArithmetic(pdfTransactions(['no table here']), { opening: 1, closing: 2 })).toEqual({
      state: 'not checked',
      why: 'No table of transactions was found.',
    });
  });
});

describe('pdfArithmetic on one column of amounts', () => {
  const table = (amounts: string[]) =>
    pdfTransactions(
      [
        [
          'Date     Description          Amount',
          ...amounts.map((amount, index) => `0${index + 1}/04    Shop                 ${amount}`),
        ].join('\n'),
      ],
      {
        span: { from: '2024-04-01', to: '2024-04-30' },
      },
    );

  it('says by how much signed amounts are off, and checks nothing where none prints a sign', () => {
    expect(pdfArithmetic(table(['10.00', '-2.50']), { opening: 100, closing: 107.5 })).toEqual({ state: 'checked', transactions: 2 });
    expect(pdfArithmetic(table(['10.00', '-2.50']), { opening: 100, closing: 110 })).toEqual({ state: 'off', transactions: 2, offBy: 250 });
    // Unsigned: 100 - 10 - 2.50 may be what it prints; the reading cannot tell money out from money in.
    expect(pdfArithmetic(table(['10.00', '2.50']), { opening: 100, closing: 87.5 })).toEqual({
      state: 'not checked',
      why: 'Its amounts print no sign, so which are money out is not known.',
    });
    expect(pdfArithmetic(table(['10.00', '2.50']), { opening: 100, closing: 112.5 })).toEqual({ state: 'checked', transactions: 2 });
  });
});

describe('arithmeticWords', () => {
  it('says the check in plain words, with the formatter of amounts and days', () => {
    expect(arithmeticWords({ state: 'checked', transactions: 12 })).toBe('Read and checked: opening + 12 transactions = closing.');
    expect(arithmeticWords({ state: 'checked', transactions: 1 })).toBe('Read and checked: opening + 1 transaction = closing.');
    expect(arithmeticWords({ state: 'off', transactions: 3, offBy: -4510, row: 1, day: '2024-03-12' }, 'EUR')).toBe(
      'This statement does not add up: it is €45.10 off (first at the row of Mar 12, 2024).',
    );
    expect(arithmeticWords({ state: 'off', transactions: 3, offBy: 100 })).toBe('This statement does not add up: it is 1.00 off.');
    expect(arithmeticWords({ state: 'not checked', why: 'No transactions were read.' })).toBe('Not checked: no transactions were read.');
  });
});
