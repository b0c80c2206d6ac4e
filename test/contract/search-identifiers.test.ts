import { identifierKeyOf, ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { contentTermContexts } from '../../contract/search/context';
import {
  IDENTIFIER_TERMS,
  identifierSpans,
  identifierTerms,
  identifiersIn,
  isIdentifierTerm,
  maskIdentifiers,
} from '../../contract/search/identifiers';
import { contentTerms, parseQuery, queryIdentifiers } from '../../contract/search/terms';
import { GROWTH_LIMIT } from '../support/growth-limit';

/**
 * Account numbers in what search keeps of a statement's text (contract/search/identifiers):
 * IBANs, card and account numbers are found however they are grouped, shown masked, and
 * hashed under the owner's key; amounts, dates, sort codes and short references are left
 * as they are printed.
 */
const kinds = (text: string) => identifierSpans(text).map(({ identifier }) => `${identifier.kind}:${identifier.value}`);

describe('IBANs', () => {
  test.each([
    ['IBAN: DE89 3704 0044 0532 0130 00', 'IBAN: DE89 •••• •••• •••• 3000', 'DE89370400440532013000'],
    ['IBAN DE89370400440532013000 EUR', 'IBAN DE89 •••• •••• •••• 3000 EUR', 'DE89370400440532013000'],
    ['from GB29 NWBK 6016 1331 9268 19 rent', 'from GB29 •••• •••• •••• 6819 rent', 'GB29NWBK60161331926819'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR14 •••• •••• •••• •••• 2606', 'FR1420041010050500013M02606'],
    ['Número de cuenta: ES91 2100 0418 4502 0005 1332', 'Número de cuenta: ES91 •••• •••• •••• •••• 1332', 'ES9121000418450200051332'],
    ['NL91ABNA0417164300', 'NL91 •••• •••• 4300', 'NL91ABNA0417164300'],
    ['BE68 5390 0754 7034', 'BE68 •••• •••• 7034', 'BE68539007547034'],
    ['CH93 0076 2011 6238 5295 7', 'CH93 •••• •••• •••• 2957', 'CH9300762011623852957'],
    // Typed in lower case, as a person may type it into the search box.
    ['de89 3704 0044 0532 0130 00', 'DE89 •••• •••• •••• 3000', 'DE89370400440532013000'],
  ])('%s', (text, masked, compact) => {
    expect(maskIdentifiers(text)).toBe(masked);
    expect(kinds(text)).toEqual([`iban:${compact}`]);
  });

  test('one with wrong check digits is no IBAN, and its digits are hidden all the same', () => {
    expect(kinds('DE00 3704 0044 0532 0130 00')).toEqual(['number:00370400440532013000']);
    expect(maskIdentifiers('DE00 3704 0044 0532 0130 00')).not.toMatch(/3704|0044|0532|0130/);
  });
});

describe('card and account numbers', () => {
  test.each([
    ['Card 4111 1111 1111 1111', 'Card •••• 1111', '4111111111111111'],
    ['Card 4111-1111-1111-1111 -12.50', 'Card •••• 1111 -12.50', '4111111111111111'],
    ['VISA 4111111111111111 12,50', 'VISA •••• 1111 12,50', '4111111111111111'],
    ['Amex 3782 822463 10005', 'Amex •••• 0005', '378282246310005'],
    ['Account Number: 000000123456789', 'Account Number: •••• 6789', '000000123456789'],
    ['N° de compte : 12345 67890 00012345678', 'N° de compte : •••• 5678', '123456789000012345678'],
    ['Sort code 20-00-00 account 12345678', 'Sort code 20-00-00 account •••• 5678', '12345678'],
    ['TRANSFER KTO12345678 RENT', 'TRANSFER KTO•••• 5678 RENT', '12345678'],
    // A shorter national number right after the phrase that names it.
    ['Kontonummer 1234567 1 204,55', 'Kontonummer •••• 4567 1 204,55', '1234567'],
    ['Konto-Nr.: 0532013', 'Konto-Nr.: •••• 2013', '0532013'],
  ])('%s', (text, masked, digits) => {
    expect(maskIdentifiers(text)).toBe(masked);
    expect(kinds(text)).toEqual([`number:${digits}`]);
  });

  test('decided: a phone number written nationally and a long reference are masked (nothing tells them from an account number)', () => {
    expect(maskIdentifiers('Call 0800 123 4567')).toBe('Call •••• 4567');
    expect(maskIdentifiers('AMZN Mktp 112-3456789-1234567')).toBe('AMZN Mktp •••• 4567');
  });
});

describe('what stays as printed', () => {
  test.each([
    // Amounts, with a decimal part, their thousands grouped by spaces, points or commas.
    'Solde créditeur au 29/02/2024 : 1 234,56 €',
    'Total 12 345 678,90 EUR',
    'Balance 12345678.90 and 1,234,567.89 and 1.234.567,89 and -950,00',
    // Dates however joined, a year and month, years side by side, a time.
    '2024-03-15 and 15 03 2024 and 03-15-2024 and 15.03.2024 and 03/15/2024',
    'Booked 20240315, valued 19991231',
    'Statement 2024-03 for 2023 2024 at 12:30:45',
    'Abrechnungszeitraum: 01.03.2024 - 31.03.2024',
    // A sort code, short references, a postcode, a phone number in international form.
    'Sort code 20-00-00',
    'Ref 1234567 Employee 4471 Kontoauszug Nr. 3/2024',
    '12 Sample Street, Springfield 12345',
    'Call +49 30 12345678',
    // An account already masked.
    'Card number **** **** **** 9912 and XXXXXX4821',
  ])('%s', (text) => {
    expect(identifierSpans(text)).toEqual([]);
    expect(maskIdentifiers(text)).toBe(text);
  });
});

describe('hashed terms', () => {
  const SECRET = 'a'.repeat(64);
  const ALICE = '11111111-1111-4111-8111-111111111111';
  const BOB = '22222222-2222-4222-8222-222222222222';

  test('a number gives one term however it is typed, unlike under another owner, and never the account key made with the same owner key', async () => {
    const key = await ownerIdentifierKey(SECRET, ALICE);
    const typings = ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', 'de89370400440532013000'];
    const terms = await Promise.all(
      typings.map(async (typed) => [...(await identifierTerms(key, identifiersIn([typed]).values())).values()]),
    );
    expect(new Set(terms.flat()).size).toBe(1);
    const [term] = terms[0];
    expect(isIdentifierTerm(term)).toBe(true);
    expect(term).toMatch(new RegExp(`^${IDENTIFIER_TERMS.marker}[A-Za-z0-9_-]{${IDENTIFIER_TERMS.chars}}$`));
    const bobs = await identifierTerms(await ownerIdentifierKey(SECRET, BOB), identifiersIn([typings[0]]).values());
    expect([...bobs.values()]).not.toContain(term);
    expect(term.slice(1)).not.toBe(
      (await identifierKeyOf(key, { kind: 'iban', value: 'DE89370400440532013000' })).slice(0, IDENTIFIER_TERMS.chars),
    );
    // A card number typed with or without its spaces: one term.
    const card = await identifierTerms(key, [
      ...identifiersIn(['4111 1111 1111 1111']).values(),
      ...identifiersIn(['4111111111111111']).values(),
    ]);
    expect(card.size).toBe(1);
  });

  test("a statement's content keeps the number only as its term, and its line masked; a query for it asks for that term", async () => {
    const key = await ownerIdentifierKey(SECRET, ALICE);
    const pieces = [
      'Hausbank AG\nIBAN: DE89 3704 0044 0532 0130 00\n05.03.2024 Miete -950,00 €',
      'SEPA GB29 NWBK 6016 1331 9268 19 HARBOR RENT',
    ];
    const terms = await identifierTerms(key, identifiersIn(pieces).values());
    const contexts = contentTermContexts(pieces, undefined, terms);
    const [iban, counterparty] = [...terms.values()];
    expect(contexts.get(iban)).toEqual({ text: 'IBAN: DE89 •••• •••• •••• 3000' });
    expect(contexts.get(counterparty)).toEqual({ text: 'SEPA GB29 •••• •••• •••• 6819 HARBOR RENT' });
    expect(contexts.get('miete')).toEqual({ text: '05.03.2024 Miete -950,00 €' });
    const stored = JSON.stringify([...contexts]);
    for (const clear of ['3704', '0044', '0532', '0130', 'nwbk', 'NWBK', '6016', '1331', '9268']) expect(stored).not.toContain(clear);
    // Its words are the content's words, with no part of a number among them.
    expect([...contexts.keys()].filter((term) => !isIdentifierTerm(term))).toEqual(contentTerms(pieces));
    expect(contentTerms(['KTO12345678 DE89370400440532013000'])).toEqual(['kto', 'de89']);

    for (const typed of ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000']) {
      const query = parseQuery(typed, await identifierTerms(key, queryIdentifiers(typed).values()));
      expect(query).toContainEqual({ term: iban, prefix: false, kind: 'identifier', typed: 'DE89 •••• •••• •••• 3000' });
      expect(query.map(({ term }) => term).join(' ')).not.toMatch(/3704|0044/);
    }
    // Without the owner's key nothing of the number is asked for, and nothing of it is a word.
    expect(parseQuery('4111 1111 1111 1111 bakery').map(({ term }) => term)).toEqual(['bakery']);
  });
});

describe('time', () => {
  /**
   * The least CPU time (this process's own, so another process on the cores costs it
   * nothing) of several maskings of each text, taken in turns. The texts are small enough to stay in the
   * processor's caches (a text of a megabyte is slower to read per character however linear
   * the work).
   */
  const leastTimes = (texts: string[]) => {
    const least = texts.map(() => Infinity);
    // The first of each is the compiler's: not counted.
    for (let run = -1; run < 8; run++)
      texts.forEach((text, index) => {
        const start = process.cpuUsage();
        for (let again = 0; again < 10; again++) maskIdentifiers(text);
        const used = process.cpuUsage(start);
        if (run >= 0) least[index] = Math.min(least[index], used.user + used.system);
      });
    return least;
  };

  test.each([
    ['digits joined by spaces', '1 '],
    ['IBAN starts that never complete', 'DE89 3704 '],
    ['one digit', '7'],
    ['dates side by side', '2024-03-15 '],
    ['amount-like groups', '1 234,5'],
    ['letters then digits', 'DE8'],
    ['card numbers', '4111 1111 1111 1111 '],
  ])('%s: four times the text takes at most eight times as long', (_name, unit) => {
    const texts = [4, 16].map((kib) => unit.repeat(Math.ceil((kib * 1024) / unit.length)));
    // Measured again, up to three times, while another process took the cores (quadratic work is sixteen times, every time).
    let ratio = Infinity;
    for (let measure = 0; measure < 3 && ratio >= GROWTH_LIMIT; measure++) {
      const [small, large] = leastTimes(texts);
      ratio = large / small;
    }
    expect(ratio).toBeLessThan(GROWTH_LIMIT);
  });
});
