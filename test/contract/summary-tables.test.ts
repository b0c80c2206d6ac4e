import { pdfBalanceReading, readTextBalances, textBalances } from '../../contract/reading/balances';
import { fieldItems, layoutText, type TextItem } from '../../contract/reading/layout';

/**
 * Balances in the layouts banks print them, from pdf.js's text items: a summary table of
 * six labels over six amounts, headings over two lines, amounts split by pdf.js, a count
 * between a label and its amount, a form's values, and the five languages' phrases.
 */

/** An item as pdf.js gives it, in Helvetica at 10 points (a character about 5 points wide). */
const item = (str: string, x: number, y: number): TextItem => ({ str, transform: [10, 0, 0, 10, x, y], width: str.length * 5, height: 10 });

/** A row of cells, each at its x, on one baseline. */
const row = (y: number, cells: [number, string][]) => cells.map(([x, str]) => item(str, x, y));

/** The balances of a page of items, as the layout lays it out. */
const balancesOf = (items: TextItem[]) => {
  const { opening, closing } = readTextBalances(layoutText(items));
  return { opening: opening?.value, closing: closing?.value };
};

test('six labels then six amounts: each balance is the figure under its own heading', () => {
  const labels = ['Previous balance', 'Payments', 'Credits', 'Purchases', 'Fees', 'New balance'];
  const amounts = ['2,145.67', '500.00', '12.30', '310.20', '7.50', '1,951.07'];
  // pdf.js's stream order: the row of labels, then the row of amounts.
  const items = [
    ...row(
      700,
      labels.map((label, index) => [40 + index * 90, label]),
    ),
    ...row(
      686,
      amounts.map((amount, index) => [40 + index * 90, amount]),
    ),
  ];
  expect(balancesOf(items)).toEqual({ opening: 2145.67, closing: 1951.07 });
  // Right-aligned figures under left-aligned headings still overlap them.
  const right = [
    ...row(
      700,
      labels.map((label, index) => [40 + index * 90, label]),
    ),
    ...amounts.map((amount, index) => item(amount, 40 + index * 90 + 80 - amount.length * 5, 686)),
  ];
  expect(balancesOf(right)).toEqual({ opening: 2145.67, closing: 1951.07 });
});

