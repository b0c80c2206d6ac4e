/**
 * `npm run deploy -- --stage dev|prod [--yes] [--no-bootstrap] [--accept-settings <fingerprint>] [-- name=value …]`:
 * the whole product on AWS, from a fresh clone with AWS credentials (scripts/operations/deploy-run.ts):
 *
 *   1. checks the credentials and CDK's bootstrap in us-east-1 (bootstraps when missing or
 *      too old, unless `--no-bootstrap`: a deploy role may not, and CI passes it);
 *   2. works out the stage's settings (cdk.json's `stages.<stage>`, then the context after
 *      `--`) and compares them with the ones it last deployed with: a prod deploy that
 *      changes them stops unless `--accept-settings` names exactly the new ones;
 *   3. builds the web app with OpenNext, only when its sources changed since its build;
 *   4. `cdk deploy` of the stage's stack (and the account's stack it depends on), which
 *      hands the web server its config at deploy time;
 *   5. writes the stage's web config (amplify_outputs.<stage>.json) from the outputs, and
 *      checks that the web app answers with this stack's config over HTTPS;
 *   6. starts the catalogue sweep once, which brings records of an earlier release into
 *      the filtered lists and summaries.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REGION } from '../contract';
import { STAGES, type Stage } from '../lib/outputs';
import { ensureWebArtifact } from '../lib/web-build';
import { writeWebConfig } from '../lib/web-config-file';
import { awsClients } from './operations/aws-clients';
import { runDeploy } from './operations/deploy-run';

const ROOT = path.join(__dirname, '..');
const say = (line: string) => console.log(`deploy: ${line}`);

const npx = (args: string[], what: string) => {
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} failed (npx ${args.slice(0, 2).join(' ')}); its output is above`);
};

const main = async () => {
  const { values, positionals } = parseArgs({
    options: {
      stage: { type: 'string', default: 'dev' },
      yes: { type: 'boolean', default: false },
      bootstrap: { type: 'boolean', default: true },
      'accept-settings': { type: 'string' },
    },
    allowPositionals: true,
    allowNegative: true,
  });
  if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
  const started = Date.now();
  const cdkJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const { url } = await runDeploy(
    {
      stage: values.stage as Stage,
      yes: values.yes!,
      bootstrap: values.bootstrap!,
      acceptSettings: values['accept-settings'] || undefined,
      context: positionals,
      cdkJsonContext: cdkJson.context ?? {},
      root: ROOT,
    },
    {
      aws: awsClients({ region: REGION }),
      npx,
      say,
      buildWeb: () => ensureWebArtifact('aws'),
      readJson: (file) => JSON.parse(fs.readFileSync(file, 'utf8')),
      writeWebConfig,
    },
  );
  say(`done in ${Math.round((Date.now() - started) / 1000)} s. The web app: ${url}`);
};

main().catch((error: Error) => {
  console.error(`deploy: ${error.message}`);
  process.exit(1);
});
