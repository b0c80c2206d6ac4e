/**
 * `npm run deps:check`: the runtime dependency tree (what `npm ls --omit=dev --all`
 * lists, the web app included), checked against the registry: no package marked
 * deprecated, and every direct runtime dependency on the newest major version (the newest
 * minor for 0.x) or listed below with the reason it is not. Newer minors and patches are
 * listed for the next bump but do not fail the check: the AWS SDK publishes one most days,
 * and a build must not break because of a release made an hour ago. `npm audit` is
 * refused by the registry here; a small, current tree is the substitute. Exits 1 on a
 * deprecated package or an unexplained old major.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Direct runtime dependencies deliberately not on `latest`, and why. */
export const HELD_BACK: Record<string, string> = {
  graphql: 'graphql 17 requires Node 22 and @apollo/client 4 takes graphql 16; the web app pins 16.x',
  'file-type':
    'file-type 22 requires Node 22; 21.x is its line for Node 20, which this project still supports (engines ^20.19.0 || ^22.12.0 || >=24.0.0)',
  'pdfjs-dist':
    "pdf.js 5.7 and later declare Node 22.13; 5.6.205 is the newest that declares Node 20, on which the tests and the bench run the web worker's PDF reading",
};

interface TreeNode {
  version?: string;
  dependencies?: Record<string, TreeNode>;
  problems?: string[];
}

const ROOT = path.join(__dirname, '..');

/**
 * The one problem `npm ls` reports that is not one: the AppSync simulator (a dev tool) needs
 * graphql 15, so package.json overrides graphql to 15.11.0 inside its subtree only. Packages
 * it shares with the rest of the tree (hoisted once, e.g. @graphql-typed-document-node/core)
 * carry that override into npm's bookkeeping, which then calls the root graphql 16, the one
 * Apollo and the web app use, "invalid" against "15.11.0". Installs and runs are correct
 * (the integration tests drive the simulator); any other problem still fails the check.
 */
const SCOPED_OVERRIDE_ARTEFACT = /^invalid: graphql@16\.\d+\.\d+ \S*\/node_modules\/graphql$/;

const npmTree = (): TreeNode => {
  try {
    return JSON.parse(
      execFileSync('npm', ['ls', '--omit=dev', '--all', '--json'], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as TreeNode;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    const tree = stdout ? (JSON.parse(stdout) as TreeNode) : undefined;
    const problems = (tree?.problems ?? []).filter((problem) => !SCOPED_OVERRIDE_ARTEFACT.test(problem));
    if (!tree || problems.length > 0)
      throw new Error(
        `npm ls found problems in the runtime tree:\n  ${(problems.length ? problems : [(error as Error).message]).join('\n  ')}`,
        { cause: error },
      );
    return tree;
  }
};

export const runtimePackages = (): Map<string, Set<string>> => {
  const tree = npmTree();
  const found = new Map<string, Set<string>>();
  const walk = (node: TreeNode) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.version) {
        if (!found.has(name)) found.set(name, new Set());
        found.get(name)!.add(child.version);
      }
      walk(child);
    }
  };
  walk(tree);
  found.delete('statement-vault-web');
  return found;
};

const registry = (() => {
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim().replace(/\/?$/, '/');
  } catch {
    return 'https://registry.npmjs.org/';
  }
})();

const packument = async (name: string) => {
  const response = await fetch(`${registry}${name.replace('/', '%2f')}`, { headers: { accept: 'application/vnd.npm.install-v1+json' } });
  if (!response.ok) throw new Error(`${name}: registry answered ${response.status}`);
  return (await response.json()) as { 'dist-tags': { latest: string }; versions: Record<string, { deprecated?: string }> };
};

/** The release line a version belongs to: its major, or major.minor for 0.x (where a minor may break). */
const lineOf = (version: string): string => {
  const [major, minor] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
};

export const checkDependencies = async () => {
  const packages = runtimePackages();
  const deprecated: string[] = [];
  const names = [...packages.keys()];
  for (let index = 0; index < names.length; index += 12) {
    await Promise.all(
      names.slice(index, index + 12).map(async (name) => {
        const doc = await packument(name);
        for (const version of packages.get(name)!) {
          const note = doc.versions[version]?.deprecated;
          if (note) deprecated.push(`${name}@${version}: ${note}`);
        }
      }),
    );
  }
  const direct = {
    ...JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies,
    ...JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'package.json'), 'utf8')).dependencies,
  } as Record<string, string>;
  const outdated: string[] = [];
  const behind: string[] = [];
  for (const [name, version] of Object.entries(direct)) {
    const latest = (await packument(name))['dist-tags'].latest;
    if (latest === version || HELD_BACK[name]) continue;
    if (lineOf(latest) !== lineOf(version)) outdated.push(`${name} ${version} (latest ${latest})`);
    else behind.push(`${name} ${version} (latest ${latest})`);
  }
  const count = [...packages.values()].reduce((total, versions) => total + versions.size, 0);
  return { count, deprecated, outdated, behind, direct: Object.keys(direct).length };
};

if (require.main === module) {
  checkDependencies()
    .then((result) => {
      console.log(`runtime packages: ${result.count} (${result.direct} direct)`);
      console.log(result.deprecated.length ? `deprecated:\n  ${result.deprecated.join('\n  ')}` : 'deprecated: none');
      console.log(
        result.outdated.length
          ? `behind a major version:\n  ${result.outdated.join('\n  ')}`
          : 'direct runtime dependencies: all on the newest major',
      );
      if (result.behind.length) console.log(`newer minor or patch releases (for the next bump):\n  ${result.behind.join('\n  ')}`);
      for (const [name, reason] of Object.entries(HELD_BACK)) console.log(`held back: ${name}: ${reason}`);
      process.exit(result.deprecated.length || result.outdated.length ? 1 : 0);
    })
    .catch((error: Error) => {
      console.error(`deps:check: ${error.message}`);
      process.exit(1);
    });
}
