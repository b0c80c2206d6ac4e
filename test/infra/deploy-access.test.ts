import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { REGION } from '../../contract';
import {
  CDK_BOOTSTRAP_ROLE_KINDS,
  DEPLOY_ACCESS_OUTPUTS,
  DEPLOY_BRANCH,
  GITHUB_OIDC_AUDIENCE,
  DEPLOY_POLICY_NAME,
  GITHUB_OIDC_URL,
  PROD_ENVIRONMENT,
  DeployAccessStack,
  buildDeployAccessApp,
} from '../../lib/deploy-access-stack';
import { CDK_CONTEXT, resourceTags, synthOutdir } from '../support/vault-app';

const REPOSITORY = 'octo-org/statement-vault';
const PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';

/** The deploy-access app as `npm run deploy:access` synthesizes it, cdk-nag included. */
const synthDeployAccess = (context: Record<string, unknown> = {}) => {
  const app = new App({ outdir: synthOutdir(), context: { ...CDK_CONTEXT, githubRepository: REPOSITORY, ...context } });
  const stack = buildDeployAccessApp(app);
  const assembly = app.synth();
  return { app, stack, assembly, template: Template.fromStack(stack) };
};

/** A bootstrap role's ARN as the template spells it, in this account and the contract's region. */
const bootstrapRoleArn = (kind: string, qualifier = 'hnb659fds') => ({
  'Fn::Join': [
    '',
    ['arn:aws:iam::', { Ref: 'AWS::AccountId' }, `:role/cdk-${qualifier}-${kind}-role-`, { Ref: 'AWS::AccountId' }, `-${REGION}`],
  ],
});

const onlyRole = (template: Template) => {
  const roles = Object.entries(template.findResources('AWS::IAM::Role'));
  expect(roles).toHaveLength(1);
  const [id, role] = roles[0];
  return { id, properties: (role as { Properties: any }).Properties };
};

