/**
 * `npm run destroy -- --stage dev|prod`: deletes the stage's stack (after you confirm, as
 * `cdk destroy` asks), then lists what stays in the account and why. Needs AWS
 * credentials for the account the stage is deployed in.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { STAGES, vaultStackName, type Stage } from '../lib/outputs';
import { keptOnDestroy } from './operations/kept';

const ROOT = path.join(__dirname, '..');

const main = () => {
  const { values, positionals } = parseArgs({
    options: { stage: { type: 'string', default: 'dev' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
  const stage = values.stage as Stage;
  const stackName = vaultStackName(stage);
  const context = ['-c', `stage=${stage}`, ...positionals.flatMap((entry) => ['-c', entry])];

  // What will stay is what the template retains: synthesize it as the deploy did.
  const synth = spawnSync('npx', ['cdk', 'synth', stackName, '--quiet', ...context], { cwd: ROOT, stdio: 'inherit' });
  if (synth.status !== 0)
    throw new Error(`cdk synth failed; pass the same -c options as the deploy (e.g. sesFromAddress=… for prod) after --`);
  const template = JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.out', `${stackName}.template.json`), 'utf8'));

  const destroy = spawnSync('npx', ['cdk', 'destroy', stackName, ...(values.force ? ['--force'] : []), ...context], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (destroy.status !== 0) throw new Error(`cdk destroy ${stackName} did not finish`);

  const kept = keptOnDestroy(template);
  console.log(`\n${stackName} is deleted.${kept.length ? ' These stay in the account:' : ' Nothing of it stays.'}`);
  for (const item of kept) console.log(`  - ${item.what} (${item.type} ${item.logicalId}): ${item.why}`);
};

try {
  main();
} catch (error) {
  console.error(`destroy: ${(error as Error).message}`);
  process.exit(1);
}
