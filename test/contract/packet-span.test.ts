import type { ChainStatement } from '../../contract/accounts/chain';
import { packetAccount } from '../../contract/packets';

/** A packet's account over its span: what it calls complete, and the days it says no statement covers. */
const exportOf = (
  period: string,
  from: string,
  to: string,
  opening: number,
  closing: number,
  contentType = 'text/csv',
): ChainStatement => ({
  id: `01JD${period.replace('-', '')}0000000000000000`,
  fileName: `${period}.csv`,
  period,
  contentType,
  balances: { from, to, opening, closing },
});
const ACCOUNT = { accountKey: 'everyday', label: 'Everyday' };

test('a monthly export whose last transaction is on the 15th covers its month: the packet of that month is complete', () => {
  const december = exportOf('2025-12', '2025-12-02', '2025-12-15', 100, 180);
  expect(packetAccount(ACCOUNT, [december], { from: '2025-12-01', to: '2025-12-31' })).toMatchObject({
    uncovered: [],
    complete: true,
    chain: { state: 'single' },
  });
});

test('a statement that prints the same days leaves the rest of the month uncovered, and the packet says so', () => {
  const december = exportOf('2025-12', '2025-12-02', '2025-12-15', 100, 180, 'application/pdf');
  expect(packetAccount(ACCOUNT, [december], { from: '2025-12-01', to: '2025-12-31' })).toMatchObject({
    uncovered: [{ from: '2025-12-16', to: '2025-12-31', days: 16 }],
    complete: false,
  });
});
