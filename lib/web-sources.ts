import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCAL_CACHE_DIR } from './source-hash';

/**
 * What a build of the web app is made from, as one fingerprint: the same sources give the
 * same fingerprint on every machine and run. It names a build (Next.js's build id, which
 * web/next.config.ts takes from here) and its assets in the template (lib/web-artifact.ts),
 * so two builds of one commit synthesize one template and deploy nothing new.
 */
const REPO_DIR = path.join(__dirname, '..');
/** What a build is made of besides web/ itself: the contract it imports, the shared static-file rules, the installed versions. */
const SHARED_SOURCES = ['contract', path.join('lib', 'web-artifact.ts'), path.join('lib', 'web-sources.ts'), 'package-lock.json'];
/** What lives in web/ but is not source: dependencies, build output, the config the local stack writes. */
const NOT_SOURCE = /^(node_modules|\.next(-.*)?|\.open-next.*|next-env\.d\.ts|amplify_outputs(\..*)?\.json|.*\.tsbuildinfo)$/;
/** Next.js writes `NEXT_PUBLIC_*` variables into the build: their values are sources too. */
const BUILD_TIME_ENV = /^NEXT_PUBLIC_/;

const sourceFiles = (repoDir: string, relative: string): string[] => {
  const absolute = path.join(repoDir, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute)
    .filter((name) => !NOT_SOURCE.test(name))
    .flatMap((name) => sourceFiles(repoDir, path.join(relative, name)));
};

/** A hash of every file the web build reads from the repository (names and contents), and of the variables it inlines. */
export const webSourcesFingerprint = (repoDir = REPO_DIR, env: NodeJS.ProcessEnv = process.env): string => {
  const hash = createHash('sha256');
  for (const file of ['web', ...SHARED_SOURCES].flatMap((source) => sourceFiles(repoDir, source)).sort()) {
    hash
      .update(`${file.split(path.sep).join('/')}\0`)
      .update(fs.readFileSync(path.join(repoDir, file)))
      .update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => BUILD_TIME_ENV.test(key))
    .sort())
    hash.update(`env:${name}=${env[name]}\0`);
  return hash.digest('hex');
};

/** How a build hands Next.js its build id (web/next.config.ts reads it, and works it out itself when it is not given). */
export const WEB_BUILD_ID_ENV = 'VAULT_WEB_BUILD_ID';

/** Next.js's build id for a fingerprint: in every static file's path, so short. */
export const webBuildId = (fingerprint: string): string => fingerprint.slice(0, 20);

/**
 * Set when Next.js's output in web/.next is of these very sources (its BUILD_ID is theirs):
 * OpenNext then packages it again for the other target without building it again
 * (web/open-next.config.ts), a minute of both cores a run no longer spends twice.
 */
export const NEXT_BUILD_REUSE_ENV = 'VAULT_NEXT_BUILD_REUSE';

/**
 * Where `npm test`'s checks record the fingerprint of the web sources whose types passed
 * (`next typegen`, then `tsc -p web`: the same check `next build` makes). A build of those
 * very sources skips its own type check (web/next.config.ts); any other sources are checked
 * by the build as usual.
 */
export const WEB_TYPES_CHECKED_FILE = path.join(LOCAL_CACHE_DIR, 'web-types-checked');

/** Whether the web sources as they are now passed the type check already. */
export const webTypesChecked = (): boolean => {
  try {
    return fs.readFileSync(WEB_TYPES_CHECKED_FILE, 'utf8') === webSourcesFingerprint();
  } catch {
    return false;
  }
};
