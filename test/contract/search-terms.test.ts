import fc from 'fast-check';
import {
  SEARCH_LIMITS,
  TERM_SOURCES,
  contentTerms,
  filingTerms,
  normalizeWord,
  parseQuery,
  wordTerms,
  type QueryTerm,
} from '../../contract';
import { monthFromName } from '../../contract/reading/dates';

/**
 * The search index's words: what a statement gives it, and what a person's query asks of it.
 * A term lives in a sort key `TERM|{term}|{id}`, so every term must be storable there, and a
 * query must find what was stored however the person types it.
 */

/** No separator, no space or control character, 2 to 40 characters... */
const STORABLE = /^[^\s|#\p{Cc}]{2,40}$/u;
/** ...and 40 UTF-16 code units (a character outside the BMP is two), with no surrogate left unpaired. */
const storable = (term: string) => STORABLE.test(term) && term.length <= SEARCH_LIMITS.termChars && !/\p{Cs}/u.test(term);

/** Words of the languages statements are in, as a name may hold them, decomposed accents and stray punctuation included. */
const LATIN = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàâäáåæçéèêëíîïñóôöøœßúùûüÿÀÄÉÈÎÖÜÇÑẞ0123456789',
  'e\u0301',
  "'",
  '&',
];
const latinWord = fc.string({ unit: fc.constantFrom(...LATIN), minLength: 1, maxLength: 12 });

const summary = (terms: QueryTerm[]) => terms.map(({ term, prefix, kind }) => [term, prefix, kind]);

/** What the index holds a query term against (the resolver's rule). */
const finds = ({ term, prefix }: QueryTerm, stored: Iterable<string>) =>
  [...stored].some((storedTerm) => (prefix ? storedTerm.startsWith(term) : storedTerm === term));

describe('one word', () => {
  test.each([
    ['Été', 'ete'],
    ['ÉTÉ', 'ete'],
    ['Überweisung', 'uberweisung'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['Crédit', 'credit'],
    ['Ma\u0308rz', 'marz'], // decomposed, as a Mac writes file names
    ['ﬁnance', 'finance'], // a ligature
    ['２０２４', '2024'], // full-width digits
    ['Müller-Straße', 'mullerstrasse'], // what is not a letter or digit goes
  ])('%s is %s', (word, term) => expect(normalizeWord(word)).toBe(term));

  test('a long word is cut to 40 code units, never between the halves of a character', () => {
    expect(normalizeWord('Überweisungsauftragsbestätigungsschreibenkopie')).toBe('uberweisungsauftragsbestatigungsschreibe');
    // 𠀀 is a letter outside the BMP: two code units each, so twenty fit.
    expect(normalizeWord('𠀀'.repeat(50))).toBe('𠀀'.repeat(20));
    expect(normalizeWord(`a${'𠀀'.repeat(50)}`)).toBe(`a${'𠀀'.repeat(19)}`);
  });

  test('every character normalises to letters and digits that normalise to themselves', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const term = normalizeWord(String.fromCodePoint(code));
      if (!/^[\p{L}\p{N}]*$/u.test(term) || normalizeWord(term) !== term) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});

describe('what a statement gives the index', () => {
  test('its filing: name words with numbers, account words, the period and its year', () => {
    expect(filingTerms({ fileName: 'Visa statement2024-03.pdf', accountLabel: 'Visa ••1234', period: '2024-03' })).toEqual(
      new Map([
        ['visa', TERM_SOURCES.name | TERM_SOURCES.account],
        ['statement2024', TERM_SOURCES.name],
        ['statement', TERM_SOURCES.name],
        ['2024', TERM_SOURCES.name | TERM_SOURCES.period],
        ['03', TERM_SOURCES.name],
        ['pdf', TERM_SOURCES.name],
        ['1234', TERM_SOURCES.account],
        ['2024-03', TERM_SOURCES.period],
      ]),
    );
  });

  test('a name written decomposed gives the words written composed; a period not YYYY-MM gives nothing', () => {
    const terms = filingTerms({ fileName: 'Kontoauszug_Ma\u0308rz_2024.pdf', accountLabel: 'Giro', period: '' });
    expect([...terms.keys()]).toEqual(['kontoauszug', 'marz', '2024', 'pdf', 'giro']);
  });

  test('numbers: a name keeps them, content drops them, a word of both is kept either way', () => {
    expect(wordTerms('Rechnung 0315 ab12 4,50', { numbers: true })).toEqual(['rechnung', '0315', 'ab12', 'ab', '12', '50']);
    expect(wordTerms('Rechnung 0315 ab12 4,50', { numbers: false })).toEqual(['rechnung', 'ab12']);
    expect(wordTerms('a b 1 cd', { numbers: true })).toEqual(['cd']);
    expect(wordTerms('one two three four', { numbers: false, max: 2 })).toEqual(['one', 'two']);
  });

  test('its content: words with a letter, accents and case aside, first seen first, amounts and dates left out', () => {
    expect(contentTerms(['12/03/2024  PRÊT À MANGER  -4.50', 'Überweisung an Müller-Straße GmbH 1.234,00 EUR', 'pret'])).toEqual([
      'pret',
      'manger',
      'uberweisung',
      'an',
      'muller',
      'strasse',
      'gmbh',
      'eur',
    ]);
    // Pieces do not run together: the last word of one and the first of the next stay two.
    expect(contentTerms(['Amazon', 'Marketplace'])).toEqual(['amazon', 'marketplace']);
  });

  test('a long word is cut, not dropped; the content cap holds across pieces, first seen first', () => {
    expect(wordTerms('x'.repeat(100), { numbers: false })).toEqual(['x'.repeat(SEARCH_LIMITS.termChars)]);
    const words = Array.from({ length: SEARCH_LIMITS.contentTerms + 500 }, (_, index) => `w${index.toString(36)}a`);
    const terms = contentTerms([words.slice(0, 2000).join(' '), words.slice(1500).join(' ')]);
    expect(terms).toEqual(words.slice(0, SEARCH_LIMITS.contentTerms));
  });

  test('hostile text gives only storable words', () => {
    const text = `<script>alert("x|y#z")</script> 💳🏦 ${'|#'.repeat(5000)} ${'ab'.repeat(5000)}\u0000\u200b`;
    expect(wordTerms(text, { numbers: true })).toEqual(
      ['script', 'alert', 'x', 'y', 'z', 'ab'.repeat(20)].filter((term) => term.length > 1),
    );
  });

  test('every term of any text fits a sort key and is its own normal form', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.boolean(), (text, numbers) => {
        const statement = { fileName: text, accountLabel: text.slice(0, 20), period: '2024-03' };
        for (const term of [...wordTerms(text, { numbers }), ...filingTerms(statement).keys(), ...contentTerms([text, text])]) {
          expect(storable(term)).toBe(true);
          // The period is stored as written ("2024-03"): the query reads periods to that form.
          if (term !== statement.period) expect(normalizeWord(term)).toBe(term);
        }
      }),
    );
  });
});

