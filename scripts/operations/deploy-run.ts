/**
 * What `npm run deploy` and `npm run destroy` do, step by step, with every AWS call going
 * through the clients they are given (scripts/operations/aws-clients.ts) and every command
 * through `npx`: the scripts pass the real ones, and the tests pass clients that record
 * each call and answer it, so the calls can be replayed against the deploy policy.
 */
import { DescribeStacksCommand, type Stack as CfnStack } from '@aws-sdk/client-cloudformation';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { DescribeActiveReceiptRuleSetCommand } from '@aws-sdk/client-ses';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import * as path from 'node:path';
import { REGION } from '../../contract';
import { bootstrapQualifier, bootstrapVersionParameter } from '../../lib/cdk-bootstrap';
import { DEFAULT_MAIL_RULE_SET } from '../../lib/constructs/mail-intake';
import { STAGES_CONTEXT } from '../../lib/deploy-settings';
import {
  DEPLOY_SETTINGS_OUTPUT,
  OPERATIONS_OUTPUTS,
  OUTPUT_NAMES,
  WEB_OUTPUTS,
  outputsFileName,
  vaultStackName,
  type Stage,
} from '../../lib/outputs';
import { webConfigFromOutputs, type writeWebConfig } from '../../lib/web-config-file';
import type { AwsClients } from './aws-clients';
import {
  bootstrapState,
  cdkDeployArgs,
  checkWebApp,
  credentialsProblem,
  mailReceivingProblem,
  misplacedSettings,
  settingsRefusal,
  settingsToDeploy,
  settingsVerdict,
  type SettingsRecord,
} from './deploy-steps';
import { keptOnDestroy, type KeptResource } from './kept';

export interface ScriptPorts {
  readonly aws: AwsClients;
  /** Runs `npx …` in the repository, its output to the terminal; throws, naming `what`, when it fails. */
  npx(args: string[], what: string): void;
  say(line: string): void;
}

export interface DeployPorts extends ScriptPorts {
  /** Builds the web app for AWS unless its build was made from the sources as they are; says which. */
  buildWeb(): 'built' | 'current';
  /** A JSON file the CDK CLI wrote (the outputs file). */
  readJson(file: string): unknown;
  writeWebConfig: typeof writeWebConfig;
  fetchPage?: (url: string, init?: RequestInit) => Promise<Response>;
}

export interface DeployOptions {
  readonly stage: Stage;
  /** Skip CDK's question before it widens permissions (`--yes`, as CI does). */
  readonly yes: boolean;
  /** Whether this run may run `cdk bootstrap` (a person's administrator credentials may; a deploy role may not: `--no-bootstrap`). */
  readonly bootstrap: boolean;
  /** The fingerprint of new prod settings a person accepts (`--accept-settings`). */
  readonly acceptSettings?: string;
  /** The context after `--`, as `name=value`. */
  readonly context: readonly string[];
  /** cdk.json's context. */
  readonly cdkJsonContext: Record<string, unknown>;
  readonly root: string;
}

/** Who the credentials are (sts:GetCallerIdentity, which IAM never refuses): the first check of every script. */
export const callerIdentity = async (aws: AwsClients): Promise<{ account: string; arn: string }> => {
  try {
    const answer = await aws.sts.send(new GetCallerIdentityCommand({}));
    return { account: answer.Account!, arn: answer.Arn! };
  } catch (error) {
    throw credentialsProblem(error) ?? error;
  }
};

