import { REGION } from '../../contract';
import { bootstrapRoleName, type CdkBootstrapRoleKind } from '../../lib/cdk-bootstrap';
import {
  DEPLOY_SETTINGS_OUTPUT,
  OPERATIONS_OUTPUTS,
  OUTPUT_NAMES,
  WEB_OUTPUTS,
  sweepFunctionName,
  vaultStackName,
  type Stage,
} from '../../lib/outputs';
import { intrinsicResolver, rolePoliciesOf, type PolicyDocument, type Template } from '../../local/iam/access-model';
import type { AccessRequest } from '../../local/iam/authorizer';
import { awsClients, type AwsClients } from '../../scripts/operations/aws-clients';
import { runDeploy, type DeployOptions } from '../../scripts/operations/deploy-run';
import { settingsToDeploy } from '../../scripts/operations/deploy-steps';
import { CDK_CONTEXT } from './vault-app';

/**
 * The deploy scripts' calls as IAM sees them. The scripts' AWS clients are the real SDK
 * clients with one middleware added, which records each call and answers it before
 * anything is signed or sent; each recorded call is mapped to the action and resource IAM
 * authorizes, and each `npx cdk …` command to the bootstrap roles the CDK CLI assumes for
 * it. A call with no mapping here fails: whoever adds one says what IAM makes of it.
 */
export const TEST_ACCOUNT = '123456789012';

export interface RecordedCall {
  /** e.g. `SSMClient.GetParameterCommand` */
  call: string;
  input: Record<string, any>;
}

/** What a recorded call is answered with: its output, or an error (by name and message) the SDK would throw. */
export type Answer = (call: RecordedCall) => object | { error: { name: string; message: string } };

/** The scripts' clients, recording every call into `calls` and answering it with `answer`. */
export const recordingClients = (answer: Answer): { aws: AwsClients; calls: RecordedCall[] } => {
  const calls: RecordedCall[] = [];
  const aws = awsClients({ region: REGION });
  for (const client of Object.values(aws) as { middlewareStack: { add: (...args: any[]) => void } }[]) {
    client.middlewareStack.add(
      (_next: unknown, context: { clientName: string; commandName: string }) => async (args: { input: Record<string, any> }) => {
        const call = { call: `${context.clientName}.${context.commandName}`, input: args.input };
        calls.push(call);
        const answered = answer(call);
        if ('error' in answered) throw Object.assign(new Error(answered.error.message), { name: answered.error.name });
        return { output: { $metadata: {}, ...answered }, response: {} };
      },
      { step: 'initialize', name: 'recordAndAnswer' },
    );
  }
  return { aws, calls };
};

/** A stack's ARN ends in an id CloudFormation makes; any will do. */
const STACK_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/**
 * What IAM authorizes for each call the scripts make with their own credentials;
 * `undefined` for a call IAM never refuses (sts:GetCallerIdentity).
 */
const IAM_OF_CALLS: Record<string, (input: Record<string, any>) => AccessRequest | undefined> = {
  'STSClient.GetCallerIdentityCommand': () => undefined,
  'SSMClient.GetParameterCommand': (input) => ({
    action: 'ssm:GetParameter',
    resource: `arn:aws:ssm:${REGION}:${TEST_ACCOUNT}:parameter${input.Name}`,
  }),
  'CloudFormationClient.DescribeStacksCommand': (input) => ({
    action: 'cloudformation:DescribeStacks',
    resource: `arn:aws:cloudformation:${REGION}:${TEST_ACCOUNT}:stack/${input.StackName}/${STACK_ID}`,
  }),
  'SESClient.DescribeActiveReceiptRuleSetCommand': () => ({ action: 'ses:DescribeActiveReceiptRuleSet', resource: '*' }),
  'LambdaClient.InvokeCommand': (input) => ({
    action: 'lambda:InvokeFunction',
    resource: String(input.FunctionName).startsWith('arn:')
      ? input.FunctionName
      : `arn:aws:lambda:${REGION}:${TEST_ACCOUNT}:function:${input.FunctionName}`,
  }),
};

export const iamRequestOf = (call: RecordedCall): AccessRequest | undefined => {
  const map = IAM_OF_CALLS[call.call];
  if (!map)
    throw new Error(
      `${call.call} has no IAM mapping in test/support/deploy-calls.ts: add the action and resource IAM authorizes, and grant it (narrowly) in the deploy policy`,
    );
  return map(call.input);
};

