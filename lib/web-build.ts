import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WEB_DIR, webArtifactDir, type WebBuildTarget } from './web-artifact';

/**
 * Builds the web app with OpenNext: `aws` writes web/.open-next, which the CDK app deploys;
 * `local` builds the same handler behind the local server (web/open-next.local.config.ts)
 * and moves it to web/.open-next-local, leaving any `aws` build in place. The build takes
 * no backend values: the server reads its config at run time.
 */

// npm hoists the CLI to the root node_modules unless a version conflict keeps it in web/.
const OPEN_NEXT_CLI = [path.join(WEB_DIR, '..'), WEB_DIR]
  .map((base) => path.join(base, 'node_modules', '@opennextjs', 'aws', 'dist', 'index.js'))
  .find((file) => fs.existsSync(file));

const REPO_DIR = path.join(WEB_DIR, '..');
/** What a build is made of besides web/ itself: the contract it imports, the shared static-file rules, the installed versions. */
const SHARED_SOURCES = ['contract', path.join('lib', 'web-artifact.ts'), 'package-lock.json'];
/** What lives in web/ but is not source: dependencies, build output, the config the local stack writes. */
const NOT_SOURCE = /^(node_modules|\.next(-.*)?|\.open-next.*|next-env\.d\.ts|amplify_outputs(\..*)?\.json|.*\.tsbuildinfo)$/;
/** Where a local build records the sources it was built from. */
const FINGERPRINT_FILE = 'source-fingerprint';

const sourceFiles = (repoDir: string, relative: string): string[] => {
  const absolute = path.join(repoDir, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute)
    .filter((name) => !NOT_SOURCE.test(name))
    .flatMap((name) => sourceFiles(repoDir, path.join(relative, name)));
};

/** A hash of every file the web build reads from the repository (names and contents). */
export const webSourcesFingerprint = (repoDir = REPO_DIR): string => {
  const hash = createHash('sha256');
  for (const file of ['web', ...SHARED_SOURCES].flatMap((source) => sourceFiles(repoDir, source)).sort()) {
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(repoDir, file)))
      .update('\0');
  }
  return hash.digest('hex');
};

/** Whether the local build exists and was built from the sources as they are now. */
export const localWebBuildIsCurrent = (): boolean => {
  const recorded = path.join(webArtifactDir('local'), FINGERPRINT_FILE);
  return fs.existsSync(recorded) && fs.readFileSync(recorded, 'utf8') === webSourcesFingerprint();
};

export const buildWebArtifact = (
  target: WebBuildTarget,
  options: { quiet?: boolean; /** Added to the build's environment. */ env?: Record<string, string> } = {},
): string => {
  if (!OPEN_NEXT_CLI) throw new Error('@opennextjs/aws is not installed; run `npm ci` first');
  const fingerprint = webSourcesFingerprint();
  const output = webArtifactDir('aws');
  const stash = target === 'local' && fs.existsSync(output) ? `${output}.${process.pid}.kept` : undefined;
  if (stash) fs.renameSync(output, stash);
  try {
    const config = target === 'local' ? 'open-next.local.config.ts' : 'open-next.config.ts';
    const result = spawnSync(process.execPath, [OPEN_NEXT_CLI, 'build', '--config-path', config], {
      cwd: WEB_DIR,
      env: { ...process.env, ...options.env, NEXT_TELEMETRY_DISABLED: '1' },
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
      fs.writeFileSync(path.join(webArtifactDir('local'), FINGERPRINT_FILE), fingerprint);
    }
  } finally {
    if (stash) {
      fs.rmSync(output, { recursive: true, force: true });
      fs.renameSync(stash, output);
    }
  }
  return webArtifactDir(target);
};
