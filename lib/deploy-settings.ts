import type { Construct } from 'constructs';
import * as path from 'node:path';
import type { VaultEmail } from './constructs/auth';
import { STAGES, type Stage } from './outputs';
import { webArtifactDir } from './web-artifact';

/**
 * What a deployment chooses, read from CDK context (`-c name=value` or cdk.json) in one
 * place, so constructs take typed props and `bin/` holds no logic.
 *
 * - `stage`: `dev` (the default: its data is destroyed with the stack) or `prod` (data
 *   retained and protected from deletion, e-mail through SES). Each has its own stack name.
 * - `webDomain` + `webCertificateArn`: serve the web app on your own domain, with an ACM
 *   certificate for it in us-east-1 (CloudFront's region for certificates). Without them
 *   it is served on the distribution's own `*.cloudfront.net` name. Either way the
 *   backend (bucket and API CORS) trusts exactly that one origin.
 * - `webPriceClass`: CloudFront's edge locations, `100` (the default: North America and
 *   Europe, the cheapest), `200` or `All`.
 * - `webArtifact`: OpenNext's build of the web app (default web/.open-next, which `npm run
 *   web:build` writes; `cdk synth` and `npm run deploy` run it first).
 * - `sesFromAddress` (+ `sesVerifiedDomain`, `sesFromName`, `sesReplyTo`, `sesConfigurationSet`): Cognito sends
 *   its e-mail (sign-up codes, password resets) through SES from this verified address.
 *   Without it a `dev` deploy uses Cognito's own sender, which AWS limits to 50 e-mails a
 *   day for the whole account; `prod` refuses to synthesize without it.
 * - `alarmEmail`: an address that receives every alarm (it confirms the subscription once).
 * - `apiGatewayCloudWatchRole`: `create` (the default) sets the account's API Gateway
 *   logging role (retained when the stack is deleted); `existing` leaves the account's
 *   setting alone (an organisation that already manages it).
 * - `waf`: AWS WAF web ACLs in front of CloudFront, both REST APIs, AppSync and the user
 *   pool (`true` or `false`); on by default for `prod`, off for `dev`.
 */

export const WEB_PRICE_CLASSES = ['100', '200', 'All'] as const;

export interface WebSettings {
  /** OpenNext's build folder. */
  readonly artifactDir: string;
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  readonly priceClass: (typeof WEB_PRICE_CLASSES)[number];
}

export interface DeploySettings {
  readonly stage: Stage;
  readonly web: WebSettings;
  readonly email: VaultEmail;
  readonly apiGatewayCloudWatchRole: 'create' | 'existing';
  /** Where every alarm is e-mailed (the address confirms the subscription once). */
  readonly alarmEmail?: string;
  /** Whether AWS WAF web ACLs stand in front of the web app, the APIs and the user pool. */
  readonly waf: boolean;
}

const text = (scope: Construct, name: string): string | undefined => {
  const value = scope.node.tryGetContext(name) as unknown;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${name}: expected text, got ${JSON.stringify(value)}`);
  return value.trim();
};

/** A switch: `true` or `false` (as cdk.json or `-c name=…` spell it), else the fallback. */
const onOff = (scope: Construct, name: string, fallback: boolean): boolean => {
  const value = scope.node.tryGetContext(name) as unknown;
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`${name}: expected true or false, got ${JSON.stringify(value)}`);
};

const oneOf = <T extends string>(scope: Construct, name: string, allowed: readonly T[], fallback: T): T => {
  const value = text(scope, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name}: "${value}" is not one of ${allowed.join(', ')}`);
  }
  return value as T;
};

/** A plain address (`name@domain`); SES also needs it verified, which only AWS can check. */
const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const emailAddress = (scope: Construct, name: string): string | undefined => {
  const value = text(scope, name);
  if (value !== undefined && !EMAIL_ADDRESS.test(value)) throw new Error(`${name}: "${value}" is not an e-mail address`);
  return value;
};

const emailFromContext = (scope: Construct, stage: Stage): VaultEmail => {
  const fromAddress = text(scope, 'sesFromAddress');
  if (!fromAddress) {
    if (stage === 'prod') {
      throw new Error(
        'sesFromAddress: a prod deploy sends e-mail through SES. Verify an address or domain in SES (us-east-1) and pass ' +
          '-c sesFromAddress=no-reply@your-domain (and -c sesVerifiedDomain=your-domain if the domain is what you verified; ' +
          'optionally sesFromName, sesReplyTo, sesConfigurationSet). ' +
          "Cognito's own sender allows only 50 e-mails a day for the whole account, so it is for dev deploys only.",
      );
    }
    return { kind: 'cognito-default' };
  }
  for (const [name, value] of [
    ['sesFromAddress', fromAddress],
    ['sesReplyTo', text(scope, 'sesReplyTo')],
  ] as const) {
    if (value !== undefined && !EMAIL_ADDRESS.test(value)) throw new Error(`${name}: "${value}" is not an e-mail address`);
  }
  return {
    kind: 'ses',
    fromAddress,
    verifiedDomain: text(scope, 'sesVerifiedDomain'),
    fromName: text(scope, 'sesFromName'),
    replyTo: text(scope, 'sesReplyTo'),
    configurationSetName: text(scope, 'sesConfigurationSet'),
  };
};

/** A host name as DNS spells it: labels of letters, digits and hyphens, at least one dot. */
const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** CloudFront takes certificates from ACM in us-east-1 only. */
const CERTIFICATE_ARN = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

const webFromContext = (scope: Construct): WebSettings => {
  const artifactDir = path.resolve(text(scope, 'webArtifact') ?? webArtifactDir('aws'));
  const name = text(scope, 'webDomain')?.toLowerCase();
  const certificateArn = text(scope, 'webCertificateArn');
  if (name !== undefined && !DOMAIN_NAME.test(name)) throw new Error(`webDomain: "${name}" is not a domain name like vault.example.com`);
  if ((name === undefined) !== (certificateArn === undefined)) {
    throw new Error(
      'webDomain and webCertificateArn go together: request a certificate for the domain in ACM in us-east-1 ' +
        '(validated by DNS), then pass -c webDomain=vault.example.com -c webCertificateArn=arn:aws:acm:us-east-1:…',
    );
  }
  if (certificateArn !== undefined && !CERTIFICATE_ARN.test(certificateArn)) {
    throw new Error(`webCertificateArn: "${certificateArn}" is not an ACM certificate ARN in us-east-1 (CloudFront uses no other region)`);
  }
  return {
    artifactDir,
    domain: name && certificateArn ? { name, certificateArn } : undefined,
    priceClass: oneOf(scope, 'webPriceClass', WEB_PRICE_CLASSES, '100'),
  };
};

export const deploySettingsFromContext = (scope: Construct): DeploySettings => {
  const stage = oneOf(scope, 'stage', STAGES, 'dev');
  return {
    stage,
    web: webFromContext(scope),
    email: emailFromContext(scope, stage),
    apiGatewayCloudWatchRole: oneOf(scope, 'apiGatewayCloudWatchRole', ['create', 'existing'] as const, 'create'),
    alarmEmail: emailAddress(scope, 'alarmEmail'),
    waf: onOff(scope, 'waf', stage === 'prod'),
  };
};
