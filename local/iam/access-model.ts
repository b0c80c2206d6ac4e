import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REGION } from '../../contract';
import { deploySettingsFromContext } from '../../lib/deploy-settings';
import { WEB_ARTIFACT_STUB } from '../../lib/web-artifact';
import { vaultStackName } from '../../lib/outputs';
import { LOCAL_ACCOUNT_ID, LOCAL_IDS } from '../settings';

/** The local stack stands for a dev deploy. */
const STACK_NAME = vaultStackName('dev');
import type { GraphqlApiSettings } from '../appsync-limits';
import { StatementVaultStack, type VaultPrincipals } from '../../lib/statement-vault-stack';

/**
 * Who may do what on the local stack, read from the CloudFormation template the CDK app
 * synthesizes: each principal's identity policies (inline and attached) and the bucket's
 * resource policy, with the template's references resolved to the local bucket, table
 * and account; and the GraphQL API's introspection and depth settings. One source of truth: change a grant in `lib/` and the local stack enforces
 * the change on its next start.
 */
export type PrincipalName = keyof VaultPrincipals;

export interface PolicyDocument {
  Version?: string;
  Statement: Record<string, unknown>[];
}

export interface LocalPrincipal {
  name: PrincipalName;
  /** The role's ARN, and the session ARN AWS reports in its AccessDenied messages. */
  roleArn: string;
  sessionArn: string;
  policies: { name: string; policy: PolicyDocument }[];
  /** A session's own policy (STS AssumeRole with `Policy`): the session may do only what it and the role's policies allow. */
  sessionPolicy?: PolicyDocument;
}

export interface AccessModel {
  accountId: string;
  /** The deployed GraphQL API's introspection and depth settings, which the local AppSync enforces too. */
  graphql: GraphqlApiSettings;
  bucketName: string;
  tableName: string;
  /** Each REST API's id in the ARNs of its methods. */
  restApiIds: Record<'profileImageApi' | 'statementsApi', string>;
  /** The secret that holds the VAPID key pair, as its ARN reads locally. */
  vapidSecretArn: string;
  /** The secret owners' identifier keys are derived from, as its ARN reads locally. */
  identifierSecretArn: string;
  principals: Record<PrincipalName, LocalPrincipal>;
  bucketPolicy?: PolicyDocument;
}

/** Stands in for the web app's build: the model reads policies, not the web server's code. */
export { WEB_ARTIFACT_STUB } from '../../lib/web-artifact';

export { LOCAL_ACCOUNT_ID };

export type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, any> }> };

/**
 * Context that leaves out the stack traces a synth records in the cloud assembly's metadata
 * (where each construct was made, and each metadata entry): they never reach a template,
 * and capturing them is about a fifth of a synth's CPU.
 */
export const SYNTH_WITHOUT_STACK_TRACES = {
  'aws:cdk:disable-stack-trace': true,
  'aws:cdk:disable-creation-stack-traces': true,
} as const;

/** Synthesizes the stack in process, without bundling the Lambdas or running the validators (about 1 s). */
const synthesize = (): { stack: StatementVaultStack; template: Template } => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-iam-'));
  try {
    const context = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'cdk.json'), 'utf8')).context;
    const app = new App({
      outdir,
      // Warnings are the deploy's business; the local stack reads the template only.
      context: {
        ...context,
        'aws:cdk:bundling-stacks': [],
        '@aws-cdk/core:annotationsInValidationReport': false,
        ...SYNTH_WITHOUT_STACK_TRACES,
        webArtifact: WEB_ARTIFACT_STUB,
        // The local stack receives mail (its SMTP server plays SES), so its model has the mail function's role.
        mailDomain: LOCAL_IDS.mailDomain,
      },
      builtinCloudFormationValidation: false,
    } as ConstructorParameters<typeof App>[0]);
    const stack = new StatementVaultStack(app, STACK_NAME, { env: { region: REGION }, settings: deploySettingsFromContext(app) });
    const template = app.synth().getStackArtifact(stack.artifactId).template as Template;
    return { stack, template };
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
};

/**
 * Resolves the intrinsics CDK writes into policies, for an account in the contract's
 * region: pseudo parameters, `Ref` and `Fn::GetAtt …Arn` of the resources named in `names`
 * and `arns` (read when called, so they may grow), and `Fn::Join`; anything else points at
 * nothing.
 */
export const intrinsicResolver = (env: { accountId: string; names?: Record<string, string>; arns?: Record<string, string> }) => {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Record<string, unknown>;
    if ('Ref' in object) {
      const ref = String(object.Ref);
      if (ref === 'AWS::Partition') return 'aws';
      if (ref === 'AWS::AccountId') return env.accountId;
      if (ref === 'AWS::Region') return REGION;
      if (ref === 'AWS::URLSuffix') return 'amazonaws.com';
      return env.names?.[ref] ?? `unresolved-${ref}`;
    }
    if ('Fn::GetAtt' in object) {
      const [id, attribute] = object['Fn::GetAtt'] as [string, string];
      return attribute === 'Arn' && env.arns?.[id] ? env.arns[id] : `arn:aws:unresolved:${REGION}:${env.accountId}:${id}/${attribute}`;
    }
    if ('Fn::Join' in object) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map((part) => String(resolve(part))).join(separator);
    }
    return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, resolve(inner)]));
  };
  return resolve;
};

/**
 * Every policy of a template's role, resolved: inline, attached (AWS::IAM::Policy) and,
 * with `managed: 'from-template'`, the template's own managed policies it names. Any other
 * managed policy is refused: an AWS-managed policy has no copy here, and a grant in it
 * would pass unseen.
 */
