import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleLambdas } from '../lib/lambda-bundle';

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
}

/**
 * The factories as they deploy: bundled into `directory` by lambda-bundle.ts (ES modules, a
 * chunk per lazily loaded part), then imported from the bundle. So what the local stack and
 * its tests run is what Lambda runs, down to the chunks a handler loads at its first
 * invocation, rather than the TypeScript sources.
 */
export const loadHandlerFactories = async (directory: string): Promise<HandlerFactories> => {
  fs.rmSync(directory, { recursive: true, force: true });
  bundleLambdas(FACTORY_MODULES, directory);
  const entries = await Promise.all(
    Object.keys(FACTORY_MODULES).map(async (name) => [name, await import(pathToFileURL(path.join(directory, `${name}.mjs`)).href)] as const),
  );
  return Object.fromEntries(entries) as unknown as HandlerFactories;
};
