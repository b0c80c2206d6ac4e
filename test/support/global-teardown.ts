import { SHARED_STACKS_ENV, stopSharedStacks } from '../local/support/shared-stack';

/** After every suite: the local stacks the workers shared are stopped, their data removed. */
export default async (): Promise<void> => {
  const registry = process.env[SHARED_STACKS_ENV];
  if (registry) await stopSharedStacks(registry);
};
