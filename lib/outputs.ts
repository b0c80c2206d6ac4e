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
} as const;

/** Outputs about the web app: its address, and the name a custom domain points at. */
export const WEB_OUTPUTS = {
  webUrl: 'WebUrl',
  distributionDomainName: 'WebDistributionDomainName',
} as const;
