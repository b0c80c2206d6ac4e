import type { Construct } from 'constructs';
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { VaultEmail } from './constructs/auth';
import { STAGES, type Stage } from './outputs';
import { webArtifactDir } from './web-artifact';

/**
 * What a deployment chooses, read from CDK context in one place, so constructs take typed
 * props and `bin/` holds no logic. Each stage's choices live in one checked-in block of
 * cdk.json's context, `stages.<stage>`; the choices that belong to the account (one per
 * account and region, whichever stage deploys) live in `account`:
 *
 * ```json
 * "stages": { "dev": {}, "prod": { "sesFromAddress": "no-reply@example.com", "webDomain": "…" } },
 * "account": { "budgetMonthlyUsd": 100, "budgetEmail": "billing@example.com" }
 * ```
 *
 * A value given as context on its own (`-c name=value`, or `name=value` after `--` for
 * `npm run deploy`) overrides the block for that run; `npm run deploy` compares what a run
 * deploys with what the stage last deployed (the stack's DeploySettings output) and refuses
 * a prod deploy that changes it unless asked.
 *
 * Stage settings:
 * - `stage` (context on its own): `dev` (the default: its data is destroyed with the stack)
 *   or `prod` (data retained and protected from deletion, the stack protected from
 *   termination, e-mail through SES). Each has its own stack name.
 * - `webDomain` + `webCertificateArn`: serve the web app on your own domain, with an ACM
 *   certificate for it in us-east-1 (CloudFront's region for certificates). Without them
 *   it is served on the distribution's own `*.cloudfront.net` name. Either way the
 *   backend (bucket and API CORS) trusts exactly that one origin.
 * - `webPriceClass`: CloudFront's edge locations, `100` (the default: North America and
 *   Europe, the cheapest), `200` or `All`.
 * - `sesFromAddress` (+ `sesVerifiedDomain`, `sesFromName`, `sesReplyTo`, `sesConfigurationSet`): Cognito sends
 *   its e-mail (sign-up codes, password resets) through SES from this verified address.
 *   Without it a `dev` deploy uses Cognito's own sender, which AWS limits to 50 e-mails a
 *   day for the whole account; `prod` refuses to synthesize without it.
 * - `alarmEmail`: an address that receives every alarm (it confirms the subscription once).
 * - `mailDomain`: statements arrive by mail. Amazon SES receives mail for this domain
 *   (us-east-1; its MX record points there) and each person gets a private address under
 *   it. Without it the vault receives no mail.
 * - `waf`: AWS WAF web ACLs in front of CloudFront, both REST APIs, AppSync and the user
 *   pool (`true` or `false`); on by default for `prod`, off for `dev`.
 *
 * Account settings:
 * - `apiGatewayCloudWatchRole`: `create` (the default) gives the account one API Gateway
 *   logging role that every API of the account may log through (the stack
 *   StatementVaultAccount); `existing` leaves the account's setting alone (an organisation
 *   that already manages it).
 * - `budgetMonthlyUsd` + `budgetEmail`: an AWS Budgets budget of the account's monthly cost,
 *   which e-mails when the month's actual cost passes 80% of it or its forecast passes 100%.
 *
 * Not a setting of either: `webArtifact`, OpenNext's build of the web app (default
 * web/.open-next, which `npm run web:build` and `npm run deploy` write).
 */

export const WEB_PRICE_CLASSES = ['100', '200', 'All'] as const;

/** The context names a stage's block (`stages.<stage>`) may hold. */
export const STAGE_SETTING_NAMES = [
  'webDomain',
  'webCertificateArn',
  'webPriceClass',
  'sesFromAddress',
  'sesVerifiedDomain',
  'sesFromName',
  'sesReplyTo',
  'sesConfigurationSet',
  'alarmEmail',
  'mailDomain',
  'waf',
] as const;
export type StageSettingName = (typeof STAGE_SETTING_NAMES)[number];

/** The context names the account's block (`account`) may hold. */
export const ACCOUNT_SETTING_NAMES = ['apiGatewayCloudWatchRole', 'budgetMonthlyUsd', 'budgetEmail'] as const;
export type AccountSettingName = (typeof ACCOUNT_SETTING_NAMES)[number];

/** Where cdk.json's context keeps each stage's block, and the account's. */
export const STAGES_CONTEXT = 'stages';
export const ACCOUNT_CONTEXT = 'account';

export interface WebSettings {
  /** OpenNext's build folder. */
  readonly artifactDir: string;
  /** Whether `artifactDir` is the default build (web/.open-next) rather than one named by `webArtifact`. */
  readonly defaultArtifact: boolean;
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  readonly priceClass: (typeof WEB_PRICE_CLASSES)[number];
}

