import { amountsIn, readAmount } from '../../contract/reading/amounts';
import { parseAmount } from '../../contract/reading/transactions';

test('amounts as statements print them, in cents, with the currency printed beside them', () => {
  const cases: [string, number | undefined, string?][] = [
    ['£82. 40', 8240, '£'],
    ['-$ 12,310.07', -1231007, '$'],
    ['$-12.00', -1200, '$'],
    ['1,234.56 CR', 123456],
    ['1,234.56 DR', -123456],
    ['1,234.56Dr', -123456],
    ['(1,234.56)', -123456],
    ['(1.234,56) EUR DR', -123456, 'EUR'],
    ['\u22121,234.56', -123456],
    ['+1,234.56', 123456],
    ['1.234,56', 123456],
    ['1 234,56', 123456],
    ["1'234.56", 123456],
    ['1234,56', 123456],
    ['1.234,56 €', 123456, '€'],
    ['EUR 1.234,56', 123456, 'EUR'],
    ['S$ 2,000.00', 200000, 'S$'],
    ['A$1,000.00', 100000, 'A$'],
    ['12.50-', -1250],
    ['Miete', undefined],
    ['31/08/2023', undefined],
  ];
  for (const [text, cents, currency] of cases)
    expect([text, readAmount(text)?.cents, readAmount(text)?.currency]).toEqual([text, cents, currency]);
});

test('transactions read amounts with the same parser', () => {
  expect(parseAmount('£82. 40')).toBe(82.4);
  expect(parseAmount('-$ 12,310.07')).toBe(-12310.07);
  expect(readAmount('12.50')?.decimals).toBe(true);
  expect(readAmount('21')?.decimals).toBe(false);
});

/** The figures of a line that are money, as printed. */
const money = (line: string) =>
  amountsIn(line)
    .filter((one) => one.money)
    .map((one) => [one.printed, one.cents]);

test('in a line, money is what has decimals or a currency: a count, a year or a date is not', () => {
  expect(money('Ending Balance 21 $7,310.44')).toEqual([['$7,310.44', 731044]]);
  expect(money('Balance on 14.02.2022 of 2022 accounts')).toEqual([]);
  expect(money('Closing balance on 31 March 2024   £1,234.56')).toEqual([['£1,234.56', 123456]]);
  expect(money('Interest rate 2.50% p.a.')).toEqual([]);
  expect(money('Total  $1,250')).toEqual([['$1,250', 125000]]);
});

test('in a line, each amount keeps its columns, its sign and its split decimals', () => {
  const found = amountsIn('Opening   £82. 40   (1,000.00)   -$ 12,310.07   500.00 CR   1 234,56   250.00  Dr');
  expect(found.map((one) => [one.printed, one.cents])).toEqual([
    ['£82. 40', 8240],
    ['(1,000.00)', -100000],
    ['-$ 12,310.07', -1231007],
    ['500.00 CR', 50000],
    ['1 234,56', 123456],
    ['250.00  Dr', -25000],
  ]);
  const line = 'Opening   £82. 40';
  expect(line.slice(found[0].start, found[0].end)).toBe('£82. 40');
});

test('with a dot as the decimal, a count and an amount a space apart are two figures, not one', () => {
  expect(amountsIn('Ending Balance 21 310.44').map((one) => [one.printed, one.money])).toEqual([
    ['21', false],
    ['310.44', true],
  ]);
});

test('a currency printed after the figure is the figure’s: "1 234,56 $", "1 234,56 kr"', () => {
  expect(amountsIn('Solde  1 234,56 $').map((one) => [one.printed, one.cents, one.currency])).toEqual([['1 234,56 $', 123456, '$']]);
  expect(amountsIn('Saldo 1 234,56 kr').map((one) => [one.printed, one.cents, one.currency])).toEqual([['1 234,56 kr', 123456, 'kr']]);
});

test('a decimal comma split from its cents by pdf.js is one figure after grouped thousands or before a currency, never in a list', () => {
  const read = (line: string) => amountsIn(line).map((one) => [one.printed, one.cents, one.money]);
  expect(read('10.400, 00 €   280, 66 €   1 234, 56')).toEqual([
    ['10.400, 00 €', 1040000, true],
    ['280, 66 €', 28066, true],
    ['1 234, 56', 123456, true],
  ]);
  // A list of counts stays a list: no currency, no grouped thousands.
  expect(read('Seiten 3, 45 und 12, 15')).toEqual([
    ['3', 300, false],
    ['45', 4500, false],
    ['12', 1200, false],
    ['15', 1500, false],
  ]);
});
