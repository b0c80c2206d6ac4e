import { renderToStaticMarkup } from 'react-dom/server';
import { StatementBalancesRows } from '../../web/components/statement/statement-balances';
import type { StatementBalancesItem } from '../../web/lib/graphql';

/** The statement page's rows of days and balances, as text: where each value came from is said beside it. */
const rows = (balances: Partial<StatementBalancesItem>) =>
  renderToStaticMarkup(
    <dl>
      <StatementBalancesRows
        balances={{ __typename: 'StatementBalances', unread: [], entered: [], ...balances } as StatementBalancesItem}
        available
      />
    </dl>,
  ).replace(/<[^>]+>/g, '|');

test('values read by OCR say so beside them; those the person entered say theirs; a text layer is "from the file"', () => {
  const ocr = rows({
    from: '2024-03-01',
    to: '2024-03-31',
    opening: 1204.55,
    closing: 3491,
    source: 'read by OCR, page 1',
    entered: ['closing'],
  });
  expect(ocr).toContain(' · read by OCR, page 1');
  expect(ocr.match(/read by OCR, page 1/g)).toHaveLength(2);
  expect(ocr).toContain(' · you entered');
  expect(ocr).not.toContain('from the file');
  const text = rows({ opening: 10 });
  expect(text).toContain(' · from the file');
  expect(text).not.toContain('OCR');
});

test("a statement's own arithmetic is one line: read and checked, or by how much it is off and where first, in its currency", () => {
  const checked = rows({
    opening: 10,
    closing: 20,
    arithmetic: { state: 'CHECKED', transactions: 12, offBy: null, day: null, words: '' },
  });
  expect(checked).toContain('Read and checked: opening + 12 transactions = closing.');
  const off = rows({
    currency: 'EUR',
    arithmetic: { state: 'OFF', transactions: 12, offBy: 45.1, day: '2024-03-12', words: '' },
  });
  expect(off).toContain('This statement does not add up: it is €45.10 off (first at the row of Mar 12, 2024).');
  const notChecked = rows({
    arithmetic: {
      state: 'NOT_CHECKED',
      transactions: null,
      offBy: null,
      day: null,
      words: 'Not checked: no table of transactions was found.',
    },
  });
  expect(notChecked).toContain('Not checked: no table of transactions was found.');
  // A statement read before the check says nothing of it.
  expect(rows({ opening: 10 })).not.toMatch(/checked|add up/);
});
