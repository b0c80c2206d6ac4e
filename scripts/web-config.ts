/**
 * Turns a deploy's outputs (`cdk-outputs.<stage>.json`, which `npm run deploy` has `cdk
 * deploy` write) into the web app's config (`web/amplify_outputs.json`, Amplify Gen2's format).
 *
 *   npm run web:config [-- --stage dev|prod --outputs cdk-outputs.<stage>.json --out web/amplify_outputs.json]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { WEB_CONFIG_FILE } from '../contract';
import { STAGES, outputsFileName, vaultStackName, type Stage } from '../lib/outputs';
import { webConfigFromOutputs, writeWebConfig } from '../lib/web-config-file';

const main = (): void => {
  const { values } = parseArgs({
    options: {
      outputs: { type: 'string' },
      out: { type: 'string', default: path.join('web', WEB_CONFIG_FILE) },
      stage: { type: 'string', default: 'dev' },
    },
  });
  if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
  const stackName = vaultStackName(values.stage as Stage);
  const outputs = values.outputs ?? outputsFileName(values.stage as Stage);
  const outputsPath = path.resolve(outputs);
  if (!fs.existsSync(outputsPath)) {
    throw new Error(`${outputs} does not exist; run \`npm run deploy -- --stage ${values.stage}\` (it writes it) first`);
  }
  const config = webConfigFromOutputs(JSON.parse(fs.readFileSync(outputsPath, 'utf8')), stackName);
  writeWebConfig(config, path.resolve(values.out!));
  console.log(`web:config: wrote ${values.out} from ${outputs} (stack ${stackName})`);
};

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`web:config: ${(error as Error).message}`);
    process.exit(1);
  }
}
