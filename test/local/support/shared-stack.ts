import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseWebConfig } from '../../../contract';
import { latestCode } from '../../../local/cognito/codes';
import type { Ports } from '../../../local/settings';
import { freePorts, javaProcessesFor, stackEnv, waitFor, type StackProcess } from './stack-process';

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * Where the run's shared stacks are recorded, one file per jest worker: set by the global
 * setup for the whole run (so every worker sees it), removed by the global teardown after it
 * has stopped them.
 */
export const SHARED_STACKS_ENV = 'VAULT_SHARED_STACKS';

/** What a worker records of the stack it started, for the suites after it and for the teardown. */
interface SharedStackRecord {
  pid: number;
  dataDir: string;
  ports: Ports;
  logFile: string;
  configFile: string;
}

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A stack a suite uses but does not own: its stop is the run's teardown, not the suite's. */
const attach = (record: SharedStackRecord): StackProcess => {
  const parsed = parseWebConfig(JSON.parse(fs.readFileSync(record.configFile, 'utf8')));
  if (!parsed.ok) throw new Error(`the shared stack wrote a bad config: ${parsed.problems.join('; ')}`);
  return {
    config: parsed.config,
    dataDir: record.dataDir,
    ports: record.ports,
    env: {},
    output: () => fs.readFileSync(record.logFile, 'utf8'),
    pid: record.pid,
    child: undefined as never,
    codeFor(email) {
      const code = latestCode(path.join(record.dataDir, 'codes.jsonl'), email);
      if (!code) throw new Error(`no code was sent to ${email}`);
      return code.code;
    },
    stop: async () => 0,
  };
};

/** A worker's record of its stack, in the registry (other records there have names of their own). */
const stackRecordName = (worker: string) => `worker-${worker}.json`;
const STACK_RECORD = /^worker-[^/]+\.json$/;

/**
 * The local stack this jest worker's suites share (`npm start`'s entry point, as
 * `startStack` runs it, with INFO logs in a file): started by the first suite that asks,
 * used by each after it, one at a time, and stopped by the run's global teardown. Suites
 * keep apart by their data (each signs up its own people), not by processes: a stack start
 * is seconds of both cores that a suite would otherwise spend once each.
 */
export const sharedStack = async (): Promise<StackProcess> => {
  const registry = process.env[SHARED_STACKS_ENV];
  if (!registry) throw new Error(`${SHARED_STACKS_ENV} is not set: the integration layer's global setup sets it`);
  const recordFile = path.join(registry, stackRecordName(process.env.JEST_WORKER_ID ?? '1'));
  if (fs.existsSync(recordFile)) {
    const record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as SharedStackRecord;
    if (alive(record.pid)) return attach(record);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-shared-'));
  const ports = await freePorts();
  const logFile = path.join(dataDir, 'stack.log');
  const configFile = path.join(dataDir, 'amplify_outputs.json');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: ROOT,
    env: {
      ...stackEnv(ports, dataDir, configFile),
      // Suites read what the catalogue and the APIs log (never a token: fuzz-http checks).
      LOCAL_LOG_LEVEL: 'INFO',
    },
    // Its own process group, outliving this suite's environment; the teardown ends the group.
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  child.unref();
  const record: SharedStackRecord = { pid: child.pid!, dataDir, ports, logFile, configFile };
  await waitFor(
    async () => {
      const output = fs.readFileSync(logFile, 'utf8');
      if (/^Ready in /m.test(output)) return true;
      if (!alive(record.pid)) throw new Error(`the shared stack exited before it was ready:\n${output}`);
      return undefined;
    },
    'the shared stack to be ready',
    90_000,
  );
  fs.writeFileSync(recordFile, JSON.stringify(record));
  return attach(record);
};

/**
 * Stops every shared stack of the run and waits for each to end: SIGTERM to the stack's
 * own process, which stops its parts in order and waits for each, as on Ctrl-C (a signal
 * to the whole group would reach DynamoDB Local's JVM too, which then shuts down on its own
 * time after the stack has gone); its process group is killed if it has not ended within
 * 30 s. Each that was running must stop as `npm start` does: saying "Stopped." (its exit
 * with 0) and leaving no DynamoDB Local behind; else the run fails, saying which, once every
 * stack is stopped and its folder removed.
 */
export const stopSharedStacks = async (registry: string): Promise<void> => {
  if (!fs.existsSync(registry)) return;
  const records = fs
    .readdirSync(registry)
    .filter((name) => STACK_RECORD.test(name))
    .map((name) => JSON.parse(fs.readFileSync(path.join(registry, name), 'utf8')) as SharedStackRecord);
  const running = records.filter((record) => alive(record.pid));
  for (const record of running) {
    try {
      process.kill(record.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  const problems: string[] = [];
  for (const record of running) {
    await waitFor(async () => (alive(record.pid) ? undefined : true), `shared stack ${record.pid} to stop`, 30_000).catch(() => {
      problems.push(`the shared stack ${record.pid} did not stop within 30 s of SIGTERM`);
      try {
        process.kill(-record.pid, 'SIGKILL');
      } catch {
        // Gone.
      }
    });
    const log = fs.existsSync(record.logFile) ? fs.readFileSync(record.logFile, 'utf8') : '';
    if (!/^Stopped\.$/m.test(log))
      problems.push(`the shared stack ${record.pid} did not say it stopped; its log ends:\n${log.slice(-2000)}`);
    const java = javaProcessesFor(record.dataDir);
    if (java.length > 0) problems.push(`the shared stack ${record.pid} left DynamoDB Local running (pids ${java.join(', ')})`);
    for (const pid of java) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  }
  for (const record of records) fs.rmSync(record.dataDir, { recursive: true, force: true });
  fs.rmSync(registry, { recursive: true, force: true });
  if (problems.length > 0) throw new Error(problems.join('\n'));
};