/**
 * The bootstrap roles the CDK CLI assumes for a command: CloudFormation through the deploy
 * role, file assets (Lambda code, the web app's files) through the file-publishing role.
 * The vault has no container image assets and makes no context lookups, so it never
 * assumes the other two. `cdk bootstrap` assumes none: it creates those roles, with the
 * caller's own credentials.
 */
const CDK_COMMAND_ROLES: Record<string, readonly CdkBootstrapRoleKind[] | 'own credentials'> = {
  deploy: ['deploy', 'file-publishing'],
  destroy: ['deploy'],
  bootstrap: 'own credentials',
};

/** What `cdk bootstrap` does with the caller's own credentials (a part of it: enough that a deploy role is refused). */
const bootstrapRequests = (qualifier: string): AccessRequest[] => [
  { action: 'cloudformation:CreateChangeSet', resource: `arn:aws:cloudformation:${REGION}:${TEST_ACCOUNT}:stack/CDKToolkit/${STACK_ID}` },
  {
    action: 'iam:CreateRole',
    resource: `arn:aws:iam::${TEST_ACCOUNT}:role/${bootstrapRoleName('deploy', qualifier, TEST_ACCOUNT, REGION)}`,
  },
];

/** The IAM requests behind one `npx` command the scripts ran. */
export const iamRequestsOfCommand = (args: string[], qualifier: string): AccessRequest[] => {
  if (args[0] !== 'cdk') throw new Error(`npx ${args.join(' ')} has no IAM mapping in test/support/deploy-calls.ts`);
  const roles = CDK_COMMAND_ROLES[args[1]];
  if (!roles) throw new Error(`cdk ${args[1]} has no IAM mapping in test/support/deploy-calls.ts: name the bootstrap roles it assumes`);
  if (roles === 'own credentials') return bootstrapRequests(qualifier);
  return roles.map((kind) => ({
    action: 'sts:AssumeRole',
    resource: `arn:aws:iam::${TEST_ACCOUNT}:role/${bootstrapRoleName(kind, qualifier, TEST_ACCOUNT, REGION)}`,
  }));
};

/** A bootstrap role's trust, as CDK's bootstrap template writes it: the account itself (and so whichever of its principals its own policies allow). */
export const BOOTSTRAP_ROLE_TRUST: PolicyDocument = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Principal: { AWS: `arn:aws:iam::${TEST_ACCOUNT}:root` }, Action: 'sts:AssumeRole' }],
};

/** Every policy that applies to a role of a synthesized template (its managed policy included), resolved for TEST_ACCOUNT. */
export const rolePolicies = (template: Template, roleId: string): { name: string; policy: PolicyDocument }[] =>
  rolePoliciesOf(template.Resources, roleId, intrinsicResolver({ accountId: TEST_ACCOUNT }), { managed: 'from-template' });

/** cdk.json's context as a deployer fills it in: a stages block, prod's with SES. */
export const TEST_CDK_JSON_CONTEXT = {
  ...CDK_CONTEXT,
  stages: { dev: {}, prod: { sesFromAddress: 'no-reply@vault.example.com', sesVerifiedDomain: 'vault.example.com' } },
};

/** The deploy role's session, as GitHub Actions' job holds it. */
export const CI_SESSION = `arn:aws:sts::${TEST_ACCOUNT}:assumed-role/StatementVaultDeployAccess-DeployRole/GitHubActions`;

/** A deployed stage's outputs, as `cdk deploy --outputs-file` writes them (values invented). */
export const deployOutputs = (stage: Stage) => ({
  [vaultStackName(stage)]: {
    [OUTPUT_NAMES.region]: REGION,
    [OUTPUT_NAMES.userPoolId]: 'us-east-1_AbCdEfGhI',
    [OUTPUT_NAMES.userPoolClientId]: 'client123',
    [OUTPUT_NAMES.identityPoolId]: 'us-east-1:0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    [OUTPUT_NAMES.graphqlUrl]: 'https://abc.appsync-api.us-east-1.amazonaws.com/graphql',
    [OUTPUT_NAMES.graphqlApiKey]: 'da2-abcdefghijklmnopqrstuvwxyz',
    [OUTPUT_NAMES.bucketName]: `statement-vault-files-${stage}-${TEST_ACCOUNT}-0a1b2c3d4e5f`,
    [OUTPUT_NAMES.profileImageApiUrl]: 'https://a1.execute-api.us-east-1.amazonaws.com/prod/',
    [OUTPUT_NAMES.statementsApiUrl]: 'https://a2.execute-api.us-east-1.amazonaws.com/prod/',
    [OUTPUT_NAMES.pushPublicKey]: 'BDpRpRfCk803_AkCp-fPpcqc_Lucb4ZXnBBkVKfMeJWERFmyw5UZr3Mij45PAypeeiH8UHK4U-SoyR7ZjAhY9ak',
    [WEB_OUTPUTS.webUrl]: 'https://d1.cloudfront.net',
    [WEB_OUTPUTS.distributionDomainName]: 'd1.cloudfront.net',
    [OPERATIONS_OUTPUTS.sweepFunctionName]: sweepFunctionName(stage),
  },
});

