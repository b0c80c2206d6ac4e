import { monthOfText } from '../../contract/uploads';

test('a month is read the ways people type one', () => {
  const typed: Array<[string, string]> = [
    ['2024-03', '2024-03'],
    ['2024-3', '2024-03'],
    ['2024/3', '2024-03'],
    ['2024 03', '2024-03'],
    ['202403', '2024-03'],
    ['03/2024', '2024-03'],
    ['3/2024', '2024-03'],
    ['3.2024', '2024-03'],
    ['12-2024', '2024-12'],
    ['Mar 2024', '2024-03'],
    ['mar2024', '2024-03'],
    ['March 2024', '2024-03'],
    ['Sept 2024', '2024-09'],
    ['sep. 2024', '2024-09'],
    ['  December,  2025 ', '2025-12'],
  ];
  for (const [text, month] of typed) expect([text, monthOfText(text)]).toEqual([text, month]);
});

test('what is not a month and its year is not read as one', () => {
  for (const text of [
    '',
    '2024',
    'Mar',
    '2024-13',
    '13/2024',
    '0/2024',
    '2024-00',
    '14/03/2024',
    '2024-03-14',
    'Marchy 2024',
    'Ma 2024',
    '20243',
    'Smarch 2024',
  ])
    expect([text, monthOfText(text)]).toEqual([text, undefined]);
});
