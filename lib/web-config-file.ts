import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildWebConfig, type WebConfig } from '../contract';
import { OUTPUT_NAMES, vaultStackName, type OutputField } from './outputs';

/**
 * The web app's config from a deploy's outputs (`cdk deploy --outputs-file`), and the file
 * it is written to: `npm run web:config` after a deploy, the local stack at every start.
 */
export const webConfigFromOutputs = (outputsFile: unknown, stackName: string = vaultStackName('dev')): WebConfig => {
  const stacks = (outputsFile ?? {}) as Record<string, Record<string, string> | undefined>;
  const outputs = stacks[stackName];
  if (!outputs) {
    const found = Object.keys(stacks);
    throw new Error(
      `the outputs file has no stack "${stackName}"${found.length ? ` (it has ${found.join(', ')})` : ''}; ` +
        'run `npm run deploy` first (it writes cdk-outputs.<stage>.json)',
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
