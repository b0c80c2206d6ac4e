import { needsPerson, problemOf, problemsInWords } from '../../web/lib/upload/filing-problems';

const file = (accountLabel: string, period: string) => ({ accountLabel, period });

test('the queue says what its files lack, only that', () => {
  expect(problemsInWords([file('', '2024-01'), file(' ', '2024-02')])).toBe('2 files need an account first.');
  expect(problemsInWords([file('Checking', '')])).toBe('One file needs a period first.');
  expect(problemsInWords([file('', '2024-01'), file('Visa', '2024-13')])).toBe('2 files need an account and a period first.');
});

test("a file's row says the first thing it lacks", () => {
  expect(problemOf(file('', ''))).toBe('Name its account.');
  expect(problemOf(file('Checking', '2024'))).toBe('Give its period: a month and a year, as 2024-03.');
  expect(problemOf(file('Checking', '14/03/2024'))).toBe('Give its period: a month and a year, as 2024-03.');
  // A month as people type it, before the field has written it as 2024-03.
  expect(problemOf(file('Checking', '03/2024'))).toBeUndefined();
  expect(problemOf(file('Checking', '2024-01'))).toBeUndefined();
});

test('a row that asks its month says so, and cannot go until it is answered', () => {
  expect(problemOf({ accountLabel: 'Checking', period: '', periodSource: 'ask' })).toBe('Say which month it is.');
  expect(problemOf({ accountLabel: 'Checking', period: '2025-06', periodSource: 'person' })).toBeUndefined();
});

test('a file the vault keeps already cannot go until the person says to upload it again, and the queue says how many wait so', () => {
  const kept = [{ fileName: 'January 2024.pdf', accountLabel: 'Checking', period: '2024-01' }];
  expect(problemOf({ ...file('Checking', '2024-01'), keptAs: kept })).toBe('Upload it again, or remove it.');
  expect(problemOf({ ...file('Checking', '2024-01'), keptAs: kept, uploadAgain: true })).toBeUndefined();
  expect(problemsInWords([{ ...file('Checking', '2024-01'), keptAs: kept }])).toBe(
    'One file is already in your vault: upload it again, or remove it.',
  );
  expect(problemsInWords([1, 2].map(() => ({ ...file('Checking', '2024-01'), keptAs: kept })))).toBe(
    '2 files are already in your vault: upload them again, or remove them.',
  );
});

test('a row needs the person while it lacks something or its file leaves a choice open; not while it is read, nor once refused', () => {
  const settled = { accountLabel: 'Checking', period: '2024-01', accountSource: 'file', periodSource: 'file' };
  expect(needsPerson(settled)).toBe(false);
  expect(needsPerson({ ...settled, accountLabel: '', accountSource: 'unread' })).toBe(true);
  // An account the file makes one of several: a choice is offered, and the row waits for it even where a label is proposed.
  expect(needsPerson({ ...settled, accountSource: 'choose' })).toBe(true);
  expect(needsPerson({ ...settled, period: '', periodSource: 'ask' })).toBe(true);
  expect(needsPerson({ ...settled, keptAs: [{}] })).toBe(true);
  expect(needsPerson({ ...settled, keptAs: [{}], uploadAgain: true })).toBe(false);
  expect(needsPerson({ ...settled, accountLabel: '', reading: true })).toBe(false);
  expect(needsPerson({ ...settled, accountLabel: '', refusal: 'Not a statement file.' })).toBe(false);
});
