import { TRUTH_FIELDS } from '../corpus/model';
import {
  arithmeticScore,
  countsOf,
  outcomeOf,
  bankWords,
  raisedFloors,
  readFloors,
  scoreCorpus,
  scoreReport,
  wrongKey,
  wrongValues,
  type Scored,
} from '../../scripts/reading-scores';

/**
 * The readers on the corpus that looks like banks' statements (test/fixtures/corpus), scored
 * per field as `npm run score:reading` scores them. Every value the readers give is given as
 * read "from the file", so none may be wrong: the wrong values read when the corpus came are
 * listed in floors.json, each to be fixed, and no other may appear. Each field's right count
 * is a floor a change may raise (`npm run score:reading -- --raise-floors`) and never lower.
 */
let scored: Scored[];
beforeAll(() => {
  scored = scoreCorpus();
  process.stderr.write(scoreReport(scored));
}, 120_000);

describe('scoring', () => {
  test('a value read is right only where it is the truth; one the file does not print is wrong', () => {
    expect(outcomeOf('period', '2024-03', '2024-03')).toBe('right');
    expect(outcomeOf('period', '2024-02', '2024-03')).toBe('wrong');
    expect(outcomeOf('period', undefined, '2024-03')).toBe('not read');
    expect(outcomeOf('from', '2024-03-01', undefined)).toBe('wrong');
    expect(outcomeOf('from', undefined, undefined)).toBe('right');
    expect(outcomeOf('opening', 123456, 123456)).toBe('right');
    expect(outcomeOf('opening', -123456, 123456)).toBe('wrong');
  });

  test('a bank is its distinctive words, whatever legal line or case it is printed in', () => {
    expect(bankWords('FENWICK BANK LIMITED')).toBe(bankWords('Fenwick Bank'));
    expect(bankWords('Banco del Ebro, S.A.')).toBe(bankWords('Banco del Ebro'));
    expect(bankWords('Lakeshore Federal Bank, N.A.')).toBe(bankWords('Lakeshore Federal Bank'));
    expect(outcomeOf('bank', 'Fenwick Bank Limited', 'Fenwick Bank')).toBe('right');
    expect(outcomeOf('bank', 'Harborline Bank Primary Account Number', 'Harborline Bank')).toBe('wrong');
    expect(outcomeOf('bank', 'Bank', 'Fenwick Bank')).toBe('wrong');
  });
});

describe('the corpus', () => {
  test('every file is scored on every field', () => {
    expect(scored.length).toBeGreaterThanOrEqual(40);
    for (const { outcomes } of scored) expect(Object.keys(outcomes).sort()).toEqual([...TRUTH_FIELDS].sort());
  });

  test('no value is read wrong but those listed in floors.json, and none listed is read right now', () => {
    const floors = readFloors();
    const wrong = wrongValues(scored).map(({ file, field }) => wrongKey(file, field));
    // A new wrong value: a reader names something the file does not say.
    expect(wrong.filter((key) => !floors.wrong.includes(key))).toEqual([]);
    // A listed one no longer wrong: take it off the list (npm run score:reading -- --raise-floors).
    expect(floors.wrong.filter((key) => !wrong.includes(key))).toEqual([]);
  });

  test('each field reads right at least as often as floors.json records', () => {
    const { right } = readFloors();
    const counts = countsOf(scored);
    const below = TRUTH_FIELDS.filter((field) => counts[field].right < right[field]).map(
      (field) => `${field}: ${counts[field].right} < ${right[field]}`,
    );
    expect(below).toEqual([]);
    // Raising the floors from today's reading is refused for nothing.
    expect(raisedFloors(scored, readFloors()).refused).toEqual([]);
  });
});

describe("the statements' own arithmetic", () => {
  /** Files read and checked at this commit: a change may raise it, never lower it. */
  const CHECKED_FLOOR = 41;

  test('statements whose transactions table adds up are read and checked, and none with a wrong balance', () => {
    const score = arithmeticScore(scored);
    expect(score.checkedWrong).toEqual([]);
    expect(score.checked).toBeGreaterThanOrEqual(CHECKED_FLOOR);
    // Every statement of the corpus adds up as printed: an "off" is a misreading.
    expect(score.off).toBe(0);
  });
});
