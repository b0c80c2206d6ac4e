import { spawnSync } from 'node:child_process';

/**
 * System programs the local stack and its tests use, installed from Debian's packages
 * where this process can do it itself (root, on a machine with apt-get), so a newcomer's
 * first command runs instead of stopping with a command to type.
 */

/** Whether this process may install Debian packages: it runs as root on a machine with apt-get. */
export const canInstallWithApt = (): boolean => process.getuid?.() === 0 && !spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error;

/** Installs one Debian package with apt-get (the package lists refreshed first), its progress on this terminal; whether it worked. */
export const installWithApt = (packageName: string): boolean => {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', packageName], { stdio: 'inherit', env }).status === 0;
};

export const JAVA_HELP =
  'DynamoDB Local needs Java 17 or newer. On Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`; ' +
  'on macOS: `brew install openjdk@17`; elsewhere: https://adoptium.net';

/** What is wrong with the machine's Java for DynamoDB Local, or undefined when it will do. */
export const javaProblem = (): string | undefined => {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return 'Java was not found';
  const major = Number(/version "(\d+)/.exec(probe.stderr)?.[1] ?? 0);
  return major < 17 ? `Java ${major} is too old` : undefined;
};

/** Debian's packages that bring a Java of 17 or newer, the first one the release has. */
const JAVA_PACKAGES = ['openjdk-17-jre-headless', 'default-jre-headless'];

export interface JavaDeps {
  problem: () => string | undefined;
  canInstall: () => boolean;
  install: (packageName: string) => boolean;
}

/**
 * Java for DynamoDB Local: there already, or installed with apt-get where this process may
 * (saying so first: it is the one step that reaches past this machine, to Debian's package
 * servers); elsewhere the start stops with the command for this system.
 */
export const ensureJava = (
  say: (line: string) => void,
  deps: JavaDeps = { problem: javaProblem, canInstall: canInstallWithApt, install: installWithApt },
): void => {
  const problem = deps.problem();
  if (!problem) return;
  if (!deps.canInstall()) throw new Error(`${problem}. ${JAVA_HELP}`);
  for (const packageName of JAVA_PACKAGES) {
    say(`${problem}: installing ${packageName} with apt-get, once for this machine (from Debian's package servers)…`);
    if (deps.install(packageName) && !deps.problem()) {
      say(`✓ ${packageName} installed`);
      return;
    }
  }
  throw new Error(`${problem}, and apt-get could not install it. ${JAVA_HELP}`);
};
