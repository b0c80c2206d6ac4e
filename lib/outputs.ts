import type { WebConfigValues } from '../contract';

/**
 * CloudFormation output names of the stack, one per deployment-specific value of the web
 * config. `npm run web:config` reads them back by these same names.
 */
export const OUTPUT_NAMES = {
  region: 'Region',
  userPoolId: 'UserPoolId',
  userPoolClientId: 'UserPoolClientId',
  identityPoolId: 'IdentityPoolId',
  graphqlUrl: 'GraphQLUrl',
  graphqlApiKey: 'GraphQLApiKey',
  bucketName: 'BucketName',
  profileImageApiUrl: 'ProfileImageApiUrl',
  statementsApiUrl: 'StatementsApiUrl',
  pushPublicKey: 'PushPublicKey',
} as const satisfies Record<keyof Omit<WebConfigValues, 'userPoolEndpoint' | 'identityPoolEndpoint' | 'storageEndpoint' | 'local'>, string>;

export type OutputField = keyof typeof OUTPUT_NAMES;

/** Deployment stages: `dev` (data destroyable) and `prod` (data retained, SES required). */
export type Stage = 'dev' | 'prod';
export const STAGES = ['dev', 'prod'] as const satisfies readonly Stage[];

/** The stack's name per stage, which is also its key in `cdk deploy --outputs-file`. */
export const vaultStackName = (stage: Stage): string => `StatementVault-${stage}`;

/** Outputs the operations scripts read back (not part of the web config). */
export const OPERATIONS_OUTPUTS = {
  catalogueFunctionName: 'CatalogueFunctionName',
  catalogueFailureQueueUrl: 'CatalogueFailureQueueUrl',
  sweepFunctionName: 'SweepFunctionName',
  /** Where the stage receives mail: the mail function and its failure queue. */
  mailFunctionName: 'MailFunctionName',
  mailFailureQueueUrl: 'MailFailureQueueUrl',
} as const;

/** Outputs about the web app: its address, and the name a custom domain points at. */
export const WEB_OUTPUTS = {
  webUrl: 'WebUrl',
  distributionDomainName: 'WebDistributionDomainName',
} as const;

/** The stack of what an account holds once for every stage (its API Gateway logging role, its budget). */
export const ACCOUNT_STACK_NAME = 'StatementVaultAccount';

/**
 * The tags every resource carries: the project, and the stage it belongs to (`account` for
 * what the stages share). Cost Explorer and AWS Budgets group by them once they are
 * activated as cost allocation tags in Billing.
 */
export const TAG_KEYS = { project: 'project', stage: 'stage' } as const;
export const PROJECT_TAG_VALUE = 'statement-vault';
export const SHARED_STAGE_TAG_VALUE = 'account';

/**
 * The catalogue sweep's function name per stage: named, so the deploy role may start
 * exactly this function of each stage (npm run deploy's last step) and no other.
 */
export const sweepFunctionName = (stage: Stage): string => `statement-vault-${stage}-catalogue-sweep`;

/** The stack output that records the settings a stage last deployed with (lib/deploy-settings.ts, settingsRecord). */
export const DEPLOY_SETTINGS_OUTPUT = 'DeploySettings';

/** Where `npm run deploy` has `cdk deploy` write a stage's outputs: one file per stage, so deploying one never hides the other's. */
export const outputsFileName = (stage: Stage): string => `cdk-outputs.${stage}.json`;
