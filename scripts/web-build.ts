/**
 * Builds the web app with OpenNext.
 *
 *   npm run web:build [-- --target aws|local]
 *
 * `aws` (default) writes web/.open-next, which the CDK app deploys; `local` builds the
 * local server (web/open-next.local.config.ts) and moves it to web/.open-next-local, leaving any `aws` build in
 * place. The build takes no backend values: the server reads its config at run time.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { WEB_BUILD_TARGETS, WEB_DIR, webArtifactDir, type WebBuildTarget } from '../lib/web-artifact';

// npm hoists the CLI to the root node_modules unless a version conflict keeps it in web/.
const OPEN_NEXT_CLI = [path.join(WEB_DIR, '..'), WEB_DIR]
  .map((base) => path.join(base, 'node_modules', '@opennextjs', 'aws', 'dist', 'index.js'))
  .find((file) => fs.existsSync(file));

export const buildWebArtifact = (target: WebBuildTarget, options: { quiet?: boolean } = {}): string => {
  if (!OPEN_NEXT_CLI) throw new Error('@opennextjs/aws is not installed; run `npm ci` first');
  const output = webArtifactDir('aws');
  const stash = target === 'local' && fs.existsSync(output) ? `${output}.${process.pid}.kept` : undefined;
  if (stash) fs.renameSync(output, stash);
  try {
    const config = target === 'local' ? 'open-next.local.config.ts' : 'open-next.config.ts';
    const result = spawnSync(process.execPath, [OPEN_NEXT_CLI, 'build', '--config-path', config], {
      cwd: WEB_DIR,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: options.quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (result.status !== 0) {
      throw new Error(`open-next build (${target}) failed${options.quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
    }
    if (target === 'local') {
      fs.rmSync(webArtifactDir('local'), { recursive: true, force: true });
      fs.renameSync(output, webArtifactDir('local'));
    }
  } finally {
    if (stash) {
      fs.rmSync(output, { recursive: true, force: true });
      fs.renameSync(stash, output);
    }
  }
  return webArtifactDir(target);
};

const main = (): void => {
  const { values } = parseArgs({ options: { target: { type: 'string', default: 'aws' } } });
  const target = values.target as WebBuildTarget;
  if (!WEB_BUILD_TARGETS.includes(target)) throw new Error(`--target must be one of ${WEB_BUILD_TARGETS.join(', ')}`);
  const started = Date.now();
  const dir = buildWebArtifact(target);
  console.log(`web:build: ${path.relative(process.cwd(), dir)} (${target}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`web:build: ${(error as Error).message}`);
    process.exit(1);
  }
}
