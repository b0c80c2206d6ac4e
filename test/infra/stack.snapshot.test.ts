import { synthVault } from '../support/vault-app';

/**
 * The reviewer's view of an infrastructure change: the whole template, with asset hashes
 * masked and the clock frozen so it is the same on every machine and checkout path.
 * The rules that matter are asserted by name in security-rules.test.ts.
 */
test('the StatementVault template matches the reviewed snapshot', () => {
  const { template } = synthVault();
  expect(template.toJSON()).toMatchSnapshot();
});
