import fc from 'fast-check';
import { CONTEXT_LIMITS, contentTermContexts, excerptAround } from '../../contract/search/context';
import { SEARCH_LIMITS, contentTerms } from '../../contract/search/terms';

describe('where a content word was first seen', () => {
  test("a PDF's page gives each word the line it is first on, not the page", () => {
    const page = 'Card statement\nOpening balance 1,204.50\n12/03/2024  QUETZALCOATL BAKERY LISBON  -12.40\nBakery again';
    const contexts = contentTermContexts([page]);
    expect(contexts.get('quetzalcoatl')).toEqual({ text: '12/03/2024 QUETZALCOATL BAKERY LISBON -12.40' });
    // First seen first: the second "bakery" line is not its context.
    expect(contexts.get('bakery')).toEqual({ text: '12/03/2024 QUETZALCOATL BAKERY LISBON -12.40' });
    expect(contexts.get('opening')).toEqual({ text: 'Opening balance 1,204.50' });
    // Numbers are not terms, so they have no context of their own.
    expect(contexts.has('1')).toBe(false);
  });

  test("a transaction's words carry its day and amount", () => {
    const contexts = contentTermContexts(
      ['DIRECT DEBIT THAMES WATER DDR', 'PRET A MANGER'],
      [
        { date: '2023-12-01', amount: '-38.99' },
        { date: '14/12/2023', amount: '-4.50' },
      ],
    );
    expect(contexts.get('thames')).toEqual({ text: 'DIRECT DEBIT THAMES WATER DDR', date: '2023-12-01', amount: '-38.99' });
    expect(contexts.get('manger')).toEqual({ text: 'PRET A MANGER', date: '14/12/2023', amount: '-4.50' });
  });

  test('a long line is cut around the word, with an ellipsis where it was cut', () => {
    const line = `${'lead '.repeat(40)}MARKER ${'tail '.repeat(40)}`;
    const excerpt = excerptAround(line, line.indexOf('MARKER'));
    expect([...excerpt].length).toBeLessThanOrEqual(CONTEXT_LIMITS.chars);
    expect(excerpt).toMatch(/^….*MARKER.*…$/);
    expect(excerpt.indexOf('MARKER')).toBeGreaterThanOrEqual(CONTEXT_LIMITS.before - 2);
    // Near the start: no ellipsis before.
    expect(excerptAround(`MARKER ${'tail '.repeat(40)}`, 0)).toMatch(/^MARKER.*…$/);
    // Near the end: the line's end is kept, no ellipsis after.
    const end = `${'lead '.repeat(40)}MARKER`;
    expect(excerptAround(end, end.indexOf('MARKER'))).toMatch(/^….*MARKER$/);
  });

  test('a cut never splits a character outside the BMP', () => {
    const line = `${'𠀋'.repeat(150)} word`;
    const excerpt = excerptAround(line, line.indexOf('word'));
    expect(excerpt).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(excerpt.endsWith('word')).toBe(true);
  });

  test('its terms are the content terms, in their order, and every context is a short line', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 300 }), { maxLength: 5 }), (pieces) => {
        const contexts = contentTermContexts(pieces);
        expect([...contexts.keys()]).toEqual(contentTerms(pieces));
        for (const { text } of contexts.values()) {
          expect([...text].length).toBeLessThanOrEqual(CONTEXT_LIMITS.chars);
          expect(text).not.toMatch(/[\r\n]/);
        }
      }),
    );
    const words = Array.from({ length: SEARCH_LIMITS.contentTerms + 10 }, (_, index) => `w${index.toString(36)}a`);
    expect(contentTermContexts([words.join('\n')]).size).toBe(SEARCH_LIMITS.contentTerms);
  });
});
