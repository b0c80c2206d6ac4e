import { App } from 'aws-cdk-lib';
import { REGION } from '../../contract';
import { DEPLOY_POLICY_NAME, buildDeployAccessApp } from '../../lib/deploy-access-stack';
import { settingsFingerprint } from '../../lib/deploy-settings';
import {
  DEPLOY_SETTINGS_OUTPUT,
  OPERATIONS_OUTPUTS,
  OUTPUT_NAMES,
  WEB_OUTPUTS,
  sweepFunctionName,
  vaultStackName,
  type Stage,
} from '../../lib/outputs';
import { evaluatePolicies, type AccessRequest, type PolicyVerdict } from '../../local/iam/authorizer';
import { runDeploy, runDestroy, type DeployOptions } from '../../scripts/operations/deploy-run';
import { settingsToDeploy } from '../../scripts/operations/deploy-steps';
import {
  BOOTSTRAP_ROLE_TRUST,
  TEST_ACCOUNT,
  iamRequestOf,
  iamRequestsOfCommand,
  recordingClients,
  rolePolicies,
  type Answer,
  type RecordedCall,
} from '../support/deploy-calls';
import { CDK_CONTEXT } from '../support/vault-app';

/**
 * What `npm run deploy` and `npm run destroy` call, replayed against the deploy role's
 * policy as the deploy-access app synthesizes it, with the IAM evaluation the local stack
 * uses: every AWS call the scripts make with their own credentials (recorded from the real
 * SDK clients), and the bootstrap roles the CDK CLI assumes for each `cdk` command they run.
 * A new call the policy does not grant, or one no mapping describes, fails here.
 */
const QUALIFIER = 'hnb659fds';
/** The deploy role's session, as GitHub Actions' job holds it. */
const CI_SESSION = `arn:aws:sts::${TEST_ACCOUNT}:assumed-role/StatementVaultDeployAccess-DeployRole/GitHubActions`;
/** A person's own role with the same managed policy (README, deploying by hand). */
const PERSON_ROLE = `arn:aws:iam::${TEST_ACCOUNT}:role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_${DEPLOY_POLICY_NAME}_0123456789abcdef`;
const CDK_JSON_CONTEXT = {
  ...CDK_CONTEXT,
  stages: { dev: {}, prod: { sesFromAddress: 'no-reply@vault.example.com', sesVerifiedDomain: 'vault.example.com' } },
};

const deployRolePolicies = () => {
  const app = new App({ context: { ...CDK_CONTEXT, githubRepository: 'octo-org/statement-vault' } });
  const stack = buildDeployAccessApp(app);
  const template = app.synth().getStackArtifact(stack.artifactId).template;
  return rolePolicies(template, stack.getLogicalId(stack.deployRole.node.defaultChild as never));
};

/** Each request with IAM's verdict on it for `principalArn` holding `policies`. */
const verdicts = async (
  requests: AccessRequest[],
  policies: ReturnType<typeof deployRolePolicies>,
  principalArn = `arn:aws:iam::${TEST_ACCOUNT}:role/StatementVaultDeployAccess-DeployRole`,
): Promise<{ action: string; resource: string; verdict: PolicyVerdict }[]> =>
  Promise.all(
    requests.map(async (request) => ({
      action: request.action,
      resource: request.resource,
      verdict: await evaluatePolicies(
        {
          accountId: TEST_ACCOUNT,
          principalArn,
          policies,
          // Assuming a role takes its trust too; CDK's bootstrap roles trust the account.
          ...(request.action === 'sts:AssumeRole' ? { resourcePolicy: BOOTSTRAP_ROLE_TRUST } : {}),
        },
        request,
      ),
    })),
  );

