import type { Construct } from 'constructs';
import type { VaultEmail } from './constructs/auth';
import { STAGES, type Stage } from './outputs';
import { webOriginsFromContext } from './web-origins';

/**
 * What a deployment chooses, read from CDK context (`-c name=value` or cdk.json) in one
 * place, so constructs take typed props and `bin/` holds no logic.
 *
 * - `stage`: `dev` (the default: its data is destroyed with the stack) or `prod` (data
 *   retained and protected from deletion, e-mail through SES). Each has its own stack name.
 * - `webOrigins`: the web app's origins (see web-origins.ts).
 * - `sesFromAddress` (+ `sesVerifiedDomain`, `sesFromName`, `sesReplyTo`, `sesConfigurationSet`): Cognito sends
 *   its e-mail (sign-up codes, password resets) through SES from this verified address.
 *   Without it a `dev` deploy uses Cognito's own sender, which AWS limits to 50 e-mails a
 *   day for the whole account; `prod` refuses to synthesize without it.
 * - `alarmEmail`: an address that receives every alarm (it confirms the subscription once).
 * - `apiGatewayCloudWatchRole`: `create` (the default) sets the account's API Gateway
 *   logging role (retained when the stack is deleted); `existing` leaves the account's
 *   setting alone (an organisation that already manages it).
 */

export interface DeploySettings {
  readonly stage: Stage;
  readonly webOrigins: string[];
  readonly email: VaultEmail;
  readonly apiGatewayCloudWatchRole: 'create' | 'existing';
  /** Where every alarm is e-mailed (the address confirms the subscription once). */
  readonly alarmEmail?: string;
}

const text = (scope: Construct, name: string): string | undefined => {
  const value = scope.node.tryGetContext(name) as unknown;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${name}: expected text, got ${JSON.stringify(value)}`);
  return value.trim();
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
  for (const [name, value] of [['sesFromAddress', fromAddress], ['sesReplyTo', text(scope, 'sesReplyTo')]] as const) {
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

export const deploySettingsFromContext = (scope: Construct): DeploySettings => {
  const stage = oneOf(scope, 'stage', STAGES, 'dev');
  return {
    stage,
    webOrigins: webOriginsFromContext(scope),
    email: emailFromContext(scope, stage),
    apiGatewayCloudWatchRole: oneOf(scope, 'apiGatewayCloudWatchRole', ['create', 'existing'] as const, 'create'),
    alarmEmail: emailAddress(scope, 'alarmEmail'),
  };
};
