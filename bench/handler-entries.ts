import * as fs from 'node:fs';
import * as path from 'node:path';

export const LAMBDA_DIR = path.join(__dirname, '..', 'lambda');

/**
 * Every handler entry the CDK app deploys, as VaultFunction's `entry` names it (`statements/index.ts`,
 * `catalogue/sweep-index.ts`): by the naming rule the entries follow, a function's folder holds
 * `index.ts` or `<what>-index.ts`; `shared/` holds none. The list is read from the folders rather
 * than written out, so a new handler is measured without anyone adding it here; a test checks that
 * the constructs name exactly these.
 */
export const handlerEntries = (): string[] =>
  fs
    .readdirSync(LAMBDA_DIR, { withFileTypes: true })
    .filter((folder) => folder.isDirectory() && folder.name !== 'shared')
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(LAMBDA_DIR, folder.name))
        .filter((file) => file === 'index.ts' || file.endsWith('-index.ts'))
        .map((file) => `${folder.name}/${file}`),
    )
    .sort();