describe('the deploy-access stack', () => {
  let template: Template;
  beforeAll(() => {
    template = synthDeployAccess().template;
  });

  test("creates GitHub's OIDC provider natively, for the STS audience only", () => {
    template.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    template.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: GITHUB_OIDC_URL, ClientIdList: [GITHUB_OIDC_AUDIENCE] });
    // No custom-resource provider (the non-native construct's Lambda).
    template.resourceCountIs('AWS::Lambda::Function', 0);
    template.resourceCountIs('Custom::AWSCDKOpenIdConnectProvider', 0);
  });

  test("the role trusts exactly this repository's main branch and prod environment, through the provider", () => {
    const [providerId] = Object.keys(template.findResources('AWS::IAM::OIDCProvider'));
    expect(onlyRole(template).properties.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Federated: { Ref: providerId } },
          Action: 'sts:AssumeRoleWithWebIdentity',
          Condition: {
            StringEquals: {
              'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
              'token.actions.githubusercontent.com:sub': [
                'repo:octo-org/statement-vault:ref:refs/heads/main',
                'repo:octo-org/statement-vault:environment:prod',
              ],
            },
          },
        },
      ],
    });
    // StringEquals takes no wildcard, and none is written anywhere in the trust.
    expect(JSON.stringify(onlyRole(template).properties.AssumeRolePolicyDocument)).not.toMatch(/[*?]|StringLike/);
  });

  test('its one policy, StatementVaultDeploy: assume the four CDK bootstrap roles, and the four calls the deploy scripts make themselves, each on exactly its resources; sessions last an hour', () => {
    const { properties } = onlyRole(template);
    expect(properties.MaxSessionDuration).toBe(3600);
    expect(properties.Policies).toBeUndefined();
    expect(properties.PermissionsBoundary).toBeUndefined();
    const [policyId, policy] = Object.entries(template.findResources('AWS::IAM::ManagedPolicy'))[0] as [string, any];
    expect(properties.ManagedPolicyArns).toEqual([{ Ref: policyId }]);
    expect(policy.Properties.ManagedPolicyName).toBe(DEPLOY_POLICY_NAME);
    const arn = (service: string, resource: string) => ({
      'Fn::Join': ['', [`arn:aws:${service}:${REGION}:`, { Ref: 'AWS::AccountId' }, resource]],
    });
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Sid: 'AssumeCdkBootstrapRoles',
        Effect: 'Allow',
        Action: 'sts:AssumeRole',
        Resource: ['deploy', 'file-publishing', 'image-publishing', 'lookup'].map((kind) => bootstrapRoleArn(kind)),
      },
      {
        Sid: 'ReadCdkBootstrapVersion',
        Effect: 'Allow',
        Action: 'ssm:GetParameter',
        Resource: arn('ssm', ':parameter/cdk-bootstrap/hnb659fds/version'),
      },
      {
        Sid: 'ReadVaultStacks',
        Effect: 'Allow',
        Action: 'cloudformation:DescribeStacks',
        Resource: [arn('cloudformation', ':stack/StatementVault-dev/*'), arn('cloudformation', ':stack/StatementVault-prod/*')],
      },
      // SES authorizes this read on * only; it names the active rule set and its rules.
      { Sid: 'ReadActiveMailRuleSet', Effect: 'Allow', Action: 'ses:DescribeActiveReceiptRuleSet', Resource: '*' },
      {
        Sid: 'StartCatalogueSweep',
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: [
          arn('lambda', ':function:statement-vault-dev-catalogue-sweep'),
          arn('lambda', ':function:statement-vault-prod-catalogue-sweep'),
        ],
      },
    ]);
    expect([...CDK_BOOTSTRAP_ROLE_KINDS]).toEqual(['deploy', 'file-publishing', 'image-publishing', 'lookup']);
  });

  test('no other IAM identity or policy: no inline or other managed policies, users, groups, keys or instance profiles', () => {
    for (const type of [
      'AWS::IAM::Policy',
      'AWS::IAM::User',
      'AWS::IAM::Group',
      'AWS::IAM::AccessKey',
      'AWS::IAM::InstanceProfile',
      'AWS::IAM::UserToGroupAddition',
    ]) {
      template.resourceCountIs(type, 0);
    }
    expect(
      Object.values(template.toJSON().Resources)
        .map((resource: any) => resource.Type)
        .sort(),
    ).toEqual(['AWS::IAM::ManagedPolicy', 'AWS::IAM::OIDCProvider', 'AWS::IAM::Role']);
  });

  test("outputs the role's ARN, and the policy's for a person's role", () => {
    template.hasOutput(DEPLOY_ACCESS_OUTPUTS.deployRoleArn, { Value: { 'Fn::GetAtt': [onlyRole(template).id, 'Arn'] } });
    template.hasOutput(DEPLOY_ACCESS_OUTPUTS.deployPolicyArn, {
      Value: { Ref: Object.keys(template.findResources('AWS::IAM::ManagedPolicy'))[0] },
    });
  });

  test("synthesizes with cdk-nag and zero findings; acknowledged: each stage's stack id, which CloudFormation makes, and SES's rule-set read, which takes no resource", () => {
    const { app, assembly } = synthDeployAccess();
    const reportFile = path.join(assembly.directory, 'validation-report.json');
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { pluginReports: { pluginName: string; violations?: unknown[] }[] };
    expect(report.pluginReports.flatMap((r) => r.violations ?? [])).toEqual([]);
    const acknowledged = app.node
      .findAll()
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.keys(entry.data as object));
    expect(acknowledged.sort()).toEqual(
      [
        ...['dev', 'prod'].map(
          (stage) =>
            `Annotation::AwsSolutions-IAM5[Resource::arn:aws:cloudformation:${REGION}:<AWS::AccountId>:stack/StatementVault-${stage}/*]`,
        ),
        'Annotation::AwsSolutions-IAM5[Resource::*]',
      ].sort(),
    );
  });

  test('every resource that takes tags carries the project tag, and the stage tag of what the stages share; so does the stack', () => {
    const tags = resourceTags(synthDeployAccess().stack);
    const expected = { project: 'statement-vault', stage: 'account' };
    expect(Object.keys(tags.resources).length).toBeGreaterThan(0);
    for (const [resource, values] of Object.entries(tags.resources)) expect([resource, values]).toEqual([resource, expected]);
    expect(tags.stack).toEqual(expected);
  });

  test("cdk-nag is this app's validation plugin: a finding fails its synth", () => {
    const app = new App({ outdir: synthOutdir(), context: { ...CDK_CONTEXT, githubRepository: REPOSITORY } });
    new s3.Bucket(buildDeployAccessApp(app), 'NoLogs');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });

  test('an existing provider is used by ARN and no provider is created', () => {
    const { template: imported } = synthDeployAccess({ githubOidcProviderArn: PROVIDER_ARN });
    imported.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    expect(onlyRole(imported).properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Federated: PROVIDER_ARN });
  });

  test("CDK's bootstrap qualifier from context names the bootstrap roles and their version's parameter", () => {
    const { template: qualified } = synthDeployAccess({ '@aws-cdk/core:bootstrapQualifier': 'vault1' });
    const [statements] = Object.values(qualified.findResources('AWS::IAM::ManagedPolicy')).map(
      (policy: any) => policy.Properties.PolicyDocument.Statement,
    );
    expect(statements[0].Resource).toEqual(CDK_BOOTSTRAP_ROLE_KINDS.map((kind) => bootstrapRoleArn(kind, 'vault1')));
    expect(JSON.stringify(statements[1].Resource)).toContain(':parameter/cdk-bootstrap/vault1/version');
  });

  test.each([
    [{ githubRepository: undefined }, /githubRepository: name the GitHub repository that deploys, as owner\/name/],
    [{ githubRepository: 'statement-vault' }, /githubRepository: "statement-vault" is not a GitHub repository as owner\/name/],
    [{ githubRepository: 'octo-org/*' }, /is not a GitHub repository as owner\/name/],
    [{ githubRepository: 'octo-org/vault:ref:refs/heads/x' }, /is not a GitHub repository as owner\/name/],
    [{ githubRepository: '-octo/vault' }, /is not a GitHub repository as owner\/name/],
    [{ githubRepository: 'octo-org/..' }, /is not a GitHub repository as owner\/name/],
    [
      { githubOidcProviderArn: 'arn:aws:iam::123456789012:oidc-provider/example.com' },
      /githubOidcProviderArn: ".*" is not the ARN of an IAM OIDC provider for token.actions.githubusercontent.com/,
    ],
    [{ '@aws-cdk/core:bootstrapQualifier': 'not a qualifier' }, /qualifier: "not a qualifier" is not a CDK bootstrap qualifier/],
  ])('refuses %j with a clear error', (context, message) => {
    expect(() => synthDeployAccess(context)).toThrow(message);
  });

  test('the stack itself refuses a repository that is not owner/name, naming its prop', () => {
    expect(() => new DeployAccessStack(new App({ outdir: synthOutdir() }), 'Access', { repository: 'octo-org/*' })).toThrow(
      'repository: "octo-org/*" is not a GitHub repository as owner/name, e.g. octo-org/statement-vault',
    );
  });
});

