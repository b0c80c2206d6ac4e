/**
 * `npm run deploy -- --stage dev|prod [--yes] [-- name=value …]`: the whole product on
 * AWS, from a fresh clone with AWS credentials.
 *
 *   1. checks the credentials and CDK's bootstrap in us-east-1 (bootstraps when missing
 *      or too old);
 *   2. `cdk deploy` of the stage's stack, which first builds the web app with OpenNext
 *      (cdk.json's build step) and hands the server its config at deploy time;
 *   3. writes the stage's web config (amplify_outputs.<stage>.json) from the outputs;
 *   4. checks that the web app answers with this stack's config over HTTPS, and prints
 *      its URL;
 *   5. starts the catalogue sweep once, which brings records of an earlier release into
 *      the filtered lists and summaries.
 *
 * Everything after `--` is CDK context, e.g. `sesFromAddress=no-reply@example.com`.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REGION } from '../contract';
import { OPERATIONS_OUTPUTS, OUTPUT_NAMES, STAGES, WEB_OUTPUTS, vaultStackName, type Stage } from '../lib/outputs';
import { bootstrapQualifier, bootstrapState, bootstrapVersionParameter, cdkDeployArgs, checkWebApp } from './operations/deploy-steps';
import { webConfigFromOutputs, writeWebConfig } from '../lib/web-config-file';

const ROOT = path.join(__dirname, '..');
const say = (line: string) => console.log(`deploy: ${line}`);

const run = (args: string[], what: string) => {
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} failed (npx ${args.slice(0, 2).join(' ')}); its output is above`);
};

const main = async () => {
  const { values, positionals } = parseArgs({
    options: { stage: { type: 'string', default: 'dev' }, yes: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
  const stage = values.stage as Stage;
  const stackName = vaultStackName(stage);
  const started = Date.now();

  say(`1/5 credentials and CDK bootstrap in ${REGION}`);
  const ssm = new SSMClient({ region: REGION });
  // A custom qualifier (`-- @aws-cdk/core:bootstrapQualifier=…`, or cdk.json) names its own bootstrap.
  const cdkJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const qualifier = bootstrapQualifier(positionals, cdkJson.context);
  const parameter = bootstrapVersionParameter(qualifier);
  const bootstrap = await bootstrapState(
    async () => (await ssm.send(new GetParameterCommand({ Name: parameter }))).Parameter?.Value,
    parameter,
  );
  if (bootstrap.kind === 'ready') say(`    bootstrapped (version ${bootstrap.version})`);
  else {
    say(
      bootstrap.kind === 'missing'
        ? `    not bootstrapped (${parameter} is missing): bootstrapping`
        : `    bootstrap version ${bootstrap.version} is too old: updating it`,
    );
    // Naming the environment spares CDK a synth (and a web build) to find it.
    const { Account } = await new STSClient({ region: REGION }).send(new GetCallerIdentityCommand({}));
    run(['cdk', 'bootstrap', `aws://${Account}/${REGION}`, '--qualifier', qualifier], 'cdk bootstrap');
  }

  say(`2/5 building the web app and deploying ${stackName} (CloudFront takes several minutes on a first deploy)`);
  const outputsFile = path.join(ROOT, 'cdk-outputs.json');
  run(cdkDeployArgs({ stackName, stage, outputsFile, context: positionals, approve: values.yes! }), 'cdk deploy');

  say('3/5 writing the web config');
  const outputs = JSON.parse(fs.readFileSync(outputsFile, 'utf8'));
  const config = webConfigFromOutputs(outputs, stackName);
  const configFile = path.join(ROOT, `amplify_outputs.${stage}.json`);
  writeWebConfig(config, configFile);
  say(`    ${path.relative(ROOT, configFile)} (what the web server runs with, for other clients and tools)`);

  const url = outputs[stackName][WEB_OUTPUTS.webUrl] as string;
  say(`4/5 checking ${url}`);
  const problems = await checkWebApp(url, outputs[stackName][OUTPUT_NAMES.userPoolClientId]);
  if (problems.length > 0) {
    // A custom domain answers only once its DNS points at the distribution.
    const distribution = outputs[stackName][WEB_OUTPUTS.distributionDomainName];
    throw new Error(
      `the stack is deployed but the web app is not right yet:\n  ${problems.join('\n  ')}\n(a custom domain needs its CNAME or alias to ${distribution})`,
    );
  }
  // Records of an earlier release get their list copies and summaries from the sweep; it
  // runs hourly anyway, and once now so filtered lists are whole right after the deploy.
  const sweep = outputs[stackName][OPERATIONS_OUTPUTS.sweepFunctionName] as string;
  say(`5/5 starting the catalogue sweep (${sweep}); its report line is in its log group`);
  await new LambdaClient({ region: REGION }).send(new InvokeCommand({ FunctionName: sweep, InvocationType: 'Event' }));
  say(`done in ${Math.round((Date.now() - started) / 1000)} s. The web app: ${url}`);
};

main().catch((error: Error) => {
  console.error(`deploy: ${error.message}`);
  process.exit(1);
});