/** The site answering as it should: this stack's config over HTTPS, HTTP redirected. */
export const healthySite = async (url: string) =>
  url.startsWith('https:')
    ? new Response('<html>client123</html>', { headers: { 'strict-transport-security': 'max-age=63072000' } })
    : new Response(null, { status: 301, headers: { location: 'https://d1.cloudfront.net/' } });

export interface FakeAccount {
  /** The stage's stack: none, deployed with `recorded` settings (default: the ones TEST_CDK_JSON_CONTEXT gives), or protected from termination. */
  stack: 'none' | 'deployed' | 'protected';
  stage: Stage;
  /** What the stack's DeploySettings output says; `unrecorded` for a stack that predates it. */
  recorded?: Record<string, unknown> | 'unrecorded';
  /** CDK's bootstrap version; none when the account is not bootstrapped. */
  bootstrapVersion?: string;
  /** Credentials the SDK cannot use. */
  noCredentials?: boolean;
  /** The name of SES's active receipt rule set in the region, if there is one. */
  activeMailRuleSet?: string;
}

/** AWS as an account answers the scripts' calls. */
export const fakeAccount =
  (account: FakeAccount): Answer =>
  (call: RecordedCall) => {
    if (account.noCredentials)
      return { error: { name: 'CredentialsProviderError', message: 'Could not load credentials from any providers' } };
    switch (call.call) {
      case 'STSClient.GetCallerIdentityCommand':
        return { Account: TEST_ACCOUNT, Arn: CI_SESSION };
      case 'SSMClient.GetParameterCommand':
        return account.bootstrapVersion
          ? { Parameter: { Value: account.bootstrapVersion } }
          : { error: { name: 'ParameterNotFound', message: '' } };
      case 'CloudFormationClient.DescribeStacksCommand': {
        if (account.stack === 'none')
          return { error: { name: 'ValidationError', message: `Stack with id ${call.input.StackName} does not exist` } };
        const recorded = account.recorded ?? settingsToDeploy(account.stage, TEST_CDK_JSON_CONTEXT, []);
        return {
          Stacks: [
            {
              StackName: call.input.StackName,
              EnableTerminationProtection: account.stack === 'protected',
              Outputs: recorded === 'unrecorded' ? [] : [{ OutputKey: DEPLOY_SETTINGS_OUTPUT, OutputValue: JSON.stringify(recorded) }],
            },
          ],
        };
      }
      case 'LambdaClient.InvokeCommand':
        return { StatusCode: 202 };
      case 'SESClient.DescribeActiveReceiptRuleSetCommand':
        return account.activeMailRuleSet ? { Metadata: { Name: account.activeMailRuleSet }, Rules: [] } : {};
      default:
        return { error: { name: 'UnknownOperation', message: `${call.call} is not answered by this fake account` } };
    }
  };

/** One `npm run deploy` on a fake account: its outcome, every AWS call and every `npx` command, and the steps it said. */
export const fakeDeploy = (options: Partial<DeployOptions> & { stage: Stage }, answer: Answer, built: 'built' | 'current' = 'current') => {
  const { aws, calls } = recordingClients(answer);
  const commands: string[][] = [];
  const said: string[] = [];
  const events: string[] = [];
  const outcome = runDeploy(
    { yes: true, bootstrap: false, context: [], cdkJsonContext: TEST_CDK_JSON_CONTEXT, root: '/repo', ...options },
    {
      aws,
      npx: (args) => {
        commands.push(args);
        events.push(`npx ${args.slice(0, 2).join(' ')}`);
      },
      say: (line) => void said.push(line),
      buildWeb: () => {
        events.push('build web');
        return built;
      },
      readJson: () => deployOutputs(options.stage),
      writeWebConfig: () => undefined,
      fetchPage: healthySite,
    },
  );
  // Nothing unhandled while the caller has not awaited it yet.
  outcome.catch(() => undefined);
  return { outcome, calls, commands, said, events };
};
