import fc from 'fast-check';
import { addDays, expectedStatements, MISSED_IN_A_ROW, type ExpectationStatement } from '../../contract/accounts/expected';
import { learnedWords, lateWords, nextWords, ordinalDay, stoppedWords } from '../../contract/accounts/expected-words';
import { lastDayOfMonth } from '../../contract/accounts/chain';
import { monthIndex, periodOfIndex } from '../../contract/accounts/schedule';

/** Monthly statements from `from`, each ending on `endDay` (or the month's last day) and filed `arrival` days later. */
const monthly = (from: string, count: number, endDay: number | 'last', arrival?: number, step = 1): ExpectationStatement[] =>
  Array.from({ length: count }, (_, index) => {
    const period = periodOfIndex(monthIndex(from) + index * step);
    const last = lastDayOfMonth(Number(period.slice(0, 4)), Number(period.slice(5)));
    const to = endDay === 'last' ? last : `${period}-${String(endDay).padStart(2, '0')}`;
    return { period, to, filedAt: arrival === undefined ? undefined : `${addDays(to, arrival)}T09:30:00.000Z` };
  });

describe('when the next statement is expected', () => {
  test('learned from the days statements end and arrive: a month after the newest, its usual lag later', () => {
    const expected = expectedStatements(monthly('2026-01', 10, 15, 1), {}, '2026-11-02');
    expect(expected).toMatchObject({
      cadence: 'MONTHLY',
      late: [],
      next: { period: '2026-11', endsOn: '2026-11-15', expectedOn: '2026-11-16', lateOn: '2026-11-23' },
      learned: { endDay: 15, endDays: 10, arrivalDays: 1, arrivals: 10 },
    });
    expect(nextWords(expected!.next!)).toBe('Next statement expected around Nov 16, 2026 (for Nov 2026).');
    expect(learnedWords(expected!)).toBe(
      'Its statements end around the 15th. They usually arrive 1 day later. A statement counts as late 7 days after its usual day.',
    );
  });

  test("the account's own grace days, as the person set them, say when a statement is late", () => {
    const expected = expectedStatements(monthly('2026-01', 10, 15, 1), { graceDays: 14 }, '2026-11-02');
    expect(expected?.next).toMatchObject({ expectedOn: '2026-11-16', lateOn: '2026-11-30' });
    expect(learnedWords(expected!)).toMatch(/A statement counts as late 14 days after its usual day\.$/);
    // Past the default's day and within the account's own: not late yet.
    expect(expectedStatements(monthly('2026-01', 10, 15, 1), { graceDays: 14 }, '2026-11-25')?.late).toEqual([]);
    expect(expectedStatements(monthly('2026-01', 10, 15, 1), {}, '2026-11-25')?.late).toHaveLength(1);
  });

  test("statements that end on a month's last day keep to it, February included", () => {
    const expected = expectedStatements(monthly('2025-10', 4, 'last', 3), {}, '2026-02-10');
    expect(expected?.learned).toMatchObject({ endDay: 'last', arrivalDays: 3 });
    expect(expected?.next).toEqual({ period: '2026-02', endsOn: '2026-02-28', expectedOn: '2026-03-03', lateOn: '2026-03-10' });
    expect(learnedWords(expected!)).toMatch(/^Its statements end on the last day of the month\. They usually arrive 3 days later\./);
  });

  test('a day past the short month is its last day (the 30th in February is Feb 28)', () => {
    const expected = expectedStatements(monthly('2025-10', 3, 30, 0), {}, '2026-01-05');
    expect(expected?.next?.endsOn).toBe('2026-01-30');
    expect(expectedStatements(monthly('2025-11', 3, 30, 0), {}, '2026-02-05')?.next?.endsOn).toBe('2026-02-28');
  });

  test('arrivals long after the last day (an archive filed at once) teach nothing of when they come', () => {
    const archive = monthly('2025-01', 12, 'last').map((statement) => ({ ...statement, filedAt: '2026-11-20T10:00:00.000Z' }));
    const expected = expectedStatements(archive, {}, '2026-01-03');
    expect(expected?.learned).toMatchObject({ arrivals: 0, arrivalDays: undefined });
    expect(expected?.next).toMatchObject({ period: '2026-01', expectedOn: '2026-01-31' });
    expect(learnedWords(expected!)).toContain('When they arrive is not known yet.');
  });

  test('no last day read: the end of the month is taken, and the words say so', () => {
    const expected = expectedStatements(
      ['2026-07', '2026-08', '2026-09'].map((period) => ({ period })),
      {},
      '2026-10-10',
    );
    expect(expected?.next).toMatchObject({ period: '2026-10', endsOn: '2026-10-31' });
    expect(learnedWords(expected!)).toMatch(/^Its statements do not say their last day, so the month's end is used\./);
  });

  test('a statement that ends in the month after its period keeps that offset', () => {
    // 16 Aug – 15 Sep filed as August, and so on.
    const statements = ['2026-06', '2026-07', '2026-08'].map((period) => ({
      period,
      to: `${periodOfIndex(monthIndex(period) + 1)}-15`,
      filedAt: `${periodOfIndex(monthIndex(period) + 1)}-17T08:00:00Z`,
    }));
    expect(expectedStatements(statements, {}, '2026-09-20')?.next).toEqual({
      period: '2026-09',
      endsOn: '2026-10-15',
      expectedOn: '2026-10-17',
      lateOn: '2026-10-24',
    });
  });

  test('quarterly and yearly step by their months', () => {
    expect(expectedStatements(monthly('2025-03', 4, 'last', 2, 3), {}, '2026-03-01')?.next).toMatchObject({
      period: '2026-03',
      endsOn: '2026-03-31',
    });
    expect(expectedStatements(monthly('2022-12', 4, 'last', 5, 12), {}, '2026-03-01')?.next).toMatchObject({
      period: '2026-12',
      expectedOn: '2027-01-05',
    });
  });
});

describe('what is expected of no account', () => {
  test('irregular, unknown (too few statements, nothing said) and empty accounts expect nothing', () => {
    expect(expectedStatements(monthly('2026-01', 6, 'last', 1), { cadence: 'IRREGULAR' }, '2026-11-01')).toBeUndefined();
    expect(expectedStatements(monthly('2026-01', 2, 'last', 1), {}, '2026-11-01')).toBeUndefined();
    expect(expectedStatements([], { cadence: 'MONTHLY' }, '2026-11-01')).toBeUndefined();
    // Said, two statements are enough.
    expect(expectedStatements(monthly('2026-08', 2, 'last', 1), { cadence: 'MONTHLY' }, '2026-10-01')?.next?.period).toBe('2026-10');
  });

  test('a closed account expects nothing after its last month', () => {
    expect(expectedStatements(monthly('2026-01', 9, 'last', 1), { closedAfter: '2026-09' }, '2026-12-01')).toBeUndefined();
    const closing = expectedStatements(monthly('2026-01', 9, 'last', 1), { closedAfter: '2026-10' }, '2026-12-20');
    expect(closing?.late.map((late) => late.period)).toEqual(['2026-10']);
    expect(closing?.next).toBeUndefined();
  });
});

describe('late statements', () => {
  test('two months stopped: both are late, oldest first, and the third is next', () => {
    const expected = expectedStatements(monthly('2026-01', 8, 'last', 2), {}, '2026-11-15');
    expect(expected?.late).toEqual([
      { period: '2026-09', endsOn: '2026-09-30', expectedOn: '2026-10-02', lateOn: '2026-10-09' },
      { period: '2026-10', endsOn: '2026-10-31', expectedOn: '2026-11-02', lateOn: '2026-11-09' },
    ]);
    expect(expected?.next?.period).toBe('2026-11');
    expect(lateWords(expected!.late[0])).toBe('The statement for Sep 2026 is late. It usually arrives around Oct 2, 2026.');
  });

  test('the grace days move the late day, and nothing is late the day before it', () => {
    const statements = monthly('2026-01', 9, 'last', 2);
    expect(expectedStatements(statements, {}, '2026-11-08', 7)?.late).toEqual([]);
    expect(expectedStatements(statements, {}, '2026-11-09', 7)?.late.map((late) => late.period)).toEqual(['2026-10']);
    expect(expectedStatements(statements, {}, '2026-11-09', 14)?.late).toEqual([]);
    expect(expectedStatements(statements, {}, '2026-11-16', 14)?.late.map((late) => late.lateOn)).toEqual(['2026-11-16']);
  });

  test('the one that arrives is no longer late: the next after it is expected', () => {
    const statements = monthly('2026-01', 9, 'last', 2);
    expect(expectedStatements(statements, {}, '2026-11-15')?.late.map((late) => late.period)).toEqual(['2026-10']);
    const arrived = [...statements, { period: '2026-10', to: '2026-10-31', filedAt: '2026-11-15T12:00:00Z' }];
    expect(expectedStatements(arrived, {}, '2026-11-15')).toMatchObject({ late: [], next: { period: '2026-11' } });
  });

  test(`${MISSED_IN_A_ROW} missed in a row: nothing more is expected, and the words say what to do`, () => {
    const expected = expectedStatements(monthly('2025-01', 12, 'last', 1), {}, '2026-11-01');
    expect(expected?.late.map((late) => late.period)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(expected?.next).toBeUndefined();
    expect(stoppedWords(expected!)).toBe(
      'No statement after Dec 2025, so no more are expected. If the account is closed, set its last month below.',
    );
  });

  test('for any history, late ones are before next, each late day is its usual day plus the grace days, and none is filed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 3, maxLength: 20 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 900 }),
        fc.oneof(fc.constant<'last'>('last'), fc.integer({ min: 1, max: 31 })),
        (offsets, grace, todayOffset, endDay) => {
          const statements = offsets.map(
            (offset) => monthly(periodOfIndex(monthIndex('2024-01') + offset), 1, endDay === 'last' ? 'last' : Math.min(endDay, 28), 2)[0],
          );
          const today = addDays('2024-01-01', todayOffset);
          const expected = expectedStatements(statements, { cadence: 'MONTHLY' }, today, grace);
          expect(expected).toBeDefined();
          const all = [...expected!.missedBefore, ...expected!.late, ...(expected!.next ? [expected!.next] : [])];
          const filed = new Set(statements.map((statement) => statement.period));
          for (const one of all) {
            expect(filed.has(one.period)).toBe(false);
            expect(one.lateOn).toBe(addDays(one.expectedOn, grace));
          }
          for (const late of [...expected!.missedBefore, ...expected!.late]) expect(late.lateOn <= today).toBe(true);
          if (expected!.next) expect(expected!.next.lateOn > today).toBe(true);
          expect(all.length).toBeLessThanOrEqual(MISSED_IN_A_ROW);
          // Oldest first, each a month after the one before.
          expect(all.map((one) => one.period)).toEqual([...all.map((one) => one.period)].sort());
        },
      ),
    );
  });
});

test('ordinal days through the plural rules', () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinalDay)).toEqual([
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '23rd',
    '31st',
  ]);
});
