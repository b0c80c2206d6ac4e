import * as fs from 'node:fs';
import * as path from 'node:path';
import { SHARED_STACKS_ENV, alive, stopSharedStacks } from '../local/support/shared-stack';
import { stopSharedWebApps } from '../e2e/support/web-app';
import { BUILD_AHEAD_RECORD } from './global-setup';

/** A web build started ahead that is still running (a run cut short, or no browser file ran): its process group ends. */
const stopBuildAhead = (registry: string) => {
  const record = path.join(registry, BUILD_AHEAD_RECORD);
  if (!fs.existsSync(record)) return;
  const pid = Number(fs.readFileSync(record, 'utf8'));
  if (alive(pid)) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Gone meanwhile.
    }
  }
  fs.rmSync(record, { force: true });
};

/** After every suite: the web build ahead, the web servers and local stacks the workers shared are stopped (the servers first), their data removed. */
export default async (): Promise<void> => {
  const registry = process.env[SHARED_STACKS_ENV];
  if (!registry) return;
  stopBuildAhead(registry);
  await stopSharedWebApps(registry);
  await stopSharedStacks(registry);
};
