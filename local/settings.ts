import * as path from 'node:path';
import { REGION } from '../contract';

/**
 * Everything the local stack fixes: its ports (each overridable by an environment
 * variable), where it keeps data, and the ids and credentials it answers to. Nothing
 * here is secret: the stack listens on loopback only.
 */
export const HOST = '127.0.0.1';

export interface PortSpec {
  readonly name: string;
  readonly env: string;
  readonly default: number;
}

export const PORTS = {
  web: { name: 'web app', env: 'WEB_PORT', default: 3000 },
  cognito: { name: 'Cognito (user pool and identity pool)', env: 'LOCAL_COGNITO_PORT', default: 9229 },
  dynamodb: { name: 'DynamoDB Local', env: 'LOCAL_DYNAMODB_PORT', default: 8000 },
  s3: { name: 'S3', env: 'LOCAL_S3_PORT', default: 4569 },
  appsync: { name: 'AppSync GraphQL', env: 'LOCAL_APPSYNC_PORT', default: 20002 },
  profileImageApi: { name: 'profile image REST API', env: 'LOCAL_PROFILE_API_PORT', default: 4011 },
  statementsApi: { name: 'statements REST API', env: 'LOCAL_STATEMENTS_API_PORT', default: 4012 },
  /** The push service browsers would use (web push), on loopback. */
  pushService: { name: 'push service', env: 'LOCAL_PUSH_SERVICE_PORT', default: 4013 },
  /** Where mail to people's private addresses is delivered (SMTP, playing Amazon SES receiving). */
  mail: { name: 'mail (SMTP)', env: 'LOCAL_SMTP_PORT', default: 2525 },
} as const satisfies Record<string, PortSpec>;

export type PortName = keyof typeof PORTS;
export type Ports = Record<PortName, number>;

export const portsFromEnv = (env: NodeJS.ProcessEnv = process.env): Ports =>
  Object.fromEntries(
    (Object.entries(PORTS) as [PortName, PortSpec][]).map(([key, spec]) => {
      const raw = env[spec.env];
      if (raw === undefined || raw === '') return [key, spec.default];
      const port = Number(raw);
      if (!Number.isInteger(port) || port < 1 || port > 65535) {
        throw new Error(`${spec.env}=${raw} is not a port number (1-65535)`);
      }
      return [key, port];
    }),
  ) as Ports;

/** Where the stack keeps users, records and files between runs (`npm run local:reset` wipes it). */
export const defaultDataDir = (): string => path.resolve(process.env.LOCAL_DATA_DIR ?? '.local-data');

export const dataPaths = (dataDir: string) => ({
  root: dataDir,
  cognito: path.join(dataDir, 'cognito'),
  dynamodb: path.join(dataDir, 'dynamodb'),
  s3: path.join(dataDir, 's3'),
  /** ClamAV's config, signatures and log. */
  clamav: path.join(dataDir, 'clamav'),
  /** One JSON line per code the emulated Cognito "e-mailed"; tests read it. */
  codes: path.join(dataDir, 'codes.jsonl'),
  /** The VAPID key pair web push is signed with (the deployment's secret). */
  vapidKeys: path.join(dataDir, 'push', 'vapid-keys.json'),
  /** The secret owners' account-identifier keys are derived from (the deployment's secret). */
  identifierSecret: path.join(dataDir, 'secrets', 'account-identifiers'),
  pageTokenKey: path.join(dataDir, 'secrets', 'page-tokens'),
  /** Process ids of children, so a start after kill -9 can stop what is left. */
  pids: path.join(dataDir, 'pids.json'),
  /** The SPF, DKIM and DMARC verdicts the local SES gives each message it takes (local/mail-verdicts.ts); GRAY without it. */
  mailVerdicts: path.join(dataDir, 'mail-verdicts.json'),
  /** The stack's clock for its scheduled runs (local/clock.ts): `{ "now": "<ISO time>" }`; the machine's without it. */
  clock: path.join(dataDir, 'clock.json'),
});

/** The account the local stack pretends to be. */
export const LOCAL_ACCOUNT_ID = '000000000000';

/** Fixed ids, shaped like AWS's, so tokens and configs look like a deploy's. */
export const LOCAL_IDS = {
  userPoolId: `${REGION}_LocalVault`,
  userPoolClientName: 'web',
  identityPoolId: `${REGION}:00000000-0000-4000-8000-00000000beef`,
  bucketName: 'statement-vault-local',
  tableName: 'statement-vault-local',
  graphqlApiId: 'localstatementvaultgraphql',
  graphqlApiKey: 'da2-localstatementvaultkey0000',
  /** People's private mail addresses: `.localhost` names always mean this machine, so no mail leaves it. */
  mailDomain: 'mail.localhost',
} as const;

/** What the handlers sign with locally; the S3 front verifies signatures against it. */
export const LOCAL_CREDENTIALS = {
  accessKeyId: 'AKIALOCALVAULT000000',
  secretAccessKey: 'local/statement/vault/secret/key/0000000',
} as const;
