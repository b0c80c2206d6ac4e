import { synthVault } from '../support/vault-app';

/**
 * The reviewer's view of an infrastructure change: the whole template, with asset hashes
 * masked and the clock frozen so it is the same on every machine and checkout path.
 * The rules that matter are asserted by name in security-rules.test.ts.
 */
/**
 * A Lambda version's logical id ends in a hash of its function, code included (so, without
 * bundling, of the checkout's path): masked, keys and references alike, as asset hashes are.
 */
const VERSION_HASH = /(CurrentVersion[0-9A-F]{8})[0-9a-f]{32}/g;
const maskVersions = (template: object): object => JSON.parse(JSON.stringify(template).replace(VERSION_HASH, '$1[VERSION-HASH]'));

test.each(['prod', 'dev'])('the %s stage template matches the reviewed snapshot', (stage) => {
  const { template } = synthVault(stage === 'dev' ? { stage, sesFromAddress: undefined, sesVerifiedDomain: undefined } : { stage });
  expect(maskVersions(template.toJSON())).toMatchSnapshot();
});

test("the account's stack (what both stages share) matches the reviewed snapshot", () => {
  const { account } = synthVault({ account: { budgetMonthlyUsd: 100, budgetEmail: 'billing@example.com' } });
  expect(account!.toJSON()).toMatchSnapshot();
});
