import { synthVault } from '../support/vault-app';

/**
 * The reviewer's view of an infrastructure change: the whole template, with asset hashes
 * masked and the clock frozen so it is the same on every machine and checkout path.
 * The rules that matter are asserted by name in security-rules.test.ts.
 */
test.each(['prod', 'dev'])('the %s stage template matches the reviewed snapshot', (stage) => {
  const { template } = synthVault(stage === 'dev' ? { stage, sesFromAddress: undefined, sesVerifiedDomain: undefined } : { stage });
  expect(template.toJSON()).toMatchSnapshot();
});
