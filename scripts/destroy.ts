/**
 * `npm run destroy -- --stage dev|prod [--force] [-- name=value …]`: deletes the stage's
 * stack and then lists what stays in the account and why (scripts/operations/deploy-run.ts).
 * It checks the credentials first, builds nothing, and synthesizes once. CDK asks before it
 * deletes; where no terminal can answer (CI, a pipe), `--force` deletes without the
 * question. The account's stack (StatementVaultAccount) and the other stage stay.
 */
import { App } from 'aws-cdk-lib';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REGION } from '../contract';
import { buildVaultApp } from '../lib/app';
import { STAGES, vaultStackName, type Stage } from '../lib/outputs';
import { awsClients } from './operations/aws-clients';
import { runDestroy } from './operations/deploy-run';
import { contextEntries } from './operations/deploy-steps';

const ROOT = path.join(__dirname, '..');
const say = (line: string) => console.log(`destroy: ${line}`);

const npx = (args: string[], what: string) => {
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} did not finish; its output is above`);
};

/**
 * The stage's app as `cdk synth` makes it, in this process: cdk.json's context, then the
 * context given, no bundling (the CDK CLI bundles for no teardown either), and so no web build.
 */
const synthesize = (stage: Stage, context: readonly string[]) => {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), `destroy-${stage}-`));
  const app = new App({
    outdir,
    context: { ...cdkJson.context, ...contextEntries(context), stage, 'aws:cdk:bundling-stacks': [] },
  });
  const stack = buildVaultApp(app);
  const template = app.synth().getStackArtifact(stack.artifactId).template as Record<string, unknown>;
  return { template, assemblyDir: outdir };
};

const main = async () => {
  const { values, positionals } = parseArgs({
    options: { stage: { type: 'string', default: 'dev' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
  const stage = values.stage as Stage;
  const { deleted, kept } = await runDestroy(
    { stage, force: values.force!, interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY), context: positionals },
    { aws: awsClients({ region: REGION }), npx, say, synthesize },
  );
  if (!deleted) return;
  console.log(`\n${vaultStackName(stage)} is deleted.${kept.length ? ' These stay in the account:' : ' Nothing of it stays.'}`);
  for (const item of kept) console.log(`  - ${item.what} (${item.type} ${item.logicalId}): ${item.why}`);
};

main().catch((error: Error) => {
  console.error(`destroy: ${error.message}`);
  process.exit(1);
});
