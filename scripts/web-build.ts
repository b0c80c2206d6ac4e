/**
 * Builds the web app with OpenNext (lib/web-build.ts).
 *
 *   npm run web:build [-- --target aws|local] [--if-stale]
 *
 * `aws` (default) writes web/.open-next, which the CDK app deploys; `local` writes
 * web/.open-next-local, the same app behind the local server, which `npm start` serves.
 * `--if-stale` builds only when the build was not made from the sources as they are now
 * (`npm run synth` and `npm run deploy` build this way).
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { WEB_BUILD_TARGETS, webArtifactDir, type WebBuildTarget } from '../lib/web-artifact';
import { buildWebArtifact, webBuildIsCurrent } from '../lib/web-build';

const main = (): void => {
  const { values } = parseArgs({
    options: { target: { type: 'string', default: 'aws' }, 'if-stale': { type: 'boolean', default: false } },
  });
  const target = values.target as WebBuildTarget;
  if (!WEB_BUILD_TARGETS.includes(target)) throw new Error(`--target must be one of ${WEB_BUILD_TARGETS.join(', ')}`);
  if (values['if-stale'] && webBuildIsCurrent(target)) {
    console.log(`web:build: ${path.relative(process.cwd(), webArtifactDir(target))} (${target}) is built from these sources already`);
    return;
  }
  const started = Date.now();
  const dir = buildWebArtifact(target);
  console.log(`web:build: ${path.relative(process.cwd(), dir)} (${target}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

try {
  main();
} catch (error) {
  console.error(`web:build: ${(error as Error).message}`);
  process.exit(1);
}
