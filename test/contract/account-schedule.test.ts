import { cadenceOfPeriods, expectedCoverage, monthIndex, periodOfIndex, scheduleProblem } from '../../contract/accounts/schedule';

const months = (from: string, count: number, step = 1) =>
  Array.from({ length: count }, (_, index) => periodOfIndex(monthIndex(from) + index * step));

describe("the cadence an account's statements show", () => {
  test.each([
    ['monthly', months('2023-01', 12), 'MONTHLY'],
    ['monthly with a gap or two', ['2023-01', '2023-02', '2023-04', '2023-05', '2023-06', '2023-09'], 'MONTHLY'],
    ['quarterly, off the calendar quarters', months('2022-02', 6, 3), 'QUARTERLY'],
    ['yearly', months('2015-12', 5, 12), 'YEARLY'],
    ['irregular', ['2020-01', '2020-08', '2022-03', '2022-04', '2023-12'], 'IRREGULAR'],
  ])('%s', (_name, periods, cadence) => {
    expect(cadenceOfPeriods(periods)).toEqual({ cadence, source: { from: 'statements', statements: new Set(periods).size } });
  });

  test('two statements tell nothing: no cadence is taken, and nothing is expected until the person says', () => {
    expect(cadenceOfPeriods(['2024-01', '2024-04'])).toEqual({ source: { from: 'unknown' } });
    expect(expectedCoverage(['2009-05'], {}, '2026-11')).toMatchObject({ cadence: undefined, windows: [] });
    // Said, it is expected from then on.
    expect(expectedCoverage(['2026-01', '2026-04'], { cadence: 'QUARTERLY' }, '2026-11').windows.map((window) => window.state)).toEqual([
      'filed',
      'filed',
      'missing',
      'due',
    ]);
  });
});

describe('what coverage expects of an account', () => {
  test('monthly, open: every month from the first statement is due, this month still due', () => {
    const expected = expectedCoverage(['2024-01', '2024-02', '2024-04', '2024-05', '2024-07'], {}, '2024-07');
    expect(expected.cadence).toBe('MONTHLY');
    expect(expected.windows.map((window) => `${window.from} ${window.state}`)).toEqual([
      '2024-01 filed',
      '2024-02 filed',
      '2024-03 missing',
      '2024-04 filed',
      '2024-05 filed',
      '2024-06 missing',
      '2024-07 filed',
    ]);
  });

  test('quarterly: one statement in each three months from the first, none missing between them', () => {
    const expected = expectedCoverage(months('2022-02', 10, 3), { cadence: 'QUARTERLY' }, '2024-09');
    expect(expected.cadenceSource).toEqual({ from: 'you' });
    expect(expected.windows.filter((window) => window.state === 'missing')).toEqual([]);
    expect(expected.windows).toHaveLength(11);
    expect(expected.windows.at(-1)).toMatchObject({ from: '2024-08', to: '2024-10', state: 'due' });
    // One quarter with nothing in it is one missing statement, due by the quarter's last month.
    const gap = expectedCoverage(['2022-02', '2022-05', '2022-11'], { cadence: 'QUARTERLY' }, '2023-01');
    expect(gap.windows.filter((window) => window.state === 'missing')).toEqual([
      { from: '2022-08', to: '2022-10', filed: [], state: 'missing' },
    ]);
  });

  test('closed: nothing is due after its last month, and its last window ends with it', () => {
    const expected = expectedCoverage(months('2019-01', 30), { closedAfter: '2021-06' }, '2026-11');
    expect(expected.span).toEqual({ from: '2019-01', to: '2021-06', closed: true, fromSet: false });
    expect(expected.windows).toHaveLength(30);
    expect(expected.windows.every((window) => window.state === 'filed')).toBe(true);
    const quarterly = expectedCoverage(['2020-01', '2020-04'], { cadence: 'QUARTERLY', closedAfter: '2020-08' }, '2026-11');
    expect(quarterly.windows.map((window) => `${window.from}..${window.to} ${window.state}`)).toEqual([
      '2020-01..2020-03 filed',
      '2020-04..2020-06 filed',
      '2020-07..2020-08 missing',
    ]);
  });

  test('"no statements before" starts the span; a statement before it is shown but expects nothing around it', () => {
    const expected = expectedCoverage(['2009-05', '2024-01', '2024-02'], { statementsFrom: '2024-01' }, '2024-03');
    expect(expected.span).toMatchObject({ from: '2024-01', fromSet: true });
    expect(expected.windows.map((window) => window.state)).toEqual(['filed', 'filed', 'due']);
    // Without it, the 2009 statement makes 14 years of gaps: the reason the person can say so.
    expect(
      expectedCoverage(['2009-05', '2024-01', '2024-02'], { cadence: 'MONTHLY' }, '2024-03').windows.filter(
        (window) => window.state === 'missing',
      ),
    ).toHaveLength(175);
  });

  test('irregular expects nothing, yearly one a year', () => {
    expect(expectedCoverage(['2020-01', '2023-05'], { cadence: 'IRREGULAR' }, '2026-11').windows).toEqual([]);
    const yearly = expectedCoverage(['2020-12', '2021-12', '2023-12'], { cadence: 'YEARLY' }, '2026-11');
    expect(yearly.windows.map((window) => window.state)).toEqual(['filed', 'filed', 'missing', 'filed', 'missing', 'due']);
  });
});

test('a schedule that cannot be kept is refused in words', () => {
  expect(scheduleProblem({ cadence: 'MONTHLY', statementsFrom: '2024-01', closedAfter: '2024-12' })).toBeUndefined();
  expect(scheduleProblem({})).toBeUndefined();
  expect(scheduleProblem({ statementsFrom: '2024-1' })).toBe('Give each month as a year and a month, as 2024-03.');
  expect(scheduleProblem({ statementsFrom: '2024-06', closedAfter: '2024-05' })).toBe('The last month cannot be before the first.');
  expect(scheduleProblem({ cadence: 'WEEKLY' as never })).toBe('Choose how often statements come.');
  expect(scheduleProblem({ graceDays: 0 })).toBeUndefined();
  expect(scheduleProblem({ graceDays: 60 })).toBeUndefined();
  for (const graceDays of [61, -1, 2.5, Number.NaN])
    expect(scheduleProblem({ graceDays })).toBe('Give the days as a whole number from 0 to 60.');
});

test('what the months show is kept beside what the person said: the blank choice of the schedule form', () => {
  const expected = expectedCoverage(months('2024-01', 6), { cadence: 'QUARTERLY' }, '2024-07');
  expect(expected).toMatchObject({ cadence: 'QUARTERLY', cadenceSource: { from: 'you' }, readCadence: 'MONTHLY' });
});
