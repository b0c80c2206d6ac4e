import {
  ArnFormat,
  BOOTSTRAP_QUALIFIER_CONTEXT,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  Validations,
  type App,
  type StackProps,
} from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { REGION } from '../contract';
import { tagStack } from './tags';
import { CDK_BOOTSTRAP_ROLE_KINDS, bootstrapRoleName, bootstrapVersionParameter } from './cdk-bootstrap';
import { SHARED_STAGE_TAG_VALUE, STAGES, sweepFunctionName, vaultStackName } from './outputs';

export { CDK_BOOTSTRAP_ROLE_KINDS } from './cdk-bootstrap';

/**
 * `StatementVaultDeployAccess`: what lets GitHub Actions deploy the vault without stored
 * keys. GitHub's OIDC provider (or the account's existing one) and one deploy role that
 * only this repository's deploy jobs may assume, with a web identity token. What
 * `npm run deploy` and `npm run destroy` need is one customer managed policy,
 * `StatementVaultDeploy` (attached to the role, and to a person's role or permission set
 * for the same deploys by hand): assume CDK's bootstrap roles of this account and region,
 * which do the deploying (CloudFormation, assets) exactly as they do for a person's
 * `cdk deploy`, plus the three calls the scripts make with their own credentials, each on
 * exactly its resources. test/infra/deploy-calls.test.ts replays the scripts' calls against it.
 */

export const DEPLOY_ACCESS_STACK_NAME = 'StatementVaultDeployAccess';

/** The issuer of GitHub Actions' tokens; IAM keys its OIDC providers by this URL. */
export const GITHUB_OIDC_URL = 'https://token.actions.githubusercontent.com';
const GITHUB_OIDC_HOST = GITHUB_OIDC_URL.replace('https://', '');
/** The audience `aws-actions/configure-aws-credentials` asks GitHub to put in the token. */
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** The branch whose pushes deploy `dev` (.github/workflows/deploy.yml). */
export const DEPLOY_BRANCH = 'main';
/** The GitHub environment of the `prod` deploy job: its reviewers and its tag rule guard prod. */
export const PROD_ENVIRONMENT = 'prod';

export const DEPLOY_ACCESS_OUTPUTS = { deployRoleArn: 'DeployRoleArn', deployPolicyArn: 'DeployPolicyArn' } as const;

/** The managed policy's name: IAM Identity Center's permission sets name customer managed policies by it. */
export const DEPLOY_POLICY_NAME = 'StatementVaultDeploy';

/** GitHub's rules for names: an owner of letters, digits and single inner hyphens; a repository of letters, digits, `.`, `_`, `-`. */
const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;
/** What `cdk bootstrap --qualifier` accepts. */
const QUALIFIER = /^[A-Za-z0-9_-]{1,10}$/;
const PROVIDER_ARN = new RegExp(`^arn:aws[a-z-]*:iam::\\d{12}:oidc-provider/${GITHUB_OIDC_HOST.replace(/\./g, '\\.')}$`);
const REPOSITORY_EXPECTED = 'a GitHub repository as owner/name, e.g. octo-org/statement-vault';
const PROVIDER_EXPECTED = `the ARN of an IAM OIDC provider for ${GITHUB_OIDC_HOST} (arn:aws:iam::<account>:oidc-provider/${GITHUB_OIDC_HOST})`;

/** Throws, naming `what` (a prop, or the context key it came from), unless `value` matches. */
const assertMatches = (what: string, value: string, pattern: RegExp, expected: string): void => {
  if (!pattern.test(value)) throw new Error(`${what}: "${value}" is not ${expected}`);
};

export interface DeployAccessProps extends StackProps {
  /** The GitHub repository that deploys, `owner/name`, spelled as GitHub spells it (IAM compares the token's subject case-sensitively). */
  readonly repository: string;
  /** The qualifier of CDK's bootstrap in this account and region. @default `hnb659fds`, CDK's own */
  readonly qualifier?: string;
  /**
   * The account's GitHub OIDC provider, when it has one already: IAM holds one provider per
   * URL in an account, so a second would fail to create. @default a provider created here
   */
  readonly existingProviderArn?: string;
}