export interface AccountSettings {
  readonly apiGatewayCloudWatchRole: 'create' | 'existing';
  /** The account's monthly budget in US dollars, and who hears of it. @default no budget */
  readonly budget?: { readonly monthlyUsd: number; readonly email: string };
}

export interface DeploySettings {
  readonly stage: Stage;
  readonly web: WebSettings;
  readonly email: VaultEmail;
  /** Where every alarm is e-mailed (the address confirms the subscription once). */
  readonly alarmEmail?: string;
  /** The domain SES receives people's statement mail for. @default no mail received */
  readonly mailDomain?: string;
  /** Whether AWS WAF web ACLs stand in front of the web app, the APIs and the user pool. */
  readonly waf: boolean;
  /** What belongs to the account rather than the stage. */
  readonly account: AccountSettings;
}

/** Reads one context value by name. */
export type ContextLookup = (name: string) => unknown;

const isBlock = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A block of cdk.json's context, checked for names it may not hold (a misspelt name would otherwise be ignored). */
const block = (where: string, value: unknown, allowed: readonly string[]): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (!isBlock(value)) throw new Error(`${where}: expected an object of settings, got ${JSON.stringify(value)}`);
  const unknown = Object.keys(value).filter((name) => !allowed.includes(name));
  if (unknown.length > 0)
    throw new Error(`${where}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of ${allowed.join(', ')}`);
  return value;
};

/** A setting: the value given on its own (`-c name=value`), else the one in its block. */
const layered =
  (context: ContextLookup, blockValues: Record<string, unknown>): ContextLookup =>
  (name) => {
    const given = context(name);
    return given === undefined || given === null || given === '' ? blockValues[name] : given;
  };

const textOf = (get: ContextLookup, name: string): string | undefined => {
  const value = get(name);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${name}: expected text, got ${JSON.stringify(value)}`);
  return value.trim();
};

/** A switch: `true` or `false` (as cdk.json or `-c name=…` spell it), else the fallback. */
const onOff = (get: ContextLookup, name: string, fallback: boolean): boolean => {
  const value = get(name);
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`${name}: expected true or false, got ${JSON.stringify(value)}`);
};

const oneOf = <T extends string>(get: ContextLookup, name: string, allowed: readonly T[], fallback: T): T => {
  const value = textOf(get, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name}: "${value}" is not one of ${allowed.join(', ')}`);
  }
  return value as T;
};

/** A plain address (`name@domain`); SES also needs it verified, which only AWS can check. */
const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const emailAddress = (get: ContextLookup, name: string): string | undefined => {
  const value = textOf(get, name);
  if (value !== undefined && !EMAIL_ADDRESS.test(value)) throw new Error(`${name}: "${value}" is not an e-mail address`);
  return value;
};

const emailOf = (get: ContextLookup, stage: Stage): VaultEmail => {
  const fromAddress = textOf(get, 'sesFromAddress');
  if (!fromAddress) {
    if (stage === 'prod') {
      throw new Error(
        'sesFromAddress: a prod deploy sends e-mail through SES. Verify an address or domain in SES (us-east-1) and set ' +
          `"sesFromAddress": "no-reply@your-domain" in cdk.json's ${STAGES_CONTEXT}.prod (and "sesVerifiedDomain" if the domain is what you verified; ` +
          'optionally sesFromName, sesReplyTo, sesConfigurationSet). ' +
          "Cognito's own sender allows only 50 e-mails a day for the whole account, so it is for dev deploys only.",
      );
    }
    return { kind: 'cognito-default' };
  }
  for (const name of ['sesFromAddress', 'sesReplyTo'] as const) emailAddress(get, name);
  return {
    kind: 'ses',
    fromAddress,
    verifiedDomain: textOf(get, 'sesVerifiedDomain'),
    fromName: textOf(get, 'sesFromName'),
    replyTo: textOf(get, 'sesReplyTo'),
    configurationSetName: textOf(get, 'sesConfigurationSet'),
  };
};

/** A host name as DNS spells it: labels of letters, digits and hyphens, at least one dot. */
const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** CloudFront takes certificates from ACM in us-east-1 only. */
const CERTIFICATE_ARN = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