export const rolePoliciesOf = (
  resources: Template['Resources'],
  roleId: string,
  resolve: (value: unknown) => unknown,
  options: { managed?: 'refuse' | 'from-template' } = {},
): LocalPrincipal['policies'] => {
  const role = resources[roleId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${roleId} is not a role in the template`);
  const managed = ((role.Properties?.ManagedPolicyArns ?? []) as unknown[]).map((arn) => {
    const id = (arn as { Ref?: string }).Ref;
    if (options.managed !== 'from-template' || !id || resources[id]?.Type !== 'AWS::IAM::ManagedPolicy') {
      throw new Error(
        `role ${roleId} has a managed policy (${JSON.stringify(arn)}) this IAM check cannot read; it evaluates the template's own policies only`,
      );
    }
    return { name: id, policy: resolve(resources[id].Properties!.PolicyDocument) as PolicyDocument };
  });
  const inline = ((role.Properties?.Policies ?? []) as { PolicyName: string; PolicyDocument: unknown }[]).map((entry) => ({
    name: entry.PolicyName,
    policy: resolve(entry.PolicyDocument) as PolicyDocument,
  }));
  const attached = Object.entries(resources)
    .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
    .filter(([, resource]) => (resource.Properties?.Roles ?? []).some((ref: { Ref?: string }) => ref.Ref === roleId))
    .map(([id, resource]) => ({ name: id, policy: resolve(resource.Properties!.PolicyDocument) as PolicyDocument }));
  return [...managed, ...inline, ...attached];
};

const logicalId = (construct: IConstruct): string => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

export const buildAccessModel = (input: { bucketName: string; tableName: string }): AccessModel => {
  const { stack, template } = synthesize();
  const resources = template.Resources;
  const bucketId = logicalId(stack.storage.bucket);
  const tableId = logicalId(stack.data.table);
  const secretId = logicalId(stack.push.secret);
  const vapidSecretArn = `arn:aws:secretsmanager:${REGION}:${LOCAL_ACCOUNT_ID}:secret:statement-vault-vapid-keys-LOCAL1`;
  const identifierSecretId = logicalId(stack.accountIdentifiers.secret);
  const identifierSecretArn = `arn:aws:secretsmanager:${REGION}:${LOCAL_ACCOUNT_ID}:secret:statement-vault-account-identifiers-LOCAL1`;
  const arns: Record<string, string> = {
    [bucketId]: `arn:aws:s3:::${input.bucketName}`,
    [tableId]: `arn:aws:dynamodb:${REGION}:${LOCAL_ACCOUNT_ID}:table/${input.tableName}`,
  };
  // Each REST API by a local id, which the local API Gateway names in its methods' ARNs.
  const restApiIds = Object.fromEntries(
    Object.entries(stack.restApis).map(([name, api]) => [name, `local-${logicalId(api)}`.toLowerCase()]),
  ) as Record<keyof StatementVaultStack['restApis'], string>;
  const names: Record<string, string> = {
    [bucketId]: input.bucketName,
    [tableId]: input.tableName,
    // A secret's Ref is its ARN.
    [secretId]: vapidSecretArn,
    [identifierSecretId]: identifierSecretArn,
    ...Object.fromEntries(
      Object.entries(stack.restApis).map(([name, api]) => [logicalId(api), restApiIds[name as keyof typeof restApiIds]]),
    ),
  };

  const resolve = intrinsicResolver({ accountId: LOCAL_ACCOUNT_ID, names, arns });

  const policiesOfRole = (roleId: string): LocalPrincipal['policies'] => rolePoliciesOf(resources, roleId, resolve);

  // Each principal's role ARN, so policies that name a role (the bucket policy's exemptions) resolve to it.
  const roles = (Object.entries(stack.principals) as [PrincipalName, NonNullable<VaultPrincipals[PrincipalName]>][]).map(
    ([name, principal]) => {
      const roleId = logicalId(principal.grantPrincipal as unknown as IConstruct);
      const roleArn = `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/${STACK_NAME}-${roleId}`;
      arns[roleId] = roleArn;
      return { name, roleId, roleArn };
    },
  );
  const principals = Object.fromEntries(
    roles.map(({ name, roleId, roleArn }) => {
      const local: LocalPrincipal = {
        name,
        roleArn,
        sessionArn: `arn:aws:sts::${LOCAL_ACCOUNT_ID}:assumed-role/${STACK_NAME}-${roleId}/${name}`,
        policies: policiesOfRole(roleId),
      };
      return [name, local];
    }),
  ) as Record<PrincipalName, LocalPrincipal>;

  const bucketPolicy = Object.values(resources).find(
    (resource) => resource.Type === 'AWS::S3::BucketPolicy' && resource.Properties?.Bucket?.Ref === bucketId,
  );
  const api = Object.values(resources).find((resource) => resource.Type === 'AWS::AppSync::GraphQLApi')?.Properties ?? {};
  return {
    accountId: LOCAL_ACCOUNT_ID,
    graphql: {
      introspection: api.IntrospectionConfig !== 'DISABLED',
      ...(typeof api.QueryDepthLimit === 'number' && api.QueryDepthLimit > 0 ? { queryDepthLimit: api.QueryDepthLimit } : {}),
    },
    bucketName: input.bucketName,
    tableName: input.tableName,
    restApiIds,
    vapidSecretArn,
    identifierSecretArn,
    principals,
    ...(bucketPolicy ? { bucketPolicy: resolve(bucketPolicy.Properties!.PolicyDocument) as PolicyDocument } : {}),
  };
};