/**
 * The subjects GitHub puts in the token of each deploy job. A job that names an environment
 * gets `environment:{name}` as its subject instead of its ref, so the prod job (triggered by a
 * tag, run in the `prod` environment) is `…:environment:prod`, never `…:ref:refs/tags/…`; the
 * environment's tag rule is what limits it to release tags, and its reviewers approve each run.
 * The dev job names no environment and runs on `workflow_run`, whose ref is the default branch,
 * so its subject is `…:ref:refs/heads/main`. Exact strings, no wildcard: no other repository,
 * branch, tag, pull request or environment matches.
 */
export const deploySubjects = (repository: string): string[] => [
  `repo:${repository}:ref:refs/heads/${DEPLOY_BRANCH}`,
  `repo:${repository}:environment:${PROD_ENVIRONMENT}`,
];

export class DeployAccessStack extends Stack {
  readonly provider: iam.IOidcProvider;
  readonly deployRole: iam.Role;
  /** What deploying and tearing down the vault takes; attached to the role. */
  readonly deployPolicy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: DeployAccessProps) {
    super(scope, id, props);
    const { repository, qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER, existingProviderArn } = props;
    assertMatches('repository', repository, REPOSITORY, REPOSITORY_EXPECTED);
    assertMatches('qualifier', qualifier, QUALIFIER, 'a CDK bootstrap qualifier (1 to 10 of A-Z a-z 0-9 _ -)');
    if (existingProviderArn !== undefined) assertMatches('existingProviderArn', existingProviderArn, PROVIDER_ARN, PROVIDER_EXPECTED);

    // The native AWS::IAM::OIDCProvider needs no custom-resource Lambda. No thumbprints: IAM
    // trusts GitHub's certificate through its own store of root authorities.
    this.provider = existingProviderArn
      ? iam.OidcProviderNative.fromOidcProviderArn(this, 'GitHubProvider', existingProviderArn)
      : new iam.OidcProviderNative(this, 'GitHubProvider', { url: GITHUB_OIDC_URL, clientIds: [GITHUB_OIDC_AUDIENCE] });

    const bootstrapRoles = CDK_BOOTSTRAP_ROLE_KINDS.map((kind) =>
      this.formatArn({
        service: 'iam',
        region: '',
        resource: 'role',
        resourceName: bootstrapRoleName(kind, qualifier, this.account, this.region),
      }),
    );
    this.deployPolicy = new iam.ManagedPolicy(this, 'DeployPolicy', {
      managedPolicyName: DEPLOY_POLICY_NAME,
      description: "Deploys and tears down Statement Vault's stages through CDK's bootstrap roles (npm run deploy, npm run destroy)",
      statements: [
        // The CDK CLI passes no session tags unless a stack's synthesizer asks it to (the
        // vault's does not), so sts:TagSession is not needed.
        new iam.PolicyStatement({ sid: 'AssumeCdkBootstrapRoles', actions: ['sts:AssumeRole'], resources: bootstrapRoles }),
        // npm run deploy's first step: is the account bootstrapped, and recently enough?
        new iam.PolicyStatement({
          sid: 'ReadCdkBootstrapVersion',
          actions: ['ssm:GetParameter'],
          resources: [
            this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: bootstrapVersionParameter(qualifier).slice(1) }),
          ],
        }),
        // The settings a stage last deployed with (its DeploySettings output), and whether prod is protected from termination.
        new iam.PolicyStatement({
          sid: 'ReadVaultStacks',
          actions: ['cloudformation:DescribeStacks'],
          resources: STAGES.map((stage) =>
            this.formatArn({ service: 'cloudformation', resource: 'stack', resourceName: `${vaultStackName(stage)}/*` }),
          ),
        }),
        // A stage with a mail domain: is the account's receipt rule set the active one?
        new iam.PolicyStatement({ sid: 'ReadActiveMailRuleSet', actions: ['ses:DescribeActiveReceiptRuleSet'], resources: ['*'] }),
        // npm run deploy's last step starts the catalogue sweep once.
        new iam.PolicyStatement({
          sid: 'StartCatalogueSweep',
          actions: ['lambda:InvokeFunction'],
          resources: STAGES.map((stage) =>
            this.formatArn({
              service: 'lambda',
              resource: 'function',
              resourceName: sweepFunctionName(stage),
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          ),
        }),
      ],
    });
    Validations.of(this.deployPolicy).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "ses:DescribeActiveReceiptRuleSet names no resource (a region has one active receipt rule set): IAM authorizes it on * only, and it reads the set's name and rules, nothing of any message.",
    });
    for (const stage of STAGES) {
      Validations.of(this.deployPolicy).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:aws:cloudformation:${REGION}:<AWS::AccountId>:stack/${vaultStackName(stage)}/*]`,
        reason:
          "A stack's ARN ends in an id CloudFormation makes when it creates the stack; the name before it is exact, so the policy reads this one stack of the stage, whichever id it has.",
      });
    }
    this.deployRole = new iam.Role(this, 'DeployRole', {
      description: `GitHub Actions deploys of ${repository}: the ${DEPLOY_POLICY_NAME} policy only`,
      assumedBy: new iam.OpenIdConnectPrincipal(this.provider, {
        StringEquals: {
          [`${GITHUB_OIDC_HOST}:aud`]: GITHUB_OIDC_AUDIENCE,
          [`${GITHUB_OIDC_HOST}:sub`]: deploySubjects(repository),
        },
      }),
      // A deploy job's one session; CDK's role chaining cannot outlast it either.
      maxSessionDuration: Duration.hours(1),
      managedPolicies: [this.deployPolicy],
    });

    new CfnOutput(this, DEPLOY_ACCESS_OUTPUTS.deployRoleArn, {
      value: this.deployRole.roleArn,
      description: 'The repository variable DEPLOY_ROLE_ARN of the GitHub deploy workflow',
    });
    new CfnOutput(this, DEPLOY_ACCESS_OUTPUTS.deployPolicyArn, {
      value: this.deployPolicy.managedPolicyArn,
      description: `Attach to a person's role (or name ${DEPLOY_POLICY_NAME} in a permission set) to deploy by hand with no more rights than CI`,
    });
  }
}

const contextText = (app: App, name: string): string | undefined => {
  const value = app.node.tryGetContext(name) as unknown;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${name}: expected text, got ${JSON.stringify(value)}`);
  return value.trim();
};

/**
 * The deploy-access app (`npm run deploy:access`), from context: `githubRepository`
 * (required), `githubOidcProviderArn` (the account's provider, when it has one), and the
 * bootstrap qualifier CDK itself reads, so the role reaches the roles the vault deploys with.
 * cdk-nag's AWS Solutions checks run at synth, as for the vault.
 */
export const buildDeployAccessApp = (app: App): DeployAccessStack => {
  const repository = contextText(app, 'githubRepository');
  if (repository === undefined) {
    throw new Error(
      'githubRepository: name the GitHub repository that deploys, as owner/name: -c githubRepository=octo-org/statement-vault',
    );
  }
  assertMatches('githubRepository', repository, REPOSITORY, REPOSITORY_EXPECTED);
  const existingProviderArn = contextText(app, 'githubOidcProviderArn');
  if (existingProviderArn !== undefined) assertMatches('githubOidcProviderArn', existingProviderArn, PROVIDER_ARN, PROVIDER_EXPECTED);
  const stack = new DeployAccessStack(app, DEPLOY_ACCESS_STACK_NAME, {
    env: { region: REGION },
    description: `Statement Vault: GitHub Actions OIDC deploy role and the ${DEPLOY_POLICY_NAME} policy`,
    repository,
    qualifier: contextText(app, BOOTSTRAP_QUALIFIER_CONTEXT),
    existingProviderArn,
  });
  tagStack(stack, SHARED_STAGE_TAG_VALUE);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
};
