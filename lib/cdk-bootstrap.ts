import { BOOTSTRAP_QUALIFIER_CONTEXT, DefaultStackSynthesizer } from 'aws-cdk-lib';

/**
 * CDK's bootstrap as the deploy scripts and the deploy role name it, written once: its
 * qualifier (as CDK decides it), the parameter it records its version in, and its roles.
 */

/** The roles `cdk bootstrap` creates, each named `cdk-{qualifier}-{kind}-role-{account}-{region}`. */
export const CDK_BOOTSTRAP_ROLE_KINDS = ['deploy', 'file-publishing', 'image-publishing', 'lookup'] as const;
export type CdkBootstrapRoleKind = (typeof CDK_BOOTSTRAP_ROLE_KINDS)[number];

export const bootstrapRoleName = (kind: CdkBootstrapRoleKind, qualifier: string, account: string, region: string): string =>
  `cdk-${qualifier}-${kind}-role-${account}-${region}`;

/**
 * The bootstrap qualifier a deploy uses, as CDK decides it: the person's `-c` context
 * (`@aws-cdk/core:bootstrapQualifier=…`, the last one given), else cdk.json's context,
 * else CDK's own default.
 */
export const bootstrapQualifier = (context: string[], cdkJsonContext: Record<string, unknown> = {}): string => {
  const given = context
    .filter((entry) => entry.startsWith(`${BOOTSTRAP_QUALIFIER_CONTEXT}=`))
    .map((entry) => entry.slice(BOOTSTRAP_QUALIFIER_CONTEXT.length + 1))
    .at(-1);
  const configured = cdkJsonContext[BOOTSTRAP_QUALIFIER_CONTEXT];
  return given || (typeof configured === 'string' && configured) || DefaultStackSynthesizer.DEFAULT_QUALIFIER;
};

/** Where CDK's bootstrap stack records its version, in every bootstrapped account and region. */
export const bootstrapVersionParameter = (qualifier: string = DefaultStackSynthesizer.DEFAULT_QUALIFIER): string =>
  DefaultStackSynthesizer.DEFAULT_BOOTSTRAP_STACK_VERSION_SSM_PARAMETER.replace('${Qualifier}', qualifier);
