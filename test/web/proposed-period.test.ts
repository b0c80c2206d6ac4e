import { nameQuestion, twoReadingsQuestion } from '../../contract/reading/period-question';
import { proposedPeriod } from '../../web/lib/upload/proposed-period';

/** What a file's proposal does to its row's period in the upload queue. */
const read = { value: '2024-03', source: 'file' as const, detail: 'its statement period' };

test("the content's period fills a row the person has not set", () => {
  for (const periodSource of ['unread', 'above'] as const)
    expect(proposedPeriod({ periodSource }, { period: read, notes: [] })).toEqual({
      period: '2024-03',
      periodSource: 'file',
      periodDetail: 'its statement period',
    });
  expect(proposedPeriod({ periodSource: 'person' }, { period: read, notes: [] })).toEqual({});
});

test("a name's month is asked, never filled: the row's period stays empty until the person answers", () => {
  const question = nameQuestion('2025-06', '20250614_statement.pdf');
  expect(question.words).toBe('The file name says June 2025: is that its month?');
  expect(proposedPeriod({ periodSource: 'unread' }, { periodQuestion: question, notes: [] })).toEqual({
    period: '',
    periodSource: 'ask',
    periodDetail: 'its name "20250614_statement.pdf"',
    periodQuestion: question,
  });
  // A month the person gave above, or set on the row, is theirs: nothing is asked.
  expect(proposedPeriod({ periodSource: 'above' }, { periodQuestion: question, notes: [] })).toEqual({});
  expect(proposedPeriod({ periodSource: 'person' }, { periodQuestion: question, notes: [] })).toEqual({});
});

test('dates that read two ways ask which of the two months', () => {
  const question = twoReadingsQuestion(['2024-05', '2024-06'], 'its statement period reads day first or month first');
  expect(proposedPeriod({ periodSource: 'unread' }, { periodQuestion: question, notes: [] })).toMatchObject({
    period: '',
    periodSource: 'ask',
    periodQuestion: { choices: ['2024-05', '2024-06'], words: "This statement's dates can be read two ways: choose its month." },
  });
});