test('a heading over two lines ("Opening" / "balance", "BALANCE" / "B/F") gets the figure below it', () => {
  const items = [
    ...row(700, [
      [40, 'Opening'],
      [140, 'Money'],
      [240, 'Money'],
      [340, 'Closing'],
    ]),
    ...row(689, [
      [40, 'balance'],
      [140, 'in'],
      [240, 'out'],
      [340, 'balance'],
    ]),
    ...row(675, [
      [40, '1.204,55 €'],
      [140, '800,00 €'],
      [240, '1.024,45 €'],
      [340, '980,10 €'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: 1204.55, closing: 980.1 });
  const upper = [
    ...row(700, [
      [40, 'BALANCE'],
      [140, 'TOTAL'],
      [240, 'TOTAL'],
      [340, 'BALANCE'],
    ]),
    ...row(689, [
      [40, 'B/F'],
      [140, 'DEBITS'],
      [240, 'CREDITS'],
      [340, 'C/F'],
    ]),
    ...row(675, [
      [40, '£3,210.00'],
      [140, '£1,000.00'],
      [240, '£90.00'],
      [340, '£2,300.00'],
    ]),
  ];
  expect(balancesOf(upper)).toEqual({ opening: 3210, closing: 2300 });
});

test('an amount split by pdf.js, or printed "-$ 12,310.07", reads whole', () => {
  const items = [
    item('Opening balance', 40, 700),
    item('£82.', 250, 700),
    item('40', 270.5, 700),
    item('Closing balance', 40, 686),
    item('-$ 12,310.07', 250, 686),
  ];
  expect(balancesOf(items)).toEqual({ opening: 82.4, closing: -12310.07 });
});

test('a count between a label and its amount is passed over: the money is the balance', () => {
  const items = [
    ...row(700, [
      [40, 'Beginning Balance'],
      [250, '$8,000.00'],
    ]),
    ...row(686, [
      [40, 'Deposits and other credits'],
      [200, '3'],
      [250, '$1,200.00'],
    ]),
    ...row(672, [
      [40, 'Ending Balance'],
      [200, '21'],
      [250, '$7,310.44'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: 8000, closing: 7310.44 });
});

test('a heading with no figure below it reads nothing, and never a neighbour’s figure', () => {
  // "New balance" has an empty cell below: the figure to its left belongs to "Fees".
  const items = [
    ...row(700, [
      [40, 'Previous balance'],
      [200, 'Fees'],
      [360, 'New balance'],
    ]),
    ...row(686, [
      [40, '1,000.00'],
      [200, '5.00'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: 1000, closing: undefined });
});

test('a figure below is not looked for past another heading in its columns', () => {
  const items = [...row(700, [[40, 'Opening balance']]), ...row(686, [[40, 'Closing balance']]), ...row(672, [[40, '1,000.00']])];
  expect(balancesOf(items)).toEqual({ opening: undefined, closing: 1000 });
});

test('a separate Cr/Dr column signs the balance; parentheses and a unicode minus are negative', () => {
  const items = [
    ...row(700, [
      [40, 'Balance brought forward'],
      [300, '1,250.00'],
      [360, 'Dr'],
    ]),
    ...row(686, [
      [40, 'Balance carried forward'],
      [300, '(45.20)'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: -1250, closing: -45.2 });
  expect(
    balancesOf([
      ...row(700, [
        [40, 'Saldo anterior'],
        [300, '\u2212120,00'],
      ]),
    ]),
  ).toEqual({ opening: -120, closing: undefined });
});

test('a form field’s value beside its printed label is read as the label’s amount', () => {
  const printed = [item('Opening balance', 40, 500), item('Closing balance', 40, 470)];
  const fields = fieldItems(
    [
      { fieldType: 'Tx', fieldValue: '1,204.55', rect: [250, 495, 350, 513] },
      { fieldType: 'Tx', fieldValue: '1,234.56', rect: [250, 465, 350, 483] },
    ],
    printed,
  );
  expect(balancesOf([...printed, ...fields])).toEqual({ opening: 1204.55, closing: 1234.56 });
});

test.each([
  ['Balance forward $1,000.00\nStatement balance $1,250.00', 1000, 1250],
  ['Previous statement balance $1,000.00\nNew balance $1,250.00', 1000, 1250],
  ["Last month's balance £310.00\nTotal amount due £412.50", 310, 412.5],
  ['Previous balance S$ 2,000.00\nTotal outstanding balance S$ 2,450.10', 2000, 2450.1],
  ['Beginning value $10,000.00\nEnding value $10,512.33', 10000, 10512.33],
  ['Anfangssaldo 1.204,55 EUR\nEndsaldo 980,10 EUR', 1204.55, 980.1],
  ['Ancien solde 1 204,55 €\nSolde final 980,10 €', 1204.55, 980.1],
  ['Saldo inicial 1.204,55\nNuevo saldo 980,10', 1204.55, 980.1],
  ['Beginsaldo € 1.204,55\nEindsaldo € 980,10', 1204.55, 980.1],
  ['Vorig saldo 1.204,55\nNieuw saldo 980,10', 1204.55, 980.1],
  ['Oud saldo 1.204,55 Cr\nNieuw saldo 980,10 Dr', 1204.55, -980.1],
  ['Saldo Vormonat 412,90 €\nNeuer Saldo 1.000,67 €', 412.9, 1000.67],
  ['Solde précédent 180,50 €\nTotal à débiter 673,07 €', 180.5, 673.07],
  ['Saldo anterior 520,00 €\nSaldo pendiente 867,50 €', 520, 867.5],
])('"%s": its phrases, in its language', (text, opening, closing) => {
  expect(textBalances(text)).toEqual({ opening, closing, unread: [] });
});

test('a balance at a day opens the statement when that is the day before it, and closes it on its last', () => {
  const march = { from: '2024-03-01', to: '2024-03-31' };
  expect(textBalances('Balance at 29 February 2024   £1,000.00\nBalance at 31 March 2024   £1,200.00', march)).toEqual({
    opening: 1000,
    closing: 1200,
    unread: [],
  });
  expect(textBalances('Your balance on 1st March 2024 £1,000.00\nYour balance on 31st March 2024 £1,200.00', march)).toEqual({
    opening: 1000,
    closing: 1200,
    unread: [],
  });
  expect(textBalances('Kontostand am 29.02.2024 1.000,00 EUR\nKontostand am 31.03.2024 1.200,00 EUR', march)).toEqual({
    opening: 1000,
    closing: 1200,
    unread: [],
  });
});

test('a table heading row with both labels gives each its own figure; the last closing balance is the statement’s', () => {
  const text = [
    'Opening balance   Closing balance',
    '1,000.00          1,100.00',
    'Balance carried forward 1,050.00',
    'Closing balance   1,200.00',
  ].join('\n');
  expect(textBalances(text)).toMatchObject({ opening: 1000, closing: 1200 });
});

test('each balance says where it was read: page and line', () => {
  const pages = [
    'First Bank\nStatement period 01/03/2024 - 31/03/2024\nOpening balance\n1,000.00',
    'Transactions\nMore\nClosing balance   1,200.00',
  ];
  const { balances, sources } = pdfBalanceReading(pages);
  expect(balances).toMatchObject({ opening: 1000, closing: 1200, from: '2024-03-01', to: '2024-03-31' });
  expect(sources).toEqual({
    opening: { page: 1, line: 4, label: 'Opening balance', printed: '1,000.00' },
    closing: { page: 2, line: 3, label: 'Closing balance', printed: '1,200.00' },
  });
});

test('a card’s balance is what is owed, as printed; on a card "CR" is in the holder’s favour', () => {
  const text = ['Example Card Services', 'Credit card ending in 4821', 'Previous balance 310.00 CR', 'New balance 1,204.55'].join('\n');
  expect(pdfBalanceReading([text]).balances).toMatchObject({ opening: -310, closing: 1204.55 });
  // The same figures on a bank account: CR is money in the account.
  expect(textBalances('Previous balance 310.00 CR\nNew balance 1,204.55 DR')).toMatchObject({ opening: 310, closing: -1204.55 });
});

test('a figure to the right of another column’s words is that column’s, not the balance’s', () => {
  const items = [
    ...row(700, [
      [40, 'Opening balance'],
      [200, 'Total deposits'],
      [300, '500.00'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: undefined, closing: undefined });
  // Words joined to the label are its own: "Closing balance on 31 March 2024" is one cell.
  expect(
    balancesOf([
      ...row(700, [
        [40, 'Closing balance on 31 March 2024'],
        [300, '£1,234.56'],
      ]),
    ]),
  ).toEqual({ opening: undefined, closing: 1234.56 });
});

test('a figure set right in a wide column under a heading set left in it is the heading’s', () => {
  // Headings at the left of 150-point columns, figures at their right: no character of one is over the other.
  const items = [
    ...row(700, [
      [40, 'Opening balance'],
      [190, 'Paid in'],
      [340, 'Closing balance'],
    ]),
    ...row(686, [
      [140, '1,000.00'],
      [290, '50.00'],
      [440, '1,050.00'],
    ]),
  ];
  expect(layoutText(items).split('\n')[1].indexOf('1,000.00')).toBeGreaterThan('Opening balance'.length);
  expect(balancesOf(items)).toEqual({ opening: 1000, closing: 1050 });
});

test('a balance named inside a sentence is no heading: the figures below it are the table’s', () => {
  const items = [
    ...row(700, [[40, 'Please note that your closing balance includes items still pending on the day printed.']]),
    // The amount column stands under the words "closing balance".
    ...row(686, [
      [40, 'Date'],
      [150, 'Amount'],
      [250, 'Description'],
    ]),
    ...row(672, [
      [40, '02 Mar'],
      [150, '3.50'],
      [250, 'Coffee'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: undefined, closing: undefined });
});

test('a Cr/Dr column however far from the figure signs it', () => {
  const items = [
    ...row(700, [
      [40, 'Opening balance'],
      [250, '1,250.00'],
      [420, 'Dr'],
    ]),
    ...row(686, [
      [40, 'Closing balance'],
      [250, '2,000.00'],
      [420, 'CR'],
    ]),
  ];
  expect(balancesOf(items)).toEqual({ opening: -1250, closing: 2000 });
});

test('a balance by its day is not the closing one while a balance by a later day is printed', () => {
  // A period misread as one day (its heading row names the opening balance's day): the figures by the later day say so.
  const text = [
    'Statement period                    Balance at 1 Mar 2024',
    '1 Mar 2024 - 31 Mar 2024            £345.11',
    'Account number                      Balance at 31 Mar 2024',
    '66120934                            £2,263.26',
    '01/03   Balance at 1 Mar 2024                     £345.11',
    '27/03   Pharmacy               113.14            £2,263.26',
    '31/03   Balance at 31 Mar 2024                    £2,263.26',
  ].join('\n');
  const value = (span: { from: string; to: string }) => {
    const { opening, closing } = readTextBalances(text, span);
    return { opening: opening?.value, closing: closing?.value };
  };
  expect(value({ from: '2024-03-01', to: '2024-03-01' })).toEqual({ opening: 345.11, closing: undefined });
  expect(value({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ opening: 345.11, closing: 2263.26 });
  // A day that reads as no date says nothing of the period.
  const unread = readTextBalances('Saldo al 29/02/2024 1.000,00\nSaldo al 31/03/2024 1.200,00\nSaldo al 45/13/2024 9,99', {
    from: '2024-03-01',
    to: '2024-03-31',
  });
  expect([unread.opening?.value, unread.closing?.value]).toEqual([1000, 1200]);
});

test('a figure split by pdf.js after its decimal comma is one figure under its heading, never its cents alone', () => {
  const items = [
    ...row(700, [
      [100, 'Saldo'],
      [200, 'Total'],
      [300, 'Saldo'],
    ]),
    ...row(690, [
      [100, 'inicial'],
      [200, 'abonos'],
      [300, 'final'],
    ]),
    ...row(676, [
      [70, '10.400,'],
      [110, '00 €'],
      [180, '2.054,'],
      [215, '00 €'],
      [270, '12.173,'],
      [310, '34 €'],
    ]),
  ];
  expect(layoutText(items).split('\n')[2]).toMatch(/10\.400, 00 €/);
  expect(balancesOf(items)).toEqual({ opening: 10400, closing: 12173.34 });
});

test('a heading over two lines with another column’s heading set between them, or broken by a hyphen, gets its figure', () => {
  // A header row whose cells are centred in their height: the one-line headings stand between the two-line ones' lines.
  const centred = [
    ...row(700, [
      [100, 'Opening'],
      [300, 'Closing'],
    ]),
    ...row(693, [[200, 'Money in']]),
    ...row(686, [
      [100, 'balance'],
      [300, 'balance'],
    ]),
    ...row(672, [
      [95, '£15,000.00'],
      [200, '£1,559.32'],
      [295, '£15,841.05'],
    ]),
  ];
  expect(balancesOf(centred)).toEqual({ opening: 15000, closing: 15841.05 });
  const hyphenated = [
    ...row(700, [
      [100, 'Begin-'],
      [200, 'Bij'],
      [300, 'Eind-'],
    ]),
    ...row(690, [
      [100, 'saldo'],
      [300, 'saldo'],
    ]),
    ...row(676, [
      [95, '€ 8.500,00'],
      [195, '€ 2.016,01'],
      [290, '€ 10.319,71'],
    ]),
  ];
  expect(balancesOf(hyphenated)).toEqual({ opening: 8500, closing: 10319.71 });
  // Words between the two lines in their own columns make them two cells, not one heading.
  const crossed = [
    ...row(700, [[100, 'Opening']]),
    ...row(693, [[100, 'Fees and charges']]),
    ...row(686, [[100, 'balance']]),
    ...row(672, [[100, '£15,000.00']]),
  ];
  expect(balancesOf(crossed)).toEqual({ opening: undefined, closing: undefined });
});

test('a figure under a heading that is a piece of a longer figure reads nothing', () => {
  // pdf.js splits "10.400,00 €" after its thousands: "400,00 €" alone is not the balance.
  const items = [
    ...row(700, [
      [100, 'Saldo'],
      [300, 'Saldo'],
    ]),
    ...row(690, [
      [100, 'inicial'],
      [300, 'final'],
    ]),
    ...row(676, [
      [85, '10.'],
      [102, '400,00 €'],
      [290, '12.173,34 €'],
    ]),
  ];
  expect(layoutText(items).split('\n')[2]).toMatch(/10\. 400,00 €/);
  expect(balancesOf(items)).toEqual({ opening: undefined, closing: 12173.34 });
  // Beside its label too; a count before the figure is still passed over.
  const beside = textBalances('Saldo inicial 10. 400,00 €\nSaldo final 21 12.173,34 €');
  expect([beside.opening, beside.closing]).toEqual([undefined, 12173.34]);
});

test('a balance phrase that names another day than the period’s is not its opening or closing one', () => {
  const march = { from: '2024-03-01', to: '2024-03-31' };
  const text = [
    'Opening balance on 1 March 2024   £1,000.00',
    'Closing balance on 31 March 2024   £1,200.00',
    'New balance as of 5 April 2024   £1,250.00',
  ].join('\n');
  const { opening, closing } = readTextBalances(text, march);
  expect([opening?.value, closing?.value]).toEqual([1000, 1200]);
  const other = readTextBalances('Solde précédent au 15/01/2024   100,00 €\nNouveau solde au 31/03/2024   200,00 €', march);
  expect([other.opening?.value, other.closing?.value]).toEqual([undefined, 200]);
});
