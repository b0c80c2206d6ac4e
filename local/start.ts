/**
 * `npm start`: the whole product on this machine, offline: Cognito, the identity pool,
 * DynamoDB, S3, AppSync and both REST APIs (running the real Lambda handlers), wired by
 * the same config file a deploy produces, and the web app as it deploys (the OpenNext
 * build, made first when web/ has changed since the last one). `npm run dev` serves the
 * web app with `next dev` instead. Ctrl-C stops everything.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { WEB_CONFIG_FILE } from '../contract';
import { buildWebArtifact, localWebBuildIsCurrent } from '../lib/web-build';
import { startLocalStack } from './stack';
import { startWebApp } from './web';
import { appendPids, killLeftovers } from './children';
import { assertPortsFree } from './ports';
import { enforceOffline, offlineNodeEnvironment } from './offline';
import { LOCAL_IDS, dataPaths, defaultDataDir, portsFromEnv, type PortName } from './settings';
import { ensureJava } from './system-packages';

const started = Date.now();
const say = (line: string) => process.stdout.write(`${line}\n`);

/** `--dev` (`npm run dev`): `next dev`; otherwise the deployable build. */
const webMode = (): 'dev' | 'start' => (parseArgs({ options: { dev: { type: 'boolean', default: false } } }).values.dev ? 'dev' : 'start');

/** The deployable build, made again only when its sources changed since the last one. */
const ensureWebBuild = () => {
  if (localWebBuildIsCurrent()) return;
  say('  Building the web app as it deploys (OpenNext, about 20 s; again only when web/, contract/ or the lockfile change)…');
  const started = Date.now();
  // The build runs under the same guard as the stack: it needs nothing from the network.
  buildWebArtifact('local', { quiet: true, env: offlineNodeEnvironment() });
  say(`  ✓ web app built (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

const main = async () => {
  // Before anything else runs: nothing in this process may reach past this machine.
  enforceOffline((line) => say(`  ${line}`));
  const mode = webMode();
  const ports = portsFromEnv();
  const dataDir = defaultDataDir();
  const webConfigFile = path.resolve(process.env.LOCAL_WEB_CONFIG ?? path.join('web', WEB_CONFIG_FILE));
  say(`Statement Vault local stack: starting (data in ${path.relative(process.cwd(), dataDir) || dataDir})`);
  // A port in use is said before anything is installed or built, which would take seconds
  // the person waits for nothing (after what an earlier run left behind is stopped).
  const leftovers = killLeftovers(dataPaths(dataDir).pids);
  if (leftovers.length > 0) say(`  stopped ${leftovers.length} process(es) left by an earlier run that did not shut down`);
  await assertPortsFree(
    ports,
    (Object.keys(ports) as PortName[]).filter((name) => name !== 'web' || !process.env.LOCAL_NO_WEB),
  );
  // DynamoDB Local runs on Java: installed here where this process can, rather than a command to type.
  ensureJava((line) => say(`  ${line}`));
  if (!process.env.LOCAL_NO_WEB && mode === 'start') ensureWebBuild();

  const stack = await startLocalStack({
    ports,
    dataDir,
    webConfigFile,
    log: (line) => say(`  ${line}`),
    progress: (part, ms) => say(`  ✓ ${part} (${(ms / 1000).toFixed(1)} s)`),
  });

  // LOCAL_NO_WEB=1 runs the backend alone (the integration tests do).
  const web = process.env.LOCAL_NO_WEB
    ? undefined
    : await startWebApp({
        port: ports.web,
        mode,
        configFile: webConfigFile,
        onOutput: (line) => {
          if (/error|warn|^offline:/i.test(line)) say(`  web: ${line.trim()}`);
        },
      });
  if (web) appendPids(dataPaths(dataDir).pids, web.pids());
  if (web) say(`  ✓ web app (${mode === 'start' ? 'the deployable OpenNext build' : 'next dev'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      say('Stopping now.');
      process.exit(1);
    }
    stopping = true;
    say(`\n${signal}: stopping the local stack…`);
    await web?.stop();
    await stack.stop();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('Ctrl-C'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));

  say(`  web config: ${path.relative(process.cwd(), webConfigFile)}`);
  say(`  GraphQL ${stack.urls.graphql} · profile image API ${stack.urls.profileImageApi} · statements API ${stack.urls.statementsApi}`);
  say(`  Cognito ${stack.urls.cognito} · S3 ${stack.urls.s3} · DynamoDB ${stack.urls.dynamodb} · push service ${stack.urls.pushService}`);
  say(`  mail: ${stack.urls.smtp} takes mail for any address @${LOCAL_IDS.mailDomain} (the profile shows each person's)`);
  say(`  data: ${path.resolve(dataDir)} (LOCAL_DATA_DIR moves it)`);
  say(`  confirmation and reset codes are printed here and kept in ${path.relative(process.cwd(), stack.codesFile)}`);
  say('  network: loopback only; nothing here opens a connection off this machine');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(
    web
      ? `Ready in ${seconds} s: open http://localhost:${ports.web} (GraphQL ${stack.urls.graphql}; Ctrl-C stops everything)`
      : `Ready in ${seconds} s: local backend up, GraphQL ${stack.urls.graphql} (Ctrl-C stops it)`,
  );
};

main().catch((error: Error) => {
  process.stderr.write(`\nThe local stack could not start:\n${error.message}\n`);
  process.exit(1);
});
