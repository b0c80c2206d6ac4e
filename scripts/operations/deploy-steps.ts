/**
 * The steps of `npm run deploy` that decide something, apart from the commands they
 * run, so each is tested without an AWS account.
 */
import { REGION } from '../../contract';
import { bootstrapVersionParameter } from '../../lib/cdk-bootstrap';
import { DEPLOY_POLICY_NAME } from '../../lib/deploy-access-stack';
import {
  STAGE_SETTING_NAMES,
  STAGES_CONTEXT,
  deploySettings,
  settingsFingerprint,
  settingsRecord,
  type ContextLookup,
} from '../../lib/deploy-settings';
import type { Stage } from '../../lib/outputs';

export { bootstrapQualifier, bootstrapVersionParameter } from '../../lib/cdk-bootstrap';

/** What the SDK throws when there are no credentials, or they are expired or unknown to AWS. */
const CREDENTIAL_ERRORS = [
  'CredentialsProviderError',
  'ExpiredToken',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'SignatureDoesNotMatch',
];

/** The error to stop with when `error` says the credentials are missing or unusable, else undefined. */
export const credentialsProblem = (error: unknown): Error | undefined => {
  const name = (error as Error | undefined)?.name ?? '';
  if (!CREDENTIAL_ERRORS.includes(name)) return undefined;
  return new Error(
    `no usable AWS credentials (${name}): sign in first, e.g. \`aws sso login --profile you\` and AWS_PROFILE=you, or set AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY`,
    { cause: error },
  );
};

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
    const credentials = credentialsProblem(error);
    if (credentials) throw credentials;
    if (name === 'AccessDeniedException') {
      throw new Error(
        `these credentials may not read ${parameter} (ssm:GetParameter): deploy as an administrator, or with the ${DEPLOY_POLICY_NAME} policy (npm run deploy:access)`,
        { cause: error },
      );
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

/** `name=value` entries (the context after `--`) as an object; CDK reads `-c name=value` the same way. */
export const contextEntries = (entries: readonly string[]): Record<string, string> =>
  Object.fromEntries(
    entries.map((entry) => {
      const at = entry.indexOf('=');
      if (at <= 0) throw new Error(`"${entry}" is not name=value (context after -- is given as name=value)`);
      return [entry.slice(0, at), entry.slice(at + 1)];
    }),
  );

/**
 * A stage's setting at the top of cdk.json's context would apply to every stage alike (a
 * dev domain moving prod's site): each belongs in its stage's block.
 */
export const misplacedSettings = (cdkJsonContext: Record<string, unknown>): string[] =>
  STAGE_SETTING_NAMES.filter((name) => name in cdkJsonContext);

/** The settings a deploy of `stage` will deploy with, worked out as the CDK app will (lib/deploy-settings.ts). */
export const settingsToDeploy = (stage: Stage, cdkJsonContext: Record<string, unknown>, context: readonly string[]) => {
  const given: Record<string, unknown> = { ...cdkJsonContext, ...contextEntries(context), stage };
  const lookup: ContextLookup = (name) => given[name];
  return settingsRecord(deploySettings(lookup));
};

export type SettingsRecord = Record<string, unknown>;

/** How one settings record differs from another, a line per setting. */
export const settingsChanges = (last: SettingsRecord, next: SettingsRecord): string[] =>
  [...new Set([...Object.keys(last), ...Object.keys(next)])]
    .sort()
    .filter((name) => JSON.stringify(last[name]) !== JSON.stringify(next[name]))
    .map(
      (name) =>
        `${name}: ${last[name] === undefined ? '(unset)' : JSON.stringify(last[name])} -> ${next[name] === undefined ? '(unset)' : JSON.stringify(next[name])}`,
    );

export type SettingsVerdict =
  | { kind: 'first' }
  | { kind: 'same' }
  | { kind: 'changed'; changes: string[]; fingerprint: string; accepted: boolean }
  | { kind: 'unrecorded'; fingerprint: string; accepted: boolean };

/**
 * A deploy's settings against the ones the stage last deployed with (`last`: the stack's
 * record; undefined when there is no stack yet; `unrecorded` when the stack predates the
 * record). A change is accepted by the fingerprint of the new settings, so an acceptance
 * given once never lets a later, different change through.
 */
export const settingsVerdict = (
  last: SettingsRecord | 'unrecorded' | undefined,
  next: SettingsRecord,
  acceptedFingerprint?: string,
): SettingsVerdict => {
  const fingerprint = settingsFingerprint(next);
  const accepted = acceptedFingerprint === fingerprint;
  if (last === undefined) return { kind: 'first' };
  if (last === 'unrecorded') return { kind: 'unrecorded', fingerprint, accepted };
  const changes = settingsChanges(last, next);
  return changes.length === 0 ? { kind: 'same' } : { kind: 'changed', changes, fingerprint, accepted };
};

/** What stops a prod deploy whose settings are not the ones it last deployed with, unless accepted; undefined when it may go on. */
export const settingsRefusal = (stage: Stage, verdict: SettingsVerdict): string | undefined => {
  if (stage !== 'prod' || (verdict.kind !== 'changed' && verdict.kind !== 'unrecorded') || verdict.accepted) return undefined;
  const what =
    verdict.kind === 'changed'
      ? `prod's settings differ from the ones it last deployed with:\n  ${verdict.changes.join('\n  ')}`
      : "prod was last deployed before stacks recorded their settings, so this deploy's cannot be compared with them";
  return (
    `${what}\nIf that is intended, run again with --accept-settings ${verdict.fingerprint} (in CI: the prod environment's variable ACCEPT_SETTINGS); ` +
    `otherwise set prod's settings in cdk.json's ${STAGES_CONTEXT}.prod.`
  );
};

/**
 * Why a stage with a mail domain would receive no mail, or nothing: SES runs only the rules
 * of the region's one active receipt rule set, and the stage adds its rule to `expected`.
 * `active`: the active set's name, if any.
 */
export const mailReceivingProblem = (active: string | undefined, expected: string): string | undefined => {
  const create = `aws ses create-receipt-rule-set --rule-set-name ${expected} --region ${REGION}`;
  const activate = `aws ses set-active-receipt-rule-set --rule-set-name ${expected} --region ${REGION}`;
  if (!active)
    return `mailDomain is set, but SES has no active receipt rule set in ${REGION}, so no mail would reach the stage: an administrator runs \`${create}\` and \`${activate}\` once, then deploy again`;
  if (active !== expected)
    return `mailDomain is set, but SES's active receipt rule set in ${REGION} is "${active}", and the stage adds its rule to "${expected}", which SES would never run: activate "${expected}" (\`${activate}\`, after moving the rules "${active}" holds into it), then deploy again`;
  return undefined;
};