const webOf = (get: ContextLookup, context: ContextLookup): WebSettings => {
  // The build to deploy is not a stage's choice: it is read from the context alone.
  const artifact = textOf(context, 'webArtifact');
  const artifactDir = path.resolve(artifact ?? webArtifactDir('aws'));
  const name = textOf(get, 'webDomain')?.toLowerCase();
  const certificateArn = textOf(get, 'webCertificateArn');
  if (name !== undefined && !DOMAIN_NAME.test(name)) throw new Error(`webDomain: "${name}" is not a domain name like vault.example.com`);
  if ((name === undefined) !== (certificateArn === undefined)) {
    throw new Error(
      'webDomain and webCertificateArn go together: request a certificate for the domain in ACM in us-east-1 ' +
        `(validated by DNS), then set both in cdk.json's ${STAGES_CONTEXT}.<stage>: "webDomain": "vault.example.com", "webCertificateArn": "arn:aws:acm:us-east-1:…"`,
    );
  }
  if (certificateArn !== undefined && !CERTIFICATE_ARN.test(certificateArn)) {
    throw new Error(`webCertificateArn: "${certificateArn}" is not an ACM certificate ARN in us-east-1 (CloudFront uses no other region)`);
  }
  return {
    artifactDir,
    defaultArtifact: artifactDir === webArtifactDir('aws'),
    domain: name && certificateArn ? { name, certificateArn } : undefined,
    priceClass: oneOf(get, 'webPriceClass', WEB_PRICE_CLASSES, '100'),
  };
};

const mailDomainOf = (get: ContextLookup): string | undefined => {
  const name = textOf(get, 'mailDomain')?.toLowerCase();
  if (name !== undefined && !DOMAIN_NAME.test(name)) {
    throw new Error(
      `mailDomain: "${name}" is not a domain name like mail.example.com (SES receives mail for it; its MX record points to SES)`,
    );
  }
  return name;
};

const accountOf = (get: ContextLookup): AccountSettings => {
  const amount = get('budgetMonthlyUsd');
  const email = emailAddress(get, 'budgetEmail');
  const apiGatewayCloudWatchRole = oneOf(get, 'apiGatewayCloudWatchRole', ['create', 'existing'] as const, 'create');
  if (amount === undefined || amount === null || amount === '') {
    if (email !== undefined) throw new Error('budgetEmail: set budgetMonthlyUsd too (the monthly amount in US dollars the budget watches)');
    return { apiGatewayCloudWatchRole };
  }
  const monthlyUsd = typeof amount === 'number' ? amount : Number(String(amount).trim());
  if (!Number.isFinite(monthlyUsd) || monthlyUsd <= 0)
    throw new Error(`budgetMonthlyUsd: ${JSON.stringify(amount)} is not an amount of US dollars above 0`);
  if (email === undefined) throw new Error('budgetMonthlyUsd: set budgetEmail too (who hears when the month passes 80% of it)');
  return { apiGatewayCloudWatchRole, budget: { monthlyUsd, email } };
};

/** The settings a deploy of `stage` (context `stage`, else dev) takes from the context: its block, then what is given on its own. */
export const deploySettings = (context: ContextLookup): DeploySettings => {
  const stage = oneOf(context, 'stage', STAGES, 'dev');
  const stages = block(STAGES_CONTEXT, context(STAGES_CONTEXT), STAGES);
  const get = layered(context, block(`${STAGES_CONTEXT}.${stage}`, stages[stage], STAGE_SETTING_NAMES));
  const account = layered(context, block(ACCOUNT_CONTEXT, context(ACCOUNT_CONTEXT), ACCOUNT_SETTING_NAMES));
  return {
    stage,
    web: webOf(get, context),
    email: emailOf(get, stage),
    alarmEmail: emailAddress(get, 'alarmEmail'),
    mailDomain: mailDomainOf(get),
    waf: onOff(get, 'waf', stage === 'prod'),
    account: accountOf(account),
  };
};

/** The settings of the app's context (`-c name=value` or cdk.json). */
export const deploySettingsFromContext = (scope: Construct): DeploySettings =>
  deploySettings((name) => scope.node.tryGetContext(name) as unknown);

/**
 * What a stage deployed with, as plain values by their context names (sorted, nothing
 * unset): the stack records it (its DeploySettings output) and `npm run deploy` compares
 * the next deploy's with it.
 */
export const settingsRecord = (settings: DeploySettings): Record<string, string | boolean> => {
  const email = settings.email.kind === 'ses' ? settings.email : undefined;
  const values: Record<string, string | boolean | undefined> = {
    stage: settings.stage,
    webDomain: settings.web.domain?.name,
    webCertificateArn: settings.web.domain?.certificateArn,
    webPriceClass: settings.web.priceClass,
    sesFromAddress: email?.fromAddress,
    sesVerifiedDomain: email?.verifiedDomain,
    sesFromName: email?.fromName,
    sesReplyTo: email?.replyTo,
    sesConfigurationSet: email?.configurationSetName,
    alarmEmail: settings.alarmEmail,
    mailDomain: settings.mailDomain,
    waf: settings.waf,
  };
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [string, string | boolean] => entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
};

/** A short fingerprint of a settings record: what a person passes to accept exactly those settings. */
export const settingsFingerprint = (record: Record<string, unknown>): string =>
  createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 12);
