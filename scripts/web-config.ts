/**
 * Turns `cdk deploy --outputs-file cdk-outputs.json` into the web app's build-time config
 * (`web/amplify_outputs.json`, Amplify Gen2's format).
 *
 *   npm run web:config [-- --stage dev|prod --outputs cdk-outputs.json --out web/amplify_outputs.json]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { WEB_CONFIG_FILE } from '../contract';
import { STAGES, vaultStackName, type Stage } from '../lib/outputs';
import { webConfigFromOutputs, writeWebConfig } from '../lib/web-config-file';

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
