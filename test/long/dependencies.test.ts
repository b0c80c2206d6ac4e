import { checkDependencies } from '../../scripts/check-deps';

/** The runtime tree against the registry (npm audit is refused here): nothing deprecated, no major left behind unexplained. */
test('runtime dependencies: none deprecated, direct ones on the newest major or held back with a reason', async () => {
  const result = await checkDependencies();
  expect(result.deprecated).toEqual([]);
  expect(result.outdated).toEqual([]);
  expect(result.count).toBeGreaterThan(0);
}, 300_000);