/** A stage's stack as CloudFormation describes it, or undefined when there is none. */
const describeStack = async (aws: AwsClients, stackName: string): Promise<CfnStack | undefined> => {
  try {
    return (await aws.cloudformation.send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
  } catch (error) {
    if ((error as Error).name === 'ValidationError' && /does not exist/.test((error as Error).message)) return undefined;
    throw credentialsProblem(error) ?? error;
  }
};

/** The settings a stack recorded when it was last deployed (its DeploySettings output). */
const recordedSettings = (stack: CfnStack | undefined): SettingsRecord | 'unrecorded' | undefined => {
  if (!stack) return undefined;
  const value = stack.Outputs?.find((output) => output.OutputKey === DEPLOY_SETTINGS_OUTPUT)?.OutputValue;
  return value ? (JSON.parse(value) as SettingsRecord) : 'unrecorded';
};

/**
 * `npm run deploy`: the credentials and CDK's bootstrap, the stage's settings against the
 * ones it last deployed with, the web app's build (only when its sources changed), `cdk
 * deploy`, the web config, a check of the site, and the catalogue sweep started once.
 */
export const runDeploy = async (options: DeployOptions, ports: DeployPorts): Promise<{ url: string }> => {
  const { stage, context } = options;
  const { aws, say } = ports;
  const stackName = vaultStackName(stage);

  say(`1/6 credentials and CDK bootstrap in ${REGION}`);
  const identity = await callerIdentity(aws);
  say(`    as ${identity.arn}`);
  // A custom qualifier (`-- @aws-cdk/core:bootstrapQualifier=…`, or cdk.json) names its own bootstrap.
  const qualifier = bootstrapQualifier([...context], options.cdkJsonContext);
  const parameter = bootstrapVersionParameter(qualifier);
  const bootstrap = await bootstrapState(
    async () => (await aws.ssm.send(new GetParameterCommand({ Name: parameter }))).Parameter?.Value,
    parameter,
  );
  if (bootstrap.kind === 'ready') say(`    bootstrapped (version ${bootstrap.version})`);
  else {
    const what =
      bootstrap.kind === 'missing' ? `not bootstrapped (${parameter} is missing)` : `bootstrap version ${bootstrap.version} is too old`;
    const command = ['cdk', 'bootstrap', `aws://${identity.account}/${REGION}`, '--qualifier', qualifier];
    // Bootstrapping creates IAM roles and a stack outside CDK's roles: a deploy role may not.
    if (!options.bootstrap) throw new Error(`${what}: an administrator runs \`npx ${command.join(' ')}\` once, then deploy again`);
    say(`    ${what}: bootstrapping`);
    ports.npx(command, 'cdk bootstrap');
  }

  say(`2/6 ${stackName}'s settings (cdk.json's ${STAGES_CONTEXT}.${stage}, and context after --)`);
  const misplaced = misplacedSettings(options.cdkJsonContext);
  if (misplaced.length > 0) {
    throw new Error(
      `cdk.json's context sets ${misplaced.join(', ')} for every stage alike: move ${misplaced.length === 1 ? 'it' : 'them'} into ${STAGES_CONTEXT}.dev or ${STAGES_CONTEXT}.prod`,
    );
  }
  const next = settingsToDeploy(stage, options.cdkJsonContext, context);
  const verdict = settingsVerdict(recordedSettings(await describeStack(aws, stackName)), next, options.acceptSettings);
  const refusal = settingsRefusal(stage, verdict);
  if (refusal) throw new Error(refusal);
  if (verdict.kind === 'first') say('    the first deploy of this stage');
  else if (verdict.kind === 'same') say('    the same as its last deploy');
  else if (verdict.kind === 'unrecorded') say('    its last deploy recorded none: deploying these');
  else say(`    changed since its last deploy${verdict.accepted ? ' (accepted)' : ''}:\n      ${verdict.changes.join('\n      ')}`);
  if (next.mailDomain) {
    // The stage's receipt rule goes into the account's set: a set that is missing fails the deploy
    // late, and one that is not active receives nothing, silently.
    const active = (await aws.ses.send(new DescribeActiveReceiptRuleSetCommand({}))).Metadata?.Name;
    const problem = mailReceivingProblem(active, DEFAULT_MAIL_RULE_SET);
    if (problem) throw new Error(problem);
    say(`    mail for ${String(next.mailDomain)}: SES's active receipt rule set is ${active}`);
  }

  say('3/6 the web app (built again only when its sources changed)');
  say(`    ${ports.buildWeb() === 'built' ? 'built' : 'current already'}`);

  say(`4/6 deploying ${stackName} (CloudFront takes several minutes on a first deploy)`);
  const outputsFile = path.join(options.root, outputsFileName(stage));
  ports.npx(cdkDeployArgs({ stackName, stage, outputsFile, context: [...context], approve: options.yes }), 'cdk deploy');

  say('5/6 the web config, and the site');
  const outputs = ports.readJson(outputsFile) as Record<string, Record<string, string>>;
  const configFile = path.join(options.root, `amplify_outputs.${stage}.json`);
  ports.writeWebConfig(webConfigFromOutputs(outputs, stackName), configFile);
  say(`    ${path.relative(options.root, configFile)} (what the web server runs with, for other clients and tools)`);
  const url = outputs[stackName][WEB_OUTPUTS.webUrl];
  const problems = await checkWebApp(url, outputs[stackName][OUTPUT_NAMES.userPoolClientId], ports.fetchPage);
  if (problems.length > 0) {
    // A custom domain answers only once its DNS points at the distribution.
    const distribution = outputs[stackName][WEB_OUTPUTS.distributionDomainName];
    throw new Error(
      `the stack is deployed but the web app is not right yet:\n  ${problems.join('\n  ')}\n(a custom domain needs its CNAME or alias to ${distribution})`,
    );
  }

  // Records of an earlier release get their list copies and summaries from the sweep; it
  // runs hourly anyway, and once now so filtered lists are whole right after the deploy.
  const sweep = outputs[stackName][OPERATIONS_OUTPUTS.sweepFunctionName];
  say(`6/6 starting the catalogue sweep (${sweep}); its report line is in its log group`);
  await aws.lambda.send(new InvokeCommand({ FunctionName: sweep, InvocationType: 'Event' }));
  return { url };
};

export interface DestroyPorts extends ScriptPorts {
  /** Synthesizes the stage's stack as its deploy did (no web build, no bundling): its template, and the assembly to destroy from. */
  synthesize(stage: Stage, context: readonly string[]): { template: Record<string, unknown>; assemblyDir: string };
}

export interface DestroyOptions {
  readonly stage: Stage;
  /** Delete without CDK's question (`--force`). */
  readonly force: boolean;
  /** Whether a person is at a terminal to answer CDK's question. */
  readonly interactive: boolean;
  readonly context: readonly string[];
}

/**
 * `npm run destroy`: the credentials first, whether there is anything to delete (and, for
 * prod, that its termination protection was turned off on purpose), one synth for what
 * stays, and `cdk destroy` of that synthesized assembly (no build, no second synth).
 */
export const runDestroy = async (options: DestroyOptions, ports: DestroyPorts): Promise<{ deleted: boolean; kept: KeptResource[] }> => {
  const { stage } = options;
  const { aws, say } = ports;
  const stackName = vaultStackName(stage);
  // CDK asks on the terminal, and stops ("TTY is not attached") where there is none.
  if (!options.force && !options.interactive) {
    throw new Error(
      `there is no terminal to confirm the deletion of ${stackName} in: run \`npm run destroy -- --stage ${stage} --force\` to delete it without the question`,
    );
  }
  const identity = await callerIdentity(aws);
  say(`${stackName} in ${REGION}, as ${identity.arn}`);
  const stack = await describeStack(aws, stackName);
  if (!stack) {
    say(`${stackName} does not exist in this account and region: nothing to delete`);
    return { deleted: false, kept: [] };
  }
  if (stack.EnableTerminationProtection) {
    throw new Error(
      `${stackName} is protected from termination (it holds people's data). To delete it on purpose, an administrator turns that off first: ` +
        `aws cloudformation update-termination-protection --no-enable-termination-protection --stack-name ${stackName} --region ${REGION}`,
    );
  }
  // What will stay is what the template retains: synthesized as the deploy did.
  const { template, assemblyDir } = ports.synthesize(stage, options.context);
  ports.npx(['cdk', 'destroy', stackName, '--app', assemblyDir, ...(options.force ? ['--force'] : [])], `cdk destroy ${stackName}`);
  // Answering no to CDK's question leaves it standing, and says so only on the terminal.
  if (await describeStack(aws, stackName)) {
    say(`${stackName} was not deleted`);
    return { deleted: false, kept: [] };
  }
  return { deleted: true, kept: keptOnDestroy(template) };
};
