/** ofx-js ships no types: the one function the suite's oracle calls (test/contract/balance-formats.test.ts). */
declare module 'ofx-js' {
  export const parse: (text: string) => Promise<unknown>;
}
