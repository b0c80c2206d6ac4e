import * as fs from 'node:fs';
import * as path from 'node:path';
import { REGION, WEB_CONFIG_ENV, parseWebConfig } from '../contract';
import { principalCredentials } from './iam/identities';
import { serverFunctionDir, webArtifactDir } from '../lib/web-artifact';
import { spawnGuarded, type Child } from './children';
import { offlineNodeEnvironment } from './offline';
import { waitForPort } from './ports';

const WEB_DIR = path.join(__dirname, '..', 'web');
const NEXT_BIN = require.resolve('next/dist/bin/next');
const COGNITO_KEYS_ROUTE = require.resolve('./cognito/keys-route.cjs');

/** The local Cognito the config file names (the stack writes it before the web app starts); none in a deployed stage's. */
const localCognitoUrl = (configFile: string): string | undefined => {
  const parsed = parseWebConfig(JSON.parse(fs.readFileSync(configFile, 'utf8')));
  if (!parsed.ok) throw new Error(`${configFile} is not a web config: ${parsed.problems.join('; ')}`);
  return parsed.config.custom.userPoolEndpoint;
};

/** The local stack's credentials of the web server's role, in the variables Lambda sets. */
const webServerCredentials = () => {
  const { accessKeyId, secretAccessKey } = principalCredentials('webServer');
  return { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_REGION: REGION };
};

/** What the web app runs as: its command, folder and environment, for `startWebApp` or a caller that runs it otherwise. */
export interface WebAppProcess {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The web app's process on the local stack, reading the config file the stack has just
 * written: `next dev` in web/, or (`start`) the deployable build behind its local server
 * (`npm run web:build -- --target local`).
 */
export const webAppProcess = (input: { port: number; mode: 'dev' | 'start'; configFile: string }): WebAppProcess => {
  const offline = offlineNodeEnvironment();
  const cognito = localCognitoUrl(input.configFile);
  const env = {
    ...process.env,
    ...offline,
    // The adapter checks the tokens in cookies against the pool's keys: the local Cognito's.
    ...(cognito
      ? {
          NODE_OPTIONS: `${offline.NODE_OPTIONS} --require ${JSON.stringify(COGNITO_KEYS_ROUTE)}`,
          STATEMENT_VAULT_LOCAL_COGNITO_URL: cognito,
        }
      : {}),
    [WEB_CONFIG_ENV.file]: input.configFile,
    // The web server's role, as Lambda gives it to the function: on the local stack, its local credentials.
    ...(cognito ? webServerCredentials() : {}),
  };
  if (input.mode === 'dev') {
    return {
      command: process.execPath,
      args: [NEXT_BIN, 'dev', '--port', String(input.port), '--hostname', 'localhost'],
      cwd: WEB_DIR,
      env,
    };
  }
  const built = serverFunctionDir(webArtifactDir('local'));
  if (!fs.existsSync(built)) {
    throw new Error(`the deployable build is missing (${built}): \`npm start\` makes it, or run \`npm run web:build -- --target local\``);
  }
  return {
    command: process.execPath,
    args: ['index.mjs'],
    cwd: built,
    env: { ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(input.port) },
  };
};

/**
 * The web app on the local stack (`webAppProcess`), under the same watchdog as DynamoDB
 * Local. Resolves once it accepts connections.
 */
export const startWebApp = async (input: {
  port: number;
  mode: 'dev' | 'start';
  configFile: string;
  onOutput?: (line: string) => void;
}): Promise<Child> => {
  const { command, args, cwd, env } = webAppProcess(input);
  const child = spawnGuarded(command, args, { cwd, env, onOutput: input.onOutput });
  try {
    await Promise.race([
      waitForPort(input.port, 120_000, 'The web app'),
      new Promise((_, reject) =>
        child.process.once('exit', (code) => reject(new Error(`the web app exited with code ${code} while starting`))),
      ),
    ]);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
};
