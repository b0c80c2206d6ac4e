import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  FINGERPRINT_FILE,
  WEB_ARTIFACT_STUB,
  WEB_DIR,
  isWebArtifact,
  readOpenNextArtifact,
  recordedFingerprint,
  webArtifactDir,
  type OpenNextArtifact,
  type WebBuildTarget,
} from './web-artifact';
import { NEXT_BUILD_REUSE_ENV, WEB_BUILD_ID_ENV, webBuildId, webSourcesFingerprint } from './web-sources';

export { webSourcesFingerprint } from './web-sources';

/**
 * Builds the web app with OpenNext: `aws` writes web/.open-next, which the CDK app deploys;
 * `local` builds the same handler behind the local server (web/open-next.local.config.ts)
 * and moves it to web/.open-next-local, leaving any `aws` build in place. The build takes
 * no backend values: the server reads its config at run time. Each build records the
 * fingerprint of the sources it was made from, and Next.js takes its build id from it, so
 * the same sources build the same app and a current build need not be made again.
 */

// npm hoists the CLI to the root node_modules unless a version conflict keeps it in web/.
export const OPEN_NEXT_CLI = [path.join(WEB_DIR, '..'), WEB_DIR]
  .map((base) => path.join(base, 'node_modules', '@opennextjs', 'aws', 'dist', 'index.js'))
  .find((file) => fs.existsSync(file));

/** Whether a build exists and was made from the sources as they are now. */
export const webBuildIsCurrent = (target: WebBuildTarget): boolean =>
  recordedFingerprint(webArtifactDir(target)) === webSourcesFingerprint();

/** Whether the local build exists and was built from the sources as they are now. */
export const localWebBuildIsCurrent = (): boolean => webBuildIsCurrent('local');

/**
 * Whether web/.next holds Next.js's production output of the build id given (of the same
 * sources): its standalone server (which OpenNext packages) and that BUILD_ID, never a
 * development server's.
 */
const nextOutputOf = (buildId: string): boolean => {
  const next = path.join(WEB_DIR, '.next');
  try {
    return fs.readFileSync(path.join(next, 'BUILD_ID'), 'utf8').trim() === buildId && fs.existsSync(path.join(next, 'standalone'));
  } catch {
    return false;
  }
};

/** Builds unless the build is current already; says which. */
export const ensureWebArtifact = (target: WebBuildTarget, options: Parameters<typeof buildWebArtifact>[1] = {}): 'built' | 'current' => {
  if (webBuildIsCurrent(target)) return 'current';
  buildWebArtifact(target, options);
  return 'built';
};

export const buildWebArtifact = (
  target: WebBuildTarget,
  options: { quiet?: boolean; /** Added to the build's environment. */ env?: Record<string, string> } = {},
): string => {
  if (!OPEN_NEXT_CLI) throw new Error('@opennextjs/aws is not installed; run `npm ci` first');
  const fingerprint = webSourcesFingerprint(undefined, { ...process.env, ...options.env });
  const output = webArtifactDir('aws');
  const stash = target === 'local' && fs.existsSync(output) ? `${output}.${process.pid}.kept` : undefined;
  if (stash) fs.renameSync(output, stash);
  // OpenNext compiles its config into a folder of the system's temporary folder and leaves it
  // there; the build gets a temporary folder of its own, which goes with the build.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-web-build-'));
  try {
    const config = target === 'local' ? 'open-next.local.config.ts' : 'open-next.config.ts';
    const buildId = webBuildId(fingerprint);
    const result = spawnSync(process.execPath, [OPEN_NEXT_CLI, 'build', '--config-path', config], {
      cwd: WEB_DIR,
      env: {
        ...process.env,
        ...options.env,
        NEXT_TELEMETRY_DISABLED: '1',
        TMPDIR: tmp,
        [WEB_BUILD_ID_ENV]: buildId,
        ...(nextOutputOf(buildId) ? { [NEXT_BUILD_REUSE_ENV]: '1' } : {}),
      },
      stdio: options.quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (result.status !== 0) {
      throw new Error(`open-next build (${target}) failed${options.quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
    }
    fs.writeFileSync(path.join(output, FINGERPRINT_FILE), fingerprint);
    if (target === 'local') {
      fs.rmSync(webArtifactDir('local'), { recursive: true, force: true });
      fs.renameSync(output, webArtifactDir('local'));
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (stash) {
      fs.rmSync(output, { recursive: true, force: true });
      fs.renameSync(stash, output);
    }
  }
  return webArtifactDir(target);
};

/**
 * The web app's build to deploy. A build named by `webArtifact` is taken as it is. The
 * default one (web/.open-next) must have been built from the sources as they are, which
 * `npm run deploy` and `npm run synth` see to; when it was not, the stand-in takes its place
 * with a `problem`, which the stack makes an error wherever the CDK CLI wants the assets
 * (deploy, diff, synth), so commands that never deploy (cdk list, cdk destroy) need no
 * build of the web app.
 */
export const webBuildToDeploy = (dir: string, options: { isDefault: boolean }): { artifact: OpenNextArtifact; problem?: string } => {
  if (!options.isDefault) return { artifact: readOpenNextArtifact(dir) };
  const built = isWebArtifact(dir);
  if (built && recordedFingerprint(dir) === webSourcesFingerprint()) return { artifact: readOpenNextArtifact(dir) };
  const what = built ? `${dir} was built from other sources than these` : `the web app is not built (${dir})`;
  return {
    artifact: readOpenNextArtifact(WEB_ARTIFACT_STUB),
    problem: `${what}: run \`npm run web:build\` (npm run deploy and npm run synth build it when it is not current)`,
  };
};
