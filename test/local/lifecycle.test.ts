import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { signIn, signOut, fetchAuthSession } from 'aws-amplify/auth';
import { STATEMENT_ROUTES } from '../../contract';
import { configureAmplify } from './support/amplify';
import { ME, STATEMENT, UPDATE_PROFILE, apollo } from './support/graphql';
import { callApi } from './support/rest';
import { freePorts, javaProcessesFor, portEnv, startStack, waitFor, type StackProcess } from './support/stack-process';
import { uploadStatement } from './support/uploads';
import { newUser } from './support/users';
import { pdf } from '../support/samples';

/**
 * Starting, stopping and restarting `npm start`'s entry: data survives a restart, a taken
 * port is named, Ctrl-C and SIGTERM leave nothing behind, and a start after kill -9 works.
 */
const ROOT = path.join(__dirname, '..', '..');

/**
 * The stack the restart test leaves running, which the kill -9 test kills and starts again
 * and the reset test stops and resets: each step's start is one the next step needs, so
 * the file starts three stacks for what would otherwise take five.
 */
let kept: { dataDir: string; stack: StackProcess } | undefined;
let aliceEmail: string | undefined;
afterAll(async () => {
  await kept?.stack.stop();
  if (kept) fs.rmSync(kept.dataDir, { recursive: true, force: true });
});

test('users, profiles, statements and files survive a restart', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-persist-'));
  const first = await startStack({ dataDir });
  configureAmplify(first.config);
  const alice = await newUser(first, 'alice');
  aliceEmail = alice.email;
  await apollo(first.config, { token: alice.idToken }).mutate({ mutation: UPDATE_PROFILE, variables: { input: { displayName: 'Alice' } } });
  const bytes = pdf(5000);
  const { statementId } = await uploadStatement(first.config, alice.idToken, {
    fileName: 'kept.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-05',
    bytes,
  });
  await waitFor(async () => {
    const { data } = await apollo(first.config, { token: alice.idToken }).query({
      query: STATEMENT,
      variables: { id: statementId },
      fetchPolicy: 'no-cache',
    });
    return (data as { statement: unknown }).statement ?? undefined;
  }, 'the statement to be listed');
  expect(await first.stop('SIGINT')).toBe(0);
  expect(javaProcessesFor(dataDir)).toEqual([]);

  const second = await startStack({ dataDir, ports: first.ports });
  kept = { dataDir, stack: second };
  {
    configureAmplify(second.config);
    expect(second.config.auth.user_pool_client_id).toBe(first.config.auth.user_pool_client_id);
    await signIn({ username: alice.email, password: 'alice has a long password' });
    const token = (await fetchAuthSession()).tokens!.idToken!.toString();
    await signOut();
    const { data } = await apollo(second.config, { token }).query({ query: ME, fetchPolicy: 'no-cache' });
    expect((data as { me: { displayName: string } }).me.displayName).toBe('Alice');
    const download = await callApi(second.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, { token, params: { statementId } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await (await fetch(download.body.url)).arrayBuffer()).equals(bytes)).toBe(true);
  }
}, 120_000);

test('a taken port stops the start with a message that names it and its variable', async () => {
  const ports = await freePorts();
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(ports.s3, '127.0.0.1', resolve));
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-port-'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...portEnv(ports), LOCAL_DATA_DIR: dataDir, LOCAL_WEB_CONFIG: path.join(dataDir, 'c.json') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`port ${ports.s3} (S3) is in use: stop what uses it, or set LOCAL_S3_PORT to another port`);
    expect(javaProcessesFor(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    blocker.close();
  }
}, 60_000);

test('after kill -9, DynamoDB Local goes with it and the next start recovers', async () => {
  // The restarted stack of the first test, with a person and a statement in it.
  const { dataDir, stack: first } = kept!;
  expect(javaProcessesFor(dataDir)).toHaveLength(1);
  first.child.kill('SIGKILL');
  await waitFor(async () => (javaProcessesFor(dataDir).length === 0 ? true : undefined), 'the watchdog to stop Java', 10_000);
  expect(first.child.signalCode).toBe('SIGKILL');

  const second = await startStack({ dataDir, ports: first.ports });
  kept = { dataDir, stack: second };
  const answer = await fetch(second.config.data.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': second.config.data.api_key },
    body: JSON.stringify({ query: '{ serviceStatus { status } }' }),
  });
  expect(await answer.json()).toEqual({ data: { serviceStatus: { status: 'OK' } } });
  // What was written before the kill is still there.
  configureAmplify(second.config);
  await signIn({ username: aliceEmail!, password: 'alice has a long password' });
  const token = (await fetchAuthSession()).tokens!.idToken!.toString();
  await signOut();
  const { data } = await apollo(second.config, { token }).query({ query: ME, fetchPolicy: 'no-cache' });
  expect((data as { me: { displayName: string } }).me.displayName).toBe('Alice');
}, 120_000);

test('npm run local:reset says what it deletes, then deletes it', async () => {
  // The stack the kill -9 test started: stopped by SIGTERM, leaving nothing running.
  const { dataDir, stack } = kept!;
  expect(await stack.stop()).toBe(0);
  expect(javaProcessesFor(dataDir)).toEqual([]);
  kept = undefined;
  const reset = spawnSync(process.execPath, ['--import', 'tsx', 'local/reset.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOCAL_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(reset.status).toBe(0);
  expect(reset.stdout).toMatch(/users and their passwords \(Cognito\)/);
  expect(reset.stdout).toMatch(/profiles and statement records \(DynamoDB\)/);
  expect(fs.existsSync(dataDir)).toBe(false);
}, 60_000);
