import fc from 'fast-check';
import { AMOUNT_TERMS, amountTerm, amountTermOf, amountTermShown, isAmountTerm, typedAmount } from '../../contract/search/amounts';
import { amountTermContexts } from '../../contract/search/context';
import { parseQuery, type QueryTerm } from '../../contract/search/terms';

/**
 * Amounts in search: one term for an amount however a file prints it and however a person
 * types it (contract/search/amounts), read from a statement's transactions and PDF lines
 * with where each was seen, and from a query beside its words and periods.
 */

const summary = (terms: QueryTerm[]) => terms.map(({ term, prefix, kind, or }) => [term, prefix, kind, ...(or ? [or.term] : [])]);

describe('an amount printed and an amount typed are one term', () => {
  test.each([
    '17,120.00',
    '17120.00',
    '17120,00',
    '17 120,00',
    '17.120,00',
    "17'120.00",
    '-17,120.00',
    '17,120.00-',
    '(17,120.00)',
    '$17,120.00',
    '€17.120,00',
    '17.120,00 EUR',
    '17,120.00 CR',
  ])('%s is =1712000 in a file and in the box', (written) => {
    expect(amountTermOf(written)).toBe('=1712000');
    expect(typedAmount(written)).toEqual({ term: '=1712000', bare: false });
  });

  test('digits alone are whole units, and said to be bare; a separator typed last is read without it', () => {
    expect(typedAmount('17120')).toEqual({ term: '=1712000', bare: true });
    expect(typedAmount('17,120')).toEqual({ term: '=1712000', bare: false });
    expect(typedAmount('17.120')).toEqual({ term: '=1712000', bare: false });
    expect(typedAmount('17,120.')).toEqual({ term: '=1712000', bare: false });
    expect(typedAmount('4210,5')).toEqual({ term: '=421050', bare: false });
    expect(typedAmount('4,210.55')).toEqual({ term: '=421055', bare: false });
    expect(typedAmount('-4,210.55')).toEqual({ term: '=421055', bare: false });
  });

  test.each(['15.03.2024', '2024-03', '03/2024', '10-20', '1.2345', '17,120,00', 'abc', '12 abc', '1 2 3', ''])(
    '%j is no amount typed',
    (typed) => {
      expect(typedAmount(typed)).toBeUndefined();
    },
  );

  test('a term holds the absolute cents behind its marker, and shows as an amount', () => {
    expect([amountTerm(-421055), amountTerm(421055)]).toEqual(['=421055', '=421055']);
    expect(isAmountTerm('=421055')).toBe(true);
    expect(isAmountTerm('amazon')).toBe(false);
    expect(amountTermShown('=1712000')).toBe('17,120.00');
    expect(amountTermShown('amazon')).toBe('amazon');
  });

  test('any amount in cents, printed as banks print it, is the term typed the same way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), fc.boolean(), (cents, negative) => {
        const whole = Math.floor(cents / 100);
        const decimals = String(cents % 100).padStart(2, '0');
        const grouped = (separator: string) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
        const sign = negative ? '-' : '';
        for (const printed of [`${sign}${grouped(',')}.${decimals}`, `${sign}${grouped('.')},${decimals}`, `${sign}${whole}.${decimals}`]) {
          expect(amountTermOf(printed)).toBe(`=${cents}`);
          expect(typedAmount(printed)?.term).toBe(`=${cents}`);
        }
      }),
    );
  });
});

