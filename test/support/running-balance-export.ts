/**
 * A month's bank export with a running balance, as banks give them: a salary at the month's
 * start and the rent at its end, each row with the balance after it. The month opens at
 * `opening` and closes 1,200.00 higher, so a month that opens where the last one closed chains.
 */
export const runningBalanceExport = (first: string, last: string, opening: number): Buffer =>
  Buffer.from(
    [
      'Date,Description,Amount,Balance',
      `${first},Salary ACME,2000.00,${(opening + 2000).toFixed(2)}`,
      `${last},Rent,-800.00,${(opening + 1200).toFixed(2)}`,
    ].join('\r\n'),
  );
