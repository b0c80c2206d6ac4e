import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { spawnGuarded, type Child } from '../../../local/children';
import { waitForPort } from '../../../local/ports';

const WEB_DIR = path.join(__dirname, '..', '..', '..', 'web');
const NEXT_BIN = require.resolve('next/dist/bin/next');

/** Production build of the web app against a given config file, into its own folder. */
export const buildWebApp = (configFile: string, distDir: string, extraEnv: Record<string, string> = {}): void => {
  const result = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: WEB_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', WEB_CONFIG_FILE: configFile, NEXT_DIST_DIR: distDir, ...extraEnv },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
};

export const startBuiltWebApp = async (port: number, configFile: string, distDir: string): Promise<Child> => {
  const child = spawnGuarded(process.execPath, [NEXT_BIN, 'start', '--port', String(port), '--hostname', 'localhost'], {
    cwd: WEB_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', WEB_CONFIG_FILE: configFile, NEXT_DIST_DIR: distDir },
  });
  await waitForPort(port, 60_000, 'next start');
  return child;
};

