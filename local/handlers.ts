import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LAMBDA_BUNDLE_INPUTS, bundleLambdas } from '../lib/lambda-bundle';
import { LOCAL_CACHE_DIR, sourcesHash } from '../lib/source-hash';

/** Where the builds are kept, by the hash of what they are built from. */
export const HANDLER_BUILDS_DIR = path.join(LOCAL_CACHE_DIR, 'lambda');

/** Builds kept besides the current one: a stack of another checkout's sources may still read its lazy chunks. */
const KEPT_BUILDS = 4;

/**
 * The handler factories the local stack runs, by the module that exports them. The deployed
 * entries (`statements/index.ts`) call these same factories with Lambda's environment; the
 * local stack calls them with each function's local credentials and endpoints.
 */
const FACTORY_MODULES = {
  catalogue: 'catalogue/handler.ts',
  profileImage: 'profile-image/handler.ts',
  statements: 'statements/handler.ts',
  shares: 'shares/handler.ts',
  statementEdits: 'statement-edits/handler.ts',
  statementSearch: 'statement-search/handler.ts',
  account: 'account/handler.ts',
  push: 'push/handler.ts',
  apiKey: 'api-key/handler.ts',
  mail: 'mail/handler.ts',
  reminders: 'reminders/handler.ts',
} as const;

export interface HandlerFactories {
  catalogue: typeof import('../lambda/catalogue/handler');
  profileImage: typeof import('../lambda/profile-image/handler');
  statements: typeof import('../lambda/statements/handler');
  shares: typeof import('../lambda/shares/handler');
  statementEdits: typeof import('../lambda/statement-edits/handler');
  statementSearch: typeof import('../lambda/statement-search/handler');
  account: typeof import('../lambda/account/handler');
  push: typeof import('../lambda/push/handler');
  apiKey: typeof import('../lambda/api-key/handler');
  mail: typeof import('../lambda/mail/handler');
  reminders: typeof import('../lambda/reminders/handler');
}

const sourceHash = (): string => sourcesHash(LAMBDA_BUNDLE_INPUTS);

/** Removes all but the newest builds. */
const prune = (current: string) => {
  const builds = fs
    .readdirSync(HANDLER_BUILDS_DIR)
    .map((name) => path.join(HANDLER_BUILDS_DIR, name))
    .filter((dir) => dir !== current)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const dir of builds.slice(KEPT_BUILDS)) fs.rmSync(dir, { recursive: true, force: true });
};

/**
 * The build of the handlers' factories for the sources as they are: made when they
 * changed, else the one made before. Several stacks may start at once; each builds into a
 * directory of its own and the first to finish puts it in place.
 */
const currentBuild = (): string => {
  const dir = path.join(HANDLER_BUILDS_DIR, sourceHash());
  if (fs.existsSync(dir)) return dir;
  const building = `${dir}.${process.pid}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  bundleLambdas(FACTORY_MODULES, building);
  try {
    fs.renameSync(building, dir);
  } catch (error) {
    // Another stack put the same build in place first.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw error;
  }
  prune(dir);
  return dir;
};

/**
 * The factories as they deploy: bundled by lib/lambda-bundle.ts (ES modules, a chunk per
 * lazily loaded part), then imported from the bundle. So what the local stack and its
 * tests run is what Lambda runs, down to the chunks a handler loads at its first
 * invocation, rather than the TypeScript sources.
 */
export const loadHandlerFactories = async (): Promise<HandlerFactories> => {
  // There is no X-Ray here (Tracer switches itself off outside Lambda), yet the X-Ray SDK it
  // loads starts, in its default mode, an async hook that tracks every promise of the
  // process: here one process runs every handler and emulator. Manual mode starts none.
  process.env.AWS_XRAY_MANUAL_MODE ??= '1';
  const directory = currentBuild();
  const entries = await Promise.all(
    Object.keys(FACTORY_MODULES).map(
      async (name) => [name, await import(pathToFileURL(path.join(directory, `${name}.mjs`)).href)] as const,
    ),
  );
  return Object.fromEntries(entries) as unknown as HandlerFactories;
};
