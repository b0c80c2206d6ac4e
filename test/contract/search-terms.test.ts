import fc from 'fast-check';
import { SEARCH_LIMITS, TERM_SOURCES, contentTerms, filingTerms, normalizeWord, parseQuery, wordTerms } from '../../contract';

/** A term fits a sort key `TERM|{term}|{id}`: no separator, no space or control character, 2 to 40 code units. */
const STORABLE = /^[^\s|#\p{Cc}]{2,40}$/u;

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

  test('its content: words with a letter, accents and case aside, first seen first, amounts and dates left out', () => {
    expect(contentTerms(['12/03/2024  PRÊT À MANGER  -4.50', 'Überweisung an Müller-Straße GmbH 1.234,00 EUR'])).toEqual([
      'pret',
      'manger',
      'uberweisung',
      'an',
      'muller',
      'strasse',
      'gmbh',
      'eur',
    ]);
  });

  test('a long word is cut, not dropped; the content cap holds across pieces', () => {
    expect(wordTerms('x'.repeat(100), { numbers: false })).toEqual(['x'.repeat(SEARCH_LIMITS.termChars)]);
    const words = Array.from({ length: SEARCH_LIMITS.contentTerms + 500 }, (_, index) => `w${index.toString(36)}a`);
    const terms = contentTerms([words.slice(0, 2000).join(' '), words.slice(1500).join(' ')]);
    expect(terms).toHaveLength(SEARCH_LIMITS.contentTerms);
    expect(terms.slice(0, 3)).toEqual(['w0a', 'w1a', 'w2a']);
  });

  test('every term of any text fits a sort key and is its own normal form', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.boolean(), (text, numbers) => {
        const statement = { fileName: text, accountLabel: text.slice(0, 20), period: '2024-03' };
        for (const term of [...wordTerms(text, { numbers }), ...filingTerms(statement).keys(), ...contentTerms([text])]) {
          expect(term).toMatch(STORABLE);
          // The period is stored as written ("2024-03"): the query reads periods to that form.
          if (term !== statement.period) expect(normalizeWord(term)).toBe(term);
        }
      }),
    );
  });
});

describe('what a person types', () => {
  test.each<[string, [string, boolean, string][]]>([
    ['March 2024', [['2024-03', false, 'period']]],
    ['Mar 24', [['2024-03', false, 'period']]],
    ['März 2024', [['2024-03', false, 'period']]],
    ['mars 2024', [['2024-03', false, 'period']]],
    ['2024 March', [['2024-03', false, 'period']]],
    ['2024-03', [['2024-03', false, 'period']]],
    ['2024/3', [['2024-03', false, 'period']]],
    ['03/2024', [['2024-03', false, 'period']]],
    ['2024', [['2024', true, 'period']]],
    ['march', [['march', true, 'word']]],
    [
      '13/2024',
      [
        ['13', true, 'word'],
        ['2024', true, 'period'],
      ],
    ],
    ['amaz', [['amaz', true, 'word']]],
    [
      'Visa gold visa',
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
    ['<script>|#', [['script', true, 'word']]],
    ['a', []],
    ['', []],
  ])('%s', (query, terms) => {
    expect(parseQuery(query).map(({ term, prefix, kind }) => [term, prefix, kind])).toEqual(terms);
  });

  test('at most six terms, from at most 200 characters', () => {
    expect(parseQuery('one two three four five six seven eight')).toHaveLength(SEARCH_LIMITS.queryTerms);
    expect(parseQuery(`${'x'.repeat(199)} hidden`)).toEqual([expect.objectContaining({ term: 'x'.repeat(SEARCH_LIMITS.termChars) })]);
  });

  test('any input parses, into storable terms', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (query) => {
        const terms = parseQuery(query);
        expect(terms.length).toBeLessThanOrEqual(SEARCH_LIMITS.queryTerms);
        for (const { term } of terms) expect(term).toMatch(/^[^\s|#\p{Cc}]{2,40}$/u);
      }),
    );
  });

  test('each word of a name, typed in any case and with or without its accents, or half typed, finds the name', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Relevé', 'Kontoauszug', 'März', 'Visa', 'statement', 'Straße', 'Crédit', 'Agricole', 'ING'), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.nat(),
        (words, cut) => {
          const stored = [...filingTerms({ fileName: words.join('_'), accountLabel: 'x', period: '2024-01' }).keys()];
          const typed = words.map((word, index) =>
            index === words.length - 1 ? word.slice(0, Math.max(2, cut % (word.length + 1))) : word,
          );
          for (const variant of [
            typed.join(' '),
            typed.join(' ').toUpperCase(),
            typed.join(' ').normalize('NFKD').replace(/\p{M}/gu, ''),
          ]) {
            for (const { term, prefix } of parseQuery(variant).filter(({ kind }) => kind === 'word'))
              expect(stored.some((storedTerm) => (prefix ? storedTerm.startsWith(term) : storedTerm === term))).toBe(true);
          }
        },
      ),
    );
  });
});
