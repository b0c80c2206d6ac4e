import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { STATEMENT_ROUTES } from '../../contract';
import { csv, EICAR } from '../support/samples';
import { configureAmplify } from './support/amplify';
import { STATEMENT, apollo } from './support/graphql';
import { callApi } from './support/rest';
import { javaProcessesFor, startStack, waitFor, type StackProcess } from './support/stack-process';
import { uploadStatement } from './support/uploads';
import { newUser, type TestUser } from './support/users';
import { ensureJava } from '../../local/system-packages';

/**
 * `npm start` on a machine without ClamAV's daemon, as a newcomer's is: the stack runs in a
 * mount namespace of its own where /usr/sbin (where Debian puts clamd) is an empty folder,
 * so neither the known paths nor PATH find clamd. The stack comes up anyway, says that the
 * embedded scanner runs, and that scanner quarantines the EICAR test file and passes a
 * clean one through the same GuardDuty path.
 */
const WITHOUT_CLAMD = [
  'unshare',
  '--mount',
  // Outside root, a user namespace of its own lets the stack mount the empty folder.
  ...(process.getuid?.() === 0 ? [] : ['--map-root-user']),
  '--',
  'sh',
  '-c',
  'mount -t tmpfs empty /usr/sbin && ! command -v clamd >/dev/null && exec "$@"',
  'without-clamd',
];

let stack: StackProcess;
let alice: TestUser;
beforeAll(async () => {
  // The namespace really hides clamd: the same command, asked for it, finds none.
  const probe = spawnSync(WITHOUT_CLAMD[0], [...WITHOUT_CLAMD.slice(1), 'sh', '-c', 'ls /usr/sbin; command -v clamd || echo none'], {
    encoding: 'utf8',
  });
  expect(probe.stdout.trim()).toBe('none');
  stack = await startStack({ launcher: WITHOUT_CLAMD, env: { LOCAL_MALWARE_SCANNER: '', LOCAL_CLAMD: '' } });
  configureAmplify(stack.config);
  alice = await newUser(stack, 'alice');
}, 90_000);
afterAll(async () => {
  expect(await stack.stop()).toBe(0);
  expect(javaProcessesFor(stack.dataDir)).toEqual([]);
});

/** The statement once `done` holds for it (the tag's verdict comes first, GuardDuty's event naming the threat after). */
const settled = (statementId: string, done: (statement: { status: string; scanDetail: string | null }) => boolean) =>
  waitFor(async () => {
    const { data } = await apollo(stack.config, { token: alice.idToken }).query({
      query: STATEMENT,
      variables: { id: statementId },
      fetchPolicy: 'no-cache',
    });
    const statement = (data as { statement: { status: string; scanDetail: string | null } | null }).statement;
    return statement && done(statement) ? statement : undefined;
  }, `statement ${statementId} to be scanned`);

test('the start says which scanner runs, and that it needs no system package', () => {
  expect(stack.output()).toMatch(
    /✓ malware scan: the embedded scanner with the 1 shipped signature\(s\) in local\/malware\/signatures \(ClamAV's clamd is not installed; with clamav-daemon installed, the stack uses it\)/,
  );
  expect(stack.output()).not.toMatch(/apt-get|brew install/);
});

test("the ready summary names where mail goes in and the data folder's whole path", () => {
  expect(stack.output()).toMatch(/^ {2}mail: smtp:\/\/127\.0\.0\.1:\d+ takes mail for any address @mail\.localhost/m);
  expect(stack.output()).toContain(`  data: ${path.resolve(stack.dataDir)} (LOCAL_DATA_DIR moves it)`);
});

test('the EICAR test file is quarantined and never downloadable; a clean file becomes available', async () => {
  const infected = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'eicar.csv',
    contentType: 'text/csv',
    accountLabel: 'Main',
    period: '2024-05',
    bytes: Buffer.concat([Buffer.from('Date,Description,Amount\n2024-05-01,'), EICAR, Buffer.from(',1.00\n')]),
  });
  const clean = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'clean.csv',
    contentType: 'text/csv',
    accountLabel: 'Main',
    period: '2024-05',
    bytes: csv(3000),
  });
  expect((await settled(infected.statementId, (statement) => statement.scanDetail === 'a threat was found: EICAR-Test-File')).status).toBe(
    'QUARANTINED',
  );
  expect((await settled(clean.statementId, (statement) => statement.status !== 'SCANNING')).status).toBe('AVAILABLE');
  const refused = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId: infected.statementId },
  });
  expect(refused.status).toBe(409);
  const download = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId: clean.statementId },
  });
  expect(download.status).toBe(200);
  expect((await fetch(download.body.url)).status).toBe(200);
});

describe('Java for DynamoDB Local: there, or installed where this process can', () => {
  const machine = (javaAfterInstalling: string[], options: { root: boolean }) => {
    const installed: string[] = [];
    let java = false;
    return {
      installed,
      deps: {
        problem: () => (java ? undefined : 'Java was not found'),
        canInstall: () => options.root,
        install: (name: string) => {
          installed.push(name);
          java = javaAfterInstalling.includes(name);
          return true;
        },
      },
    };
  };

  test('root on Debian: installed with apt-get, saying so, and the start goes on', () => {
    const said: string[] = [];
    const { deps, installed } = machine(['openjdk-17-jre-headless'], { root: true });
    ensureJava((line) => said.push(line), deps);
    expect(installed).toEqual(['openjdk-17-jre-headless']);
    expect(said).toEqual([
      "Java was not found: installing openjdk-17-jre-headless with apt-get, once for this machine (from Debian's package servers)…",
      '✓ openjdk-17-jre-headless installed',
    ]);
  });

  test("a Debian release without Java 17's package gets its default Java", () => {
    const { deps, installed } = machine(['default-jre-headless'], { root: true });
    ensureJava(() => undefined, deps);
    expect(installed).toEqual(['openjdk-17-jre-headless', 'default-jre-headless']);
  });

  test('without root, or when apt-get cannot, the start stops with the command for each system', () => {
    expect(() => ensureJava(() => undefined, machine([], { root: false }).deps)).toThrow(
      'Java was not found. DynamoDB Local needs Java 17 or newer. On Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`',
    );
    expect(() => ensureJava(() => undefined, machine([], { root: true }).deps)).toThrow(
      'Java was not found, and apt-get could not install it.',
    );
  });

  test('a machine with Java installs nothing', () => {
    const { deps, installed } = machine([], { root: true });
    ensureJava(() => undefined, { ...deps, problem: () => undefined });
    expect(installed).toEqual([]);
  });
});
