import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Child } from '../../../local/children';
import { HOST } from '../../../local/settings';
import { startWebApp, webAppProcess } from '../../../local/web';
import { ensureWebArtifact } from '../../../lib/web-build';
import { webArtifactDir } from '../../../lib/web-artifact';
import { SHARED_STACKS_ENV, alive } from '../../local/support/shared-stack';
import { waitFor, type StackProcess } from '../../local/support/stack-process';

/**
 * One build at a time in this checkout: the build writes web/.next and web/.open-next*, so
 * two jest workers (or two runs) building at once would each break the other's. A folder
 * in the system's temporary folder, made atomically, named for the checkout, holding its
 * owner's pid (a lock whose owner is gone is taken over).
 */
const BUILD_LOCK = path.join(
  os.tmpdir(),
  `vault-web-build-${createHash('sha256').update(webArtifactDir('local')).digest('hex').slice(0, 12)}.lock`,
);

const withBuildLock = async <T>(work: () => T): Promise<T> => {
  const owner = path.join(BUILD_LOCK, 'owner');
  for (const deadline = Date.now() + 15 * 60_000; ;) {
    try {
      fs.mkdirSync(BUILD_LOCK);
      fs.writeFileSync(owner, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = Number(fs.existsSync(owner) ? fs.readFileSync(owner, 'utf8') : NaN);
      // Its owner died holding it, or before it could write its pid (it writes it at once).
      const orphaned = Number.isInteger(held)
        ? !alive(held)
        : Date.now() - (fs.statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 30_000;
      if (orphaned) fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`the web build's lock ${BUILD_LOCK} is held by ${held} for over 15 minutes`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
};

/**
 * The web app as it deploys: OpenNext's build, run through its local server (the same
 * server handler behind a Node server that also serves the static files, answering as the
 * server function and CloudFront do), as `npm start` runs it. Built once per state of the
 * sources: the first browser file of a run builds it when the sources changed, every other
 * (on either worker) waits for that build and uses it.
 */
export const buildWebApp = async (): Promise<string> => {
  await withBuildLock(() => ensureWebArtifact('local', { quiet: true }));
  return webArtifactDir('local');
};

export const startBuiltWebApp = (port: number, configFile: string, onOutput?: (line: string) => void): Promise<Child> =>
  startWebApp({ port, mode: 'start', configFile, onOutput });

/** What a worker records of the web server it started, beside its stack's record. */
interface SharedWebAppRecord {
  pid: number;
  port: number;
  logFile: string;
  /** The stack it serves: a stack started again (the last one died) gets a server of its own. */
  stackPid: number;
}

/** The web server this worker's browser files share, and what it printed. */
export interface SharedWebApp {
  base: string;
  /** Every line it printed since it started, as `npm start` shows them in its terminal. */
  output(): string[];
  /** Whether this file started it (else an earlier file of the worker did). */
  startedHere: boolean;
}

const webRecordName = (worker: string) => `web-worker-${worker}.json`;
const WEB_RECORD = /^web-worker-[^/]+\.json$/;

/** Whether something accepts connections on the port now. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: HOST }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const linesOf = (file: string) =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
    : [];

/**
 * The web server of this jest worker's browser files (the build above, on the stack's web
 * port, with its config): started by the first file that asks, used by each after it, and
 * stopped by the run's global teardown (before the stacks), as the worker's stack is. Its
 * own process group, its output in a file in the stack's folder.
 */
export const sharedWebApp = async (stack: StackProcess): Promise<SharedWebApp> => {
  const registry = process.env[SHARED_STACKS_ENV];
  if (!registry) throw new Error(`${SHARED_STACKS_ENV} is not set: the browser layer's global setup sets it`);
  const recordFile = path.join(registry, webRecordName(process.env.JEST_WORKER_ID ?? '1'));
  const attach = (record: SharedWebAppRecord, startedHere: boolean): SharedWebApp => ({
    base: `http://localhost:${record.port}`,
    output: () => linesOf(record.logFile),
    startedHere,
  });
  if (fs.existsSync(recordFile)) {
    const record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as SharedWebAppRecord;
    if (alive(record.pid) && record.stackPid === stack.pid) return attach(record, false);
    await stopWebServer(record);
  }
  await buildWebApp();
  const port = stack.ports.web;
  const logFile = path.join(stack.dataDir, 'web.log');
  const { command, args, cwd, env } = webAppProcess({ port, mode: 'start', configFile: path.join(stack.dataDir, 'amplify_outputs.json') });
  const log = fs.openSync(logFile, 'a');
  // Its own process group, outliving this file's environment; the teardown ends the group.
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  child.unref();
  const record: SharedWebAppRecord = { pid: child.pid!, port, logFile, stackPid: stack.pid };
  await waitFor(
    async () => {
      if (!alive(record.pid)) throw new Error(`the web app exited while starting:\n${linesOf(logFile).join('\n')}`);
      return (await accepts(port)) || undefined;
    },
    'the web app to open its port',
    120_000,
  );
  fs.writeFileSync(recordFile, JSON.stringify(record));
  return attach(record, true);
};

/** SIGTERM to the server's process group, then SIGKILL if it has not ended within 10 s. */
const stopWebServer = async (record: SharedWebAppRecord): Promise<void> => {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-record.pid, name);
    } catch {
      // Gone already.
    }
  };
  signal('SIGTERM');
  await waitFor(async () => (alive(record.pid) ? undefined : true), `web server ${record.pid} to stop`, 10_000).catch(() =>
    signal('SIGKILL'),
  );
};

/** Stops every worker's web server of the run (the global teardown, before it stops the stacks they serve). */
export const stopSharedWebApps = async (registry: string): Promise<void> => {
  if (!fs.existsSync(registry)) return;
  for (const name of fs.readdirSync(registry).filter((file) => WEB_RECORD.test(file))) {
    await stopWebServer(JSON.parse(fs.readFileSync(path.join(registry, name), 'utf8')) as SharedWebAppRecord);
    fs.rmSync(path.join(registry, name), { force: true });
  }
};