describe('.github/workflows/deploy.yml', () => {
  const read = (name: string) => parse(fs.readFileSync(path.join(__dirname, '..', '..', '.github', 'workflows', name), 'utf8'));
  const text = fs.readFileSync(path.join(__dirname, '..', '..', '.github', 'workflows', 'deploy.yml'), 'utf8');
  const workflow = read('deploy.yml');
  const { dev, prod } = workflow.jobs;
  const stepUsing = (job: any, action: string) => job.steps.find((step: any) => step.uses?.startsWith(`${action}@`));
  const runOf = (job: any) => job.steps.map((step: any) => step.run ?? '').join('\n');

  test("runs on ci's completion on main and on release tags only", () => {
    expect(read('ci.yml').name).toBe('ci');
    expect(workflow.on).toEqual({
      workflow_run: { workflows: ['ci'], types: ['completed'], branches: [DEPLOY_BRANCH] },
      push: { tags: ['v*'] },
    });
  });

  test('reads tokens, not keys: id-token write where AWS is reached, no AWS key or secret anywhere', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const job of [dev, prod]) {
      expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
      expect(stepUsing(job, 'aws-actions/configure-aws-credentials').with).toEqual({
        'role-to-assume': '${{ vars.DEPLOY_ROLE_ARN }}',
        'aws-region': REGION,
      });
    }
    expect(text).not.toMatch(
      /aws-access-key-id|aws-secret-access-key|aws-session-token|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|secrets\./i,
    );
    // Only the deploy jobs may ask GitHub for a token.
    const tokenJobs = Object.entries(workflow.jobs).filter(([, job]: [string, any]) => job.permissions?.['id-token'] === 'write');
    expect(tokenJobs.map(([name]) => name).sort()).toEqual(['dev', 'prod']);
  });

  test('dev deploys the commit ci passed on a push to main, with no environment (its token subject is the main ref)', () => {
    for (const condition of [
      "github.event_name == 'workflow_run'",
      "github.event.workflow_run.conclusion == 'success'",
      "github.event.workflow_run.event == 'push'",
      `github.event.workflow_run.head_branch == '${DEPLOY_BRANCH}'`,
      'github.event.workflow_run.head_repository.full_name == github.repository',
    ]) {
      expect(dev.if).toContain(condition);
    }
    expect(dev.environment).toBeUndefined();
    expect(stepUsing(dev, 'actions/checkout').with.ref).toBe('${{ github.event.workflow_run.head_sha }}');
    // Its settings are cdk.json's stages.dev, checked in: none are passed; the deploy role may not bootstrap.
    expect(runOf(dev).trim()).toBe('npm ci\nnpm run deploy -- --stage dev --yes --no-bootstrap');
  });

  test('prod runs on v* tags only, in the prod environment, after ci passed for the tagged commit', () => {
    expect(prod.environment).toBe(PROD_ENVIRONMENT);
    expect(prod.if).toBe("github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')");
    expect(prod.needs).toBe('tests-passed');
    const gate = workflow.jobs['tests-passed'];
    expect(gate.if).toBe(prod.if);
    expect(gate.permissions).toEqual({ actions: 'read', contents: 'read' });
    expect(runOf(gate)).toContain('actions/workflows/ci.yml/runs');
    expect(runOf(gate)).toContain('-f head_sha="$SHA" -f event=push');
    expect(runOf(prod)).toContain('npm run deploy -- --stage prod --yes --no-bootstrap');
    // Its settings are cdk.json's stages.prod; a change of them is accepted by its fingerprint, from the environment.
    expect(runOf(prod)).toContain('${ACCEPT_SETTINGS:+--accept-settings "$ACCEPT_SETTINGS"}');
    expect(prod.steps.find((step: any) => step.env?.ACCEPT_SETTINGS).env.ACCEPT_SETTINGS).toBe('${{ vars.ACCEPT_SETTINGS }}');
    expect(text).not.toMatch(/sesFromAddress=|webDomain=|vars\.(DEV_|SES_|WEB_|ALARM_)/);
  });

  test("prod deploys a commit of main's history only: the gate asks GitHub how main compares with the tagged commit", () => {
    const gate = workflow.jobs['tests-passed'];
    const [first] = gate.steps;
    expect(first.name).toBe("the tagged commit is on main's history");
    expect(first.run).toContain(`gh api "repos/$GITHUB_REPOSITORY/compare/$SHA...${DEPLOY_BRANCH}" --jq .status`);
    // main "ahead" of the commit, or the commit itself: anything else (behind, diverged) fails the gate.
    expect(first.run).toMatch(/case "\$status" in\s+ahead \| identical\) ;;\s+\*\) echo "::error::.*"; exit 1 ;;/);
    expect(first.env.SHA).toBe('${{ github.sha }}');
  });

  test('one deploy per stage at a time, never cancelled halfway', () => {
    expect(dev.concurrency).toEqual({ group: 'deploy-dev', 'cancel-in-progress': false });
    expect(prod.concurrency).toEqual({ group: 'deploy-prod', 'cancel-in-progress': false });
  });

  test("every action, in both workflows, is pinned by its commit's SHA, with the release tag it is in a comment", () => {
    for (const name of ['ci.yml', 'deploy.yml']) {
      const source = fs.readFileSync(path.join(__dirname, '..', '..', '.github', 'workflows', name), 'utf8');
      const parsed = read(name);
      const uses = Object.values(parsed.jobs).flatMap((job: any) => job.steps.flatMap((step: any) => (step.uses ? [step.uses] : [])));
      expect(uses.length).toBeGreaterThan(0);
      for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/);
      const lines = source.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
      expect(lines).toHaveLength(uses.length);
      for (const line of lines) expect(line).toMatch(/uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
      // One SHA per action: the same pin wherever it is used.
      const pins = new Map<string, Set<string>>();
      for (const action of uses) pins.set(action.split('@')[0], (pins.get(action.split('@')[0]) ?? new Set()).add(action));
      for (const [action, shas] of pins) expect([action, shas.size]).toEqual([action, 1]);
    }
  });
});
