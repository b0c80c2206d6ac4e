import { App } from 'aws-cdk-lib';
import { REGION } from '../../contract';
import { DEFAULT_MAIL_RULE_SET } from '../../lib/constructs/mail-intake';
import { DEPLOY_POLICY_NAME, buildDeployAccessApp } from '../../lib/deploy-access-stack';
import { settingsFingerprint } from '../../lib/deploy-settings';
import { vaultStackName } from '../../lib/outputs';
import { evaluatePolicies, type AccessRequest, type PolicyVerdict } from '../../local/iam/authorizer';
import { runDestroy } from '../../scripts/operations/deploy-run';
import { settingsToDeploy } from '../../scripts/operations/deploy-steps';
import {
  BOOTSTRAP_ROLE_TRUST,
  TEST_ACCOUNT,
  TEST_CDK_JSON_CONTEXT,
  fakeAccount,
  fakeDeploy,
  iamRequestOf,
  iamRequestsOfCommand,
  recordingClients,
  rolePolicies,
  type RecordedCall,
} from '../support/deploy-calls';
import { CDK_CONTEXT, synthOutdir } from '../support/vault-app';

/**
 * What `npm run deploy` and `npm run destroy` call, replayed against the deploy role's
 * policy as the deploy-access app synthesizes it, with the IAM evaluation the local stack
 * uses: every AWS call the scripts make with their own credentials (recorded from the real
 * SDK clients), and the bootstrap roles the CDK CLI assumes for each `cdk` command they run.
 * A new call the policy does not grant, or one no mapping describes, fails here.
 */
const QUALIFIER = 'hnb659fds';
/** A person's own role with the same managed policy (docs/deploying.md#deploying-by-hand-with-the-deploy-policy). */
const PERSON_ROLE = `arn:aws:iam::${TEST_ACCOUNT}:role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_${DEPLOY_POLICY_NAME}_0123456789abcdef`;

const deployRolePolicies = () => {
  const app = new App({ outdir: synthOutdir(), context: { ...CDK_CONTEXT, githubRepository: 'octo-org/statement-vault' } });
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
    const run = fakeDeploy({ stage: 'dev' }, fakeAccount({ stage: 'dev', stack: 'deployed', bootstrapVersion: '30' }));
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
    const first = fakeDeploy({ stage: 'prod' }, fakeAccount({ stage: 'prod', stack: 'none', bootstrapVersion: '30' }));
    await expect(first.outcome).resolves.toBeDefined();
    await allAllowed(requestsOf(first));

    const changed = ['alarmEmail=oncall@example.com'];
    const fingerprint = settingsFingerprint(settingsToDeploy('prod', TEST_CDK_JSON_CONTEXT, changed));
    const accepted = fakeDeploy(
      { stage: 'prod', context: changed, acceptSettings: fingerprint },
      fakeAccount({ stage: 'prod', stack: 'deployed', bootstrapVersion: '30' }),
    );
    await expect(accepted.outcome).resolves.toBeDefined();
    await allAllowed(requestsOf(accepted));
  });

  test("a deploy of a stage that receives mail first reads SES's active receipt rule set, which the policy allows", async () => {
    const context = ['mailDomain=mail-dev.example.com'];
    const run = fakeDeploy(
      { stage: 'dev', context },
      fakeAccount({
        stage: 'dev',
        stack: 'deployed',
        bootstrapVersion: '30',
        recorded: settingsToDeploy('dev', TEST_CDK_JSON_CONTEXT, context),
        activeMailRuleSet: DEFAULT_MAIL_RULE_SET,
      }),
    );
    await expect(run.outcome).resolves.toBeDefined();
    expect(run.calls.map((call) => call.call)).toContain('SESClient.DescribeActiveReceiptRuleSetCommand');
    expect(run.said).toContain(`    mail for mail-dev.example.com: SES's active receipt rule set is ${DEFAULT_MAIL_RULE_SET}`);
    await allAllowed(requestsOf(run));
  });

  test('the same calls by hand, as a person whose role has the same managed policy', async () => {
    const run = fakeDeploy({ stage: 'dev' }, fakeAccount({ stage: 'dev', stack: 'deployed', bootstrapVersion: '30' }));
    await run.outcome;
    await allAllowed(requestsOf(run), PERSON_ROLE);
  });

  test('a teardown of dev, without a question (--force): the credentials, the stack before and after, cdk destroy through the deploy role', async () => {
    let destroyed = false;
    const deployed = fakeAccount({ stage: 'dev', stack: 'deployed' });
    const gone = fakeAccount({ stage: 'dev', stack: 'none' });
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
    const run = fakeDeploy({ stage: 'dev', bootstrap: false }, fakeAccount({ stage: 'dev', stack: 'none' }));
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
    const run = fakeDeploy({ stage: 'dev' }, fakeAccount({ stage: 'dev', stack: 'deployed', bootstrapVersion: '30' }));
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

  test('a stage that receives mail stops before cdk deploy where SES would never run its rule: no active rule set, or another one', async () => {
    const context = ['mailDomain=mail-dev.example.com'];
    const account = {
      stage: 'dev',
      stack: 'deployed',
      bootstrapVersion: '30',
      recorded: settingsToDeploy('dev', TEST_CDK_JSON_CONTEXT, context),
    } as const;
    const none = fakeDeploy({ stage: 'dev', context }, fakeAccount(account));
    await expect(none.outcome).rejects.toThrow(
      `SES has no active receipt rule set in ${REGION}, so no mail would reach the stage: an administrator runs \`aws ses create-receipt-rule-set --rule-set-name ${DEFAULT_MAIL_RULE_SET} --region ${REGION}\``,
    );
    expect(none.commands).toEqual([]);
    const other = fakeDeploy({ stage: 'dev', context }, fakeAccount({ ...account, activeMailRuleSet: 'legacy-rules' }));
    await expect(other.outcome).rejects.toThrow(`SES's active receipt rule set in ${REGION} is "legacy-rules"`);
    expect(other.commands).toEqual([]);
    // A stage without a mail domain never asks SES.
    const plain = fakeDeploy({ stage: 'dev' }, fakeAccount({ stage: 'dev', stack: 'deployed', bootstrapVersion: '30' }));
    await plain.outcome;
    expect(plain.calls.map((call) => call.call)).not.toContain('SESClient.DescribeActiveReceiptRuleSetCommand');
  });

  test('a call or command with no IAM mapping fails the replay instead of passing unseen', () => {
    expect(() => iamRequestOf({ call: 'CloudFormationClient.DescribeStackEventsCommand', input: {} })).toThrow(/has no IAM mapping/);
    expect(() => iamRequestsOfCommand(['cdk', 'import'], QUALIFIER)).toThrow(/cdk import has no IAM mapping/);
  });
});
