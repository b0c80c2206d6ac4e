/**
 * The steps of `npm run deploy` that decide something, apart from the commands they
 * run, so each is tested without an AWS account.
 */
import { BOOTSTRAP_QUALIFIER_CONTEXT, DefaultStackSynthesizer } from 'aws-cdk-lib';

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

/** The oldest bootstrap this app deploys with (lookup roles, asset publishing through the deploy role). */
export const MIN_BOOTSTRAP_VERSION = 21;

export type BootstrapState = { kind: 'ready'; version: number } | { kind: 'missing' } | { kind: 'outdated'; version: number };

/** Reads the bootstrap version parameter (`parameter`): what it says, or that it is not there. */
export const bootstrapState = async (
  readVersion: () => Promise<string | undefined>,
  parameter: string = bootstrapVersionParameter(),
): Promise<BootstrapState> => {
  let value: string | undefined;
  try {
    value = await readVersion();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'ParameterNotFound') return { kind: 'missing' };
    if (name === 'CredentialsProviderError' || name === 'ExpiredTokenException' || name === 'UnrecognizedClientException') {
      throw new Error(
        `no usable AWS credentials (${name}): sign in first, e.g. \`aws sso login --profile you\` and AWS_PROFILE=you, or set AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY`,
        { cause: error },
      );
    }
    if (name === 'AccessDeniedException') {
      throw new Error(`these credentials may not read ${parameter} (ssm:GetParameter): deploy with an administrator or a deploy role`, {
        cause: error,
      });
    }
    throw error;
  }
  if (value === undefined) return { kind: 'missing' };
  const version = Number(value);
  return Number.isInteger(version) && version >= MIN_BOOTSTRAP_VERSION ? { kind: 'ready', version } : { kind: 'outdated', version };
};

/** `cdk deploy` for one stage: its stack only, outputs to a file, the person's context after ours. */
export const cdkDeployArgs = (input: {
  stackName: string;
  stage: string;
  outputsFile: string;
  context: string[];
  approve: boolean;
}): string[] => [
  'cdk',
  'deploy',
  input.stackName,
  '--outputs-file',
  input.outputsFile,
  '-c',
  `stage=${input.stage}`,
  ...input.context.flatMap((entry) => ['-c', entry]),
  // Without --yes, CDK asks before it widens any permission, as it does by default.
  ...(input.approve ? ['--require-approval', 'never'] : []),
];

/**
 * After the deploy: the web app answers over HTTPS with a page that names this stack's
 * user pool client (the server got its config), and plain HTTP is redirected.
 */
export const checkWebApp = async (
  url: string,
  userPoolClientId: string,
  fetchPage: (url: string, init?: RequestInit) => Promise<Response> = fetch,
): Promise<string[]> => {
  const problems: string[] = [];
  const answer = async (target: string, init?: RequestInit) => {
    try {
      return await fetchPage(target, init);
    } catch (error) {
      problems.push(`${target} could not be reached (${(error as Error).cause ?? (error as Error).message})`);
      return undefined;
    }
  };
  const page = await answer(url);
  if (page) {
    const html = await page.text();
    if (page.status !== 200) problems.push(`${url} answered ${page.status}`);
    else if (!html.includes(userPoolClientId))
      problems.push(`${url} does not carry this stack's config (user pool client ${userPoolClientId})`);
    if (!page.headers.get('strict-transport-security')) problems.push(`${url} has no Strict-Transport-Security header`);
  }
  const plain = await answer(url.replace(/^https:/, 'http:'), { redirect: 'manual' });
  if (plain && (plain.status !== 301 || !plain.headers.get('location')?.startsWith('https://'))) {
    problems.push(`http:// is not redirected to https:// (answered ${plain.status})`);
  }
  return problems;
};
