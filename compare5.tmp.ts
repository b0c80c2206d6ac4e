import * as fs from 'node:fs';
import { coldImports, importModule, LAMBDA_LIKE_ENV } from './bench/cold-import';
const cfg = fs.readFileSync('test/web/fixtures/amplify_outputs.json', 'utf8');
const subjects = [{ name: 'web', args: importModule('/work/main/web/.open-next/server-functions/default/index.mjs'), env: { ...LAMBDA_LIKE_ENV, WEB_CONFIG_JSON: cfg } }];
for (const r of coldImports(subjects, 11)) console.log(r.name.padEnd(40), r.ms.toFixed(0), r.emptyMs.toFixed(0), r.ratio.toFixed(2));
