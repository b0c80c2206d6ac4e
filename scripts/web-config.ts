/**
 * Turns `cdk deploy --outputs-file cdk-outputs.json` into the web app's build-time config
 * (`web/amplify_outputs.json`, Amplify Gen2's format).
 *
 *   npm run web:config [-- --stage dev|prod --outputs cdk-outputs.json --out web/amplify_outputs.json]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWebConfig, WEB_CONFIG_FILE, type WebConfig } from '../contract';
import { OUTPUT_NAMES, STAGES, vaultStackName, type OutputField, type Stage } from '../lib/outputs';

export const webConfigFromOutputs = (outputsFile: unknown, stackName: string = vaultStackName('dev')): WebConfig => {
  const stacks = (outputsFile ?? {}) as Record<string, Record<string, string> | undefined>;
  const outputs = stacks[stackName];
  if (!outputs) {
    const found = Object.keys(stacks);
    throw new Error(
      `the outputs file has no stack "${stackName}"${found.length ? ` (it has ${found.join(', ')})` : ''}; ` +
        'run `npx cdk deploy --outputs-file cdk-outputs.json` first',
    );
  }
  const missing = Object.values(OUTPUT_NAMES).filter((name) => !outputs[name]);
  if (missing.length > 0) {
    throw new Error(`the outputs of ${stackName} lack ${missing.join(', ')}; redeploy with the current CDK app`);
  }
  const values = Object.fromEntries(
    (Object.entries(OUTPUT_NAMES) as [OutputField, string][]).map(([field, name]) => [field, outputs[name]]),
  ) as Record<OutputField, string>;
  return buildWebConfig(values);
};

export const writeWebConfig = (config: WebConfig, file: string): void => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
  // Rename is atomic: a build reading the file never sees half of it.
  fs.renameSync(temporary, file);
};

const main = (): void => {
  const { values } = parseArgs({
    options: {
      outputs: { type: 'string', default: 'cdk-outputs.json' },
      out: { type: 'string', default: path.join('web', WEB_CONFIG_FILE) },
      stage: { type: 'string', default: 'dev' },
    },
  });
  if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
  const stackName = vaultStackName(values.stage as Stage);
  const outputsPath = path.resolve(values.outputs!);
  if (!fs.existsSync(outputsPath)) {
    throw new Error(`${values.outputs} does not exist; run \`npx cdk deploy --outputs-file ${values.outputs}\` first`);
  }
  const config = webConfigFromOutputs(JSON.parse(fs.readFileSync(outputsPath, 'utf8')), stackName);
  writeWebConfig(config, path.resolve(values.out!));
  console.log(`web:config: wrote ${values.out} from ${values.outputs} (stack ${stackName})`);
};

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`web:config: ${(error as Error).message}`);
    process.exit(1);
  }
}
