import { SHARED_STACKS_ENV, stopSharedStacks } from '../local/support/shared-stack';
import { stopSharedWebApps } from '../e2e/support/web-app';

/** After every suite: the web servers and local stacks the workers shared are stopped (the servers first), their data removed. */
export default async (): Promise<void> => {
  const registry = process.env[SHARED_STACKS_ENV];
  if (!registry) return;
  await stopSharedWebApps(registry);
  await stopSharedStacks(registry);
};
