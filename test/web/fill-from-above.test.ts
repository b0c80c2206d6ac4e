import { fillFromAbove } from '../../web/lib/upload/fill-from-above';

/** "Fill empty … from above" in the upload queue: it fills what is empty, never what a file says or the person set. */
const row = (accountSource: string, periodSource: string) => ({
  accountLabel: accountSource === 'unread' ? '' : 'Their own',
  accountSource,
  accountDetail: 'its account number',
  period: periodSource === 'unread' ? '' : '2024-03',
  periodSource,
  periodDetail: 'its statement period',
});

test.each([
  ['unread', 'Everyday', 'above'],
  ['choose', 'Everyday', 'above'],
  ['ask', 'Everyday', 'above'],
  ['above', 'Everyday', 'above'],
  ['file', 'Their own', 'file'],
  ['person', 'Their own', 'person'],
  ['chosen', 'Their own', 'chosen'],
])('an account that is %s becomes %s (%s)', (source, label, after) => {
  expect(fillFromAbove(row(source, 'file'), { accountLabel: 'Everyday' })).toMatchObject({ accountLabel: label, accountSource: after });
});

test('a period the file states keeps its month and says where from; an empty one takes the month above and says so', () => {
  expect(fillFromAbove(row('file', 'file'), { period: '2025-01' })).toMatchObject({
    period: '2024-03',
    periodSource: 'file',
    periodDetail: 'its statement period',
  });
  expect(fillFromAbove(row('file', 'unread'), { period: '2025-01' })).toMatchObject({
    period: '2025-01',
    periodSource: 'above',
    periodDetail: undefined,
  });
  // A question the row asked is answered by it, and goes.
  expect(fillFromAbove({ ...row('file', 'ask'), periodQuestion: { detail: 'x' } }, { period: '2025-01' })).toMatchObject({
    period: '2025-01',
    periodSource: 'above',
    periodQuestion: undefined,
  });
});

test('an empty value above fills nothing', () => {
  const before = row('unread', 'unread');
  expect(fillFromAbove(before, { accountLabel: '', period: '' })).toEqual(before);
});