describe('what a person types', () => {
  test.each<[string, [string, boolean, string][]]>([
    // Periods, as people write them.
    ['March 2024', [['2024-03', false, 'period']]],
    ['march 2024', [['2024-03', false, 'period']]],
    ['Mar 2024', [['2024-03', false, 'period']]],
    ['Mar 24', [['2024-03', false, 'period']]],
    ['März 2024', [['2024-03', false, 'period']]],
    ['MÄRZ 2024', [['2024-03', false, 'period']]],
    ['Marz 2024', [['2024-03', false, 'period']]],
    ['Mrz. 2024', [['2024-03', false, 'period']]],
    ['mars 2024', [['2024-03', false, 'period']]],
    ['février 2024', [['2024-02', false, 'period']]],
    ['fevrier 2024', [['2024-02', false, 'period']]],
    ['déc. 2023', [['2023-12', false, 'period']]],
    ['maart 2024', [['2024-03', false, 'period']]],
    ['gennaio 2024', [['2024-01', false, 'period']]],
    ['2024 March', [['2024-03', false, 'period']]],
    ['2024-03', [['2024-03', false, 'period']]],
    ['2024/03', [['2024-03', false, 'period']]],
    ['2024/3', [['2024-03', false, 'period']]],
    ['03/2024', [['2024-03', false, 'period']]],
    ['3/2024', [['2024-03', false, 'period']]],
    ['03-2024', [['2024-03', false, 'period']]],
    ['２０２４-03', [['2024-03', false, 'period']]],
    ['2024', [['2024', true, 'period']]],
    // Not periods.
    ['march', [['march', true, 'word']]],
    [
      '2024 03',
      [
        ['2024', true, 'period'],
        ['03', true, 'word'],
      ],
    ],
    [
      '13/2024',
      [
        ['13', true, 'word'],
        ['2024', true, 'period'],
      ],
    ],
    [
      '00/2024',
      [
        ['00', true, 'word'],
        ['2024', true, 'period'],
      ],
    ],
    [
      '2024-13',
      [
        ['2024', true, 'period'],
        ['13', true, 'word'],
      ],
    ],
    [
      '15/03/2024',
      [
        ['15', true, 'word'],
        ['03', true, 'word'],
        ['2024', true, 'period'],
      ],
    ],
    [
      '1850 March',
      [
        ['1850', true, 'word'],
        ['march', true, 'word'],
      ],
    ],
    // Words among periods, in the order typed.
    [
      'Visa March 2024 amaz',
      [
        ['visa', true, 'word'],
        ['2024-03', false, 'period'],
        ['amaz', true, 'word'],
      ],
    ],
    [
      'March 2024-03',
      [
        ['march', true, 'word'],
        ['2024-03', false, 'period'],
      ],
    ],
    [
      'Visa gold visa VISA',
      [
        ['visa', true, 'word'],
        ['gold', true, 'word'],
      ],
    ],
    [
      'Été Straße',
      [
        ['ete', true, 'word'],
        ['strasse', true, 'word'],
      ],
    ],
    // Hostile input.
    ['<script>|#', [['script', true, 'word']]],
    [
      '<script>alert(1)</script>',
      [
        ['script', true, 'word'],
        ['alert', true, 'word'],
      ],
    ],
    ['💳 visa 🏦', [['visa', true, 'word']]],
    [
      'TERM|visa|01J#x',
      [
        ['term', true, 'word'],
        ['visa', true, 'word'],
        ['01j', true, 'word'],
      ],
    ],
    ['a', []],
    ['', []],
  ])('%s', (query, terms) => {
    expect(summary(parseQuery(query))).toEqual(terms);
  });

  test('each term says what it was read from, as typed', () => {
    expect(parseQuery('Kontoauszug März, 2024 2024/3 Été').map(({ typed }) => typed)).toEqual(['Kontoauszug', 'März, 2024', 'Été']);
  });

  test('a half-typed last word still matches what it begins', () => {
    const stored = filingTerms({ fileName: 'Kontoauszug_März_2024.pdf', accountLabel: 'Amazon Visa', period: '2024-03' }).keys();
    const storedTerms = [...stored];
    for (const query of ['Kontoaus', 'Amaz', 'amazon vi', 'März 202', '2024-0', 'Kontoauszug 2024 m'])
      for (const term of parseQuery(query)) expect(finds(term, storedTerms)).toBe(true);
  });

  test('at most six terms, in the order typed, from at most 200 characters', () => {
    expect(parseQuery('one two three four five six seven eight').map(({ term }) => term)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    expect(parseQuery('a1 b2 c3 d4 e5 f6 2024-03').map(({ term }) => term)).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6']);
    expect(summary(parseQuery(`${'x'.repeat(199)} hidden`))).toEqual([['x'.repeat(SEARCH_LIMITS.termChars), true, 'word']]);
    expect(parseQuery(`${'|#'.repeat(5000)} visa`)).toEqual([]);
  });

  test('any input parses, into at most six storable terms', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (query) => {
        const terms = parseQuery(query);
        expect(terms.length).toBeLessThanOrEqual(SEARCH_LIMITS.queryTerms);
        for (const { term } of terms) expect(storable(term)).toBe(true);
      }),
    );
  });

  test('a period, however written, asks for the term its statements are filed under', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.nat(), (year, month, form) => {
        const period = `${year}-${String(month).padStart(2, '0')}`;
        const names = [
          'january',
          'february',
          'march',
          'april',
          'may',
          'june',
          'july',
          'august',
          'september',
          'october',
          'november',
          'december',
        ];
        const name = names[month - 1];
        const mm = String(month).padStart(2, '0');
        const written = [`${year}-${mm}`, `${year}/${month}`, `${mm}/${year}`, `${month}-${year}`, `${name} ${year}`, `${year} ${name}`];
        if (year >= 2000) written.push(`${name.slice(0, 3)} ${String(year).slice(2)}`);
        const terms = parseQuery(written[form % written.length]);
        expect(summary(terms)).toEqual([[period, false, 'period']]);
        expect(finds(terms[0], filingTerms({ fileName: 'x', accountLabel: 'y', period }).keys())).toBe(true);
      }),
    );
  });

  test('each word of a name, typed in any case and with or without its accents, or half typed, finds the name', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(
              'Relevé',
              'Kontoauszug',
              'März',
              'Visa',
              'statement2024',
              'Straße',
              'Crédit',
              'Agricole',
              'ING',
              'Überweisung',
              '0315',
            ),
            latinWord,
          ),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom('_', ' ', '-', '.'),
        fc.nat(),
        (words, separator, cut) => {
          const stored = [...filingTerms({ fileName: `${words.join(separator)}.pdf`, accountLabel: 'x', period: '2024-01' }).keys()];
          const typed = words.map((word, index) =>
            index === words.length - 1 ? [...word].slice(0, Math.max(2, cut % (word.length + 1))).join('') : word,
          );
          for (const variant of [typed.join(' '), typed.join(' ').toUpperCase(), typed.join(' ').normalize('NFD').replace(/\p{M}/gu, '')]) {
            for (const term of parseQuery(variant).filter(({ kind }) => kind === 'word')) expect(finds(term, stored)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('month names', () => {
  test('each accented name also reads without its accents, as search looks it up', () => {
    for (const name of ['jänner', 'jän', 'février', 'févr', 'fév', 'märz', 'mär', 'août', 'décembre', 'déc']) {
      expect(monthFromName(name)).toBeDefined();
      expect(monthFromName(normalizeWord(name))).toBe(monthFromName(name));
    }
  });
});
