import * as path from 'node:path';
import { spawnGuarded, type Child } from './children';
import { offlineNodeEnvironment } from './offline';
import { waitForPort } from './ports';

const WEB_DIR = path.join(__dirname, '..', 'web');
const NEXT_BIN = require.resolve('next/dist/bin/next');

/**
 * The web app on the local stack: `next dev` (or `next start` on a finished build) in
 * web/, under the same watchdog as DynamoDB Local, reading the config file the stack has
 * just written. Resolves once it accepts connections.
 */
export const startWebApp = async (input: {
  port: number;
  mode: 'dev' | 'start';
  env?: Record<string, string>;
  onOutput?: (line: string) => void;
}): Promise<Child> => {
  const child = spawnGuarded(process.execPath, [NEXT_BIN, input.mode, '--port', String(input.port), '--hostname', 'localhost'], {
    cwd: WEB_DIR,
    env: { ...process.env, ...offlineNodeEnvironment(), ...input.env },
    onOutput: input.onOutput,
  });
  try {
    await Promise.race([
      waitForPort(input.port, 120_000, 'The web app'),
      new Promise((_, reject) =>
        child.process.once('exit', (code) => reject(new Error(`the web app exited with code ${code} while starting`))),
      ),
    ]);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
};
