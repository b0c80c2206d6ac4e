import { RECENTLY_DELETED } from '../../contract/recently-deleted';
import { deleteQuestion, deletedWords, restoredWords } from '../../web/lib/statement-actions';

const statement = (fileName: string) => ({ id: fileName, fileName, accountLabel: 'Visa', period: '2024-03' });

describe("the words of a delete, the same on the list and on a statement's page", () => {
  test('one statement is named, with its account and month, and how long it can be restored', () => {
    expect(deleteQuestion([statement('march.pdf')])).toEqual({
      title: 'Delete this statement?',
      body: `march.pdf (Visa, ${new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 2, 1)))}) moves to Recently deleted, where you can restore it for ${RECENTLY_DELETED.keepDays} days.`,
    });
    expect(deletedWords([statement('march.pdf')])).toBe('march.pdf moved to Recently deleted.');
    expect(restoredWords([statement('march.pdf')])).toBe('march.pdf is back.');
  });

  test('several are counted, and each named in the question', () => {
    const two = [statement('a.pdf'), statement('b.pdf')];
    expect(deleteQuestion(two)).toEqual({
      title: 'Delete 2 statements?',
      body: `a.pdf, b.pdf move to Recently deleted, where you can restore them for ${RECENTLY_DELETED.keepDays} days.`,
    });
    expect(deletedWords(two)).toBe('2 statements moved to Recently deleted.');
    expect(restoredWords(two)).toBe('2 statements are back.');
  });
});