/** A deployed stage's outputs, as `cdk deploy --outputs-file` writes them (values invented). */
const deployOutputs = (stage: Stage) => ({
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

const healthySite = async (url: string) =>
  url.startsWith('https:')
    ? new Response('<html>client123</html>', { headers: { 'strict-transport-security': 'max-age=63072000' } })
    : new Response(null, { status: 301, headers: { location: 'https://d1.cloudfront.net/' } });

/** AWS as a deployed account answers: bootstrapped (version 30), the stage's stack as given. */
const account =
  (stack: { stage: Stage; deployed: 'no' | 'same' | 'protected' }, bootstrapVersion?: string): Answer =>
  (call: RecordedCall) => {
    switch (call.call) {
      case 'STSClient.GetCallerIdentityCommand':
        return { Account: TEST_ACCOUNT, Arn: CI_SESSION };
      case 'SSMClient.GetParameterCommand':
        return bootstrapVersion ? { Parameter: { Value: bootstrapVersion } } : { error: { name: 'ParameterNotFound', message: '' } };
      case 'CloudFormationClient.DescribeStacksCommand':
        return stack.deployed === 'no'
          ? { error: { name: 'ValidationError', message: `Stack with id ${call.input.StackName} does not exist` } }
          : {
              Stacks: [
                {
                  StackName: call.input.StackName,
                  EnableTerminationProtection: stack.deployed === 'protected',
                  Outputs: [
                    {
                      OutputKey: DEPLOY_SETTINGS_OUTPUT,
                      OutputValue: JSON.stringify(settingsToDeploy(stack.stage, CDK_JSON_CONTEXT, [])),
                    },
                  ],
                },
              ],
            };
      default:
        return { StatusCode: 202 };
    }
  };

/** One `npm run deploy` on a fake account: every AWS call and `npx` command it made. */
const deploy = async (options: Partial<DeployOptions> & { stage: Stage }, answer: Answer) => {
  const { aws, calls } = recordingClients(answer);
  const commands: string[][] = [];
  const outcome = runDeploy(
    { yes: true, bootstrap: false, context: [], cdkJsonContext: CDK_JSON_CONTEXT, root: '/repo', ...options },
    {
      aws,
      npx: (args) => void commands.push(args),
      say: () => undefined,
      buildWeb: () => 'current',
      readJson: () => deployOutputs(options.stage),
      writeWebConfig: () => undefined,
      fetchPage: healthySite,
    },
  );
  return { outcome, calls, commands };
};

/** Every IAM request behind a run: its AWS calls, then its cdk commands. */
const requestsOf = (run: { calls: RecordedCall[]; commands: string[][] }): AccessRequest[] => [
  ...run.calls.flatMap((call) => iamRequestOf(call) ?? []),
  ...run.commands.flatMap((args) => iamRequestsOfCommand(args, QUALIFIER)),
];

let policies: ReturnType<typeof deployRolePolicies>;
beforeAll(() => {
  policies = deployRolePolicies();
});

const allAllowed = async (requests: AccessRequest[], principalArn?: string) => {
  expect(requests.length).toBeGreaterThan(0);
  const refused = (await verdicts(requests, policies, principalArn)).filter((entry) => entry.verdict !== 'Allowed');
  expect(refused).toEqual([]);
};

describe('the deploy policy grants every call of npm run deploy and npm run destroy', () => {
  test('a CI deploy of dev, deployed before with the same settings: its checks, cdk deploy through the bootstrap roles, the sweep', async () => {
    const run = await deploy({ stage: 'dev' }, account({ stage: 'dev', deployed: 'same' }, '30'));
    await expect(run.outcome).resolves.toEqual({ url: 'https://d1.cloudfront.net' });
    expect(run.calls.map((call) => call.call)).toEqual([
      'STSClient.GetCallerIdentityCommand',
      'SSMClient.GetParameterCommand',
      'CloudFormationClient.DescribeStacksCommand',
      'LambdaClient.InvokeCommand',
    ]);
    expect(run.commands.map((args) => args.slice(0, 3))).toEqual([['cdk', 'deploy', vaultStackName('dev')]]);
    await allAllowed(requestsOf(run));
  });

  test("a CI deploy of prod's first release (no stack yet), and one whose changed settings a person accepted", async () => {
    const first = await deploy({ stage: 'prod' }, account({ stage: 'prod', deployed: 'no' }, '30'));
    await expect(first.outcome).resolves.toBeDefined();
    await allAllowed(requestsOf(first));

    const changed = ['alarmEmail=oncall@example.com'];
    const fingerprint = settingsFingerprint(settingsToDeploy('prod', CDK_JSON_CONTEXT, changed));
    const accepted = await deploy(
      { stage: 'prod', context: changed, acceptSettings: fingerprint },
      account({ stage: 'prod', deployed: 'same' }, '30'),
    );
    await expect(accepted.outcome).resolves.toBeDefined();
    await allAllowed(requestsOf(accepted));
  });

  test('the same calls by hand, as a person whose role has the same managed policy', async () => {
    const run = await deploy({ stage: 'dev' }, account({ stage: 'dev', deployed: 'same' }, '30'));
    await run.outcome;
    await allAllowed(requestsOf(run), PERSON_ROLE);
  });

  test('a teardown of dev, without a question (--force): the credentials, the stack before and after, cdk destroy through the deploy role', async () => {
    let destroyed = false;
    const deployed = account({ stage: 'dev', deployed: 'same' });
    const gone = account({ stage: 'dev', deployed: 'no' });
    const { aws, calls } = recordingClients((call) => (destroyed ? gone : deployed)(call));
    const commands: string[][] = [];
    const outcome = await runDestroy(
      { stage: 'dev', force: true, interactive: false, context: [] },
      {
        aws,
        npx: (args) => {
          commands.push(args);
          destroyed = true;
        },
        say: () => undefined,
        synthesize: () => ({ template: { Resources: {} }, assemblyDir: '/tmp/assembly' }),
      },
    );
    expect(outcome).toEqual({ deleted: true, kept: [] });
    expect(calls.map((call) => call.call)).toEqual([
      'STSClient.GetCallerIdentityCommand',
      'CloudFormationClient.DescribeStacksCommand',
      'CloudFormationClient.DescribeStacksCommand',
    ]);
    expect(commands).toEqual([['cdk', 'destroy', vaultStackName('dev'), '--app', '/tmp/assembly', '--force']]);
    await allAllowed(requestsOf({ calls, commands }));
  });
});

describe('what the deploy policy refuses, and so the scripts never ask of it', () => {
  test('bootstrapping: a CI deploy to an account without CDK bootstrap stops and names the command an administrator runs', async () => {
    const run = await deploy({ stage: 'dev', bootstrap: false }, account({ stage: 'dev', deployed: 'no' }));
    await expect(run.outcome).rejects.toThrow(
      `not bootstrapped (/cdk-bootstrap/${QUALIFIER}/version is missing): an administrator runs \`npx cdk bootstrap aws://${TEST_ACCOUNT}/${REGION} --qualifier ${QUALIFIER}\` once`,
    );
    expect(run.commands).toEqual([]);
    const refused = await verdicts(iamRequestsOfCommand(['cdk', 'bootstrap'], QUALIFIER), policies);
    expect(refused.map((entry) => entry.verdict)).toEqual(['ImplicitlyDenied', 'ImplicitlyDenied']);
  });

  test('the evaluation refuses what the policy does not grant: the policy as it was (assume the bootstrap roles only) stops at the bootstrap check', async () => {
    const assumeOnly = policies.map(({ name, policy }) => ({
      name,
      policy: { ...policy, Statement: policy.Statement.filter((statement) => statement.Sid === 'AssumeCdkBootstrapRoles') },
    }));
    const run = await deploy({ stage: 'dev' }, account({ stage: 'dev', deployed: 'same' }, '30'));
    await run.outcome;
    const refused = (await verdicts(requestsOf(run), assumeOnly)).filter((entry) => entry.verdict !== 'Allowed');
    expect(refused.map((entry) => entry.action)).toEqual(['ssm:GetParameter', 'cloudformation:DescribeStacks', 'lambda:InvokeFunction']);
  });

  test("another stack's settings, another function, another parameter: each grant names exactly its resources", async () => {
    const others: AccessRequest[] = [
      { action: 'cloudformation:DescribeStacks', resource: `arn:aws:cloudformation:${REGION}:${TEST_ACCOUNT}:stack/SomeoneElses/0a1b` },
      {
        action: 'lambda:InvokeFunction',
        resource: `arn:aws:lambda:${REGION}:${TEST_ACCOUNT}:function:StatementVault-prod-AccountDeletionWorker`,
      },
      { action: 'ssm:GetParameter', resource: `arn:aws:ssm:${REGION}:${TEST_ACCOUNT}:parameter/cdk-bootstrap/other/version` },
      { action: 'sts:AssumeRole', resource: `arn:aws:iam::${TEST_ACCOUNT}:role/cdk-${QUALIFIER}-cfn-exec-role-${TEST_ACCOUNT}-${REGION}` },
    ];
    const answered = await verdicts(others, policies);
    expect(answered.map((entry) => entry.verdict)).toEqual([
      'ImplicitlyDenied',
      'ImplicitlyDenied',
      'ImplicitlyDenied',
      'ImplicitlyDenied',
    ]);
  });

  test('a call or command with no IAM mapping fails the replay instead of passing unseen', () => {
    expect(() => iamRequestOf({ call: 'CloudFormationClient.DescribeStackEventsCommand', input: {} })).toThrow(/has no IAM mapping/);
    expect(() => iamRequestsOfCommand(['cdk', 'import'], QUALIFIER)).toThrow(/cdk import has no IAM mapping/);
  });
});