describe('a query with amounts', () => {
  test.each<[string, unknown[][]]>([
    ['17,120.00', [['=1712000', false, 'amount']]],
    ['17 120,00', [['=1712000', false, 'amount']]],
    ['17.120,00', [['=1712000', false, 'amount']]],
    ['-4,210.55', [['=421055', false, 'amount']]],
    ['$4,210.55', [['=421055', false, 'amount']]],
    ['4210.55 EUR', [['=421055', false, 'amount']]],
    // A whole number is a word's start and, in its place, an amount of as many whole units.
    ['17120', [['17120', true, 'word', '=1712000']]],
    [
      'rent 650',
      [
        ['rent', true, 'word'],
        ['650', true, 'word', '=65000'],
      ],
    ],
    // Two numbers a space joins, without decimals, stay two.
    [
      '650 120',
      [
        ['650', true, 'word', '=65000'],
        ['120', true, 'word', '=12000'],
      ],
    ],
    // A year is a period, and an amount too.
    ['2024', [['2024', true, 'period', '=202400']]],
    [
      'salary 2,100.00',
      [
        ['salary', true, 'word'],
        ['=210000', false, 'amount'],
      ],
    ],
    // A month's name before an amount is a word: the amount's first digits are no year.
    [
      'March 17,120.00',
      [
        ['march', true, 'word'],
        ['=1712000', false, 'amount'],
      ],
    ],
    [
      'March 2024 4,210.55',
      [
        ['2024-03', false, 'period'],
        ['=421055', false, 'amount'],
      ],
    ],
    // Dates and periods written in numbers stay as they were.
    ['2024-03', [['2024-03', false, 'period']]],
    ['03/2024', [['2024-03', false, 'period']]],
    [
      '15.03.2024',
      [
        ['15', true, 'word'],
        ['03', true, 'word'],
        ['2024', true, 'period'],
      ],
    ],
    ['ref17120', [['ref17120', true, 'word']]],
    ['0.00', []],
  ])('%j is read as %j', (query, terms) => {
    expect(summary(parseQuery(query))).toEqual(terms);
  });

  test('each key typed on the way to an amount asks for something, and the last for the amount', () => {
    const typed = '17,120.00';
    const asked = [...typed].map((_, index) => summary(parseQuery(typed.slice(0, index + 1))));
    expect(asked.at(-1)).toEqual([['=1712000', false, 'amount']]);
    expect(asked[2]).toEqual([['17', true, 'word', '=1700']]);
    expect(asked[5]).toEqual([['=1712000', false, 'amount']]);
  });

  test('an amount typed is shown as typed', () => {
    expect(parseQuery('rent 17 120,00 €').map(({ typed }) => typed)).toEqual(['rent', '17 120,00']);
  });
});

describe("a statement's amounts, with where each was seen", () => {
  test("a transaction's amount is kept with its description, day and amount as the file writes it", () => {
    const contexts = amountTermContexts(
      ['ACME LTD SALARY BGC', 'THAMES WATER DDR', 'Interest'],
      [
        { date: '2023-12-01', amount: '2100.00', value: 2100 },
        { date: '2023-12-01', amount: '-38.99' },
        { date: '2023-12-31', amount: '1.234', value: 1234 },
      ],
    );
    expect(Object.fromEntries(contexts)).toEqual({
      '=210000': { text: 'ACME LTD SALARY BGC', date: '2023-12-01', amount: '2100.00' },
      '=3899': { text: 'THAMES WATER DDR', date: '2023-12-01', amount: '-38.99' },
      // The reader's value decides (its column's decimal separator is the comma), not the lone figure.
      '=123400': { text: 'Interest', date: '2023-12-31', amount: '1.234' },
    });
  });

  test("a PDF line's figures of money are its amounts, with the line; counts, years and account numbers are not", () => {
    const contexts = amountTermContexts([
      'Card statement 2024\nOpening balance 1,204.50\n12/03/2024  QUETZALCOATL BAKERY LISBON  -12.40\nAccount 4111 1111 1111 1111  3 items',
    ]);
    expect(Object.fromEntries(contexts)).toEqual({
      '=120450': { text: 'Opening balance 1,204.50' },
      '=1240': { text: '12/03/2024 QUETZALCOATL BAKERY LISBON -12.40' },
    });
  });

  test(`at most ${AMOUNT_TERMS.perStatement} amounts are kept, first seen first, each once`, () => {
    const lines = Array.from({ length: AMOUNT_TERMS.perStatement + 50 }, (_, index) => `Payment ${index + 1}.00`);
    const contexts = amountTermContexts([lines.join('\n'), 'Again 1.00']);
    expect(contexts.size).toBe(AMOUNT_TERMS.perStatement);
    expect(contexts.get('=100')).toEqual({ text: 'Payment 1.00' });
  });
});
