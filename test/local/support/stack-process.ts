import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseWebConfig, type WebConfig } from '../../../contract';
import { latestCode } from '../../../local/cognito/codes';
import { isFree } from '../../../local/ports';
import { PORTS, type PortName, type Ports } from '../../../local/settings';

const ROOT = path.join(__dirname, '..', '..', '..');

export interface StackProcess {
  config: WebConfig;
  dataDir: string;
  ports: Ports;
  /** The settings it was started with beyond the usual ones. */
  env: Record<string, string>;
  output: () => string;
  /** The stack's own process (`local/start.ts`), owned or shared. */
  pid: number;
  /** Its process object, for a stack the suite started itself. */
  child: ChildProcess;
  codeFor(email: string): string;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Free ports below Linux's ephemeral range (32768+), so the port-0 listeners inside another
 * stack started by a parallel test file can never take one between choice and use.
 */
export const freePorts = async (): Promise<Ports> => {
  const chosen = new Set<number>();
  const entries: [PortName, number][] = [];
  for (const name of Object.keys(PORTS) as PortName[]) {
    for (;;) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      if (chosen.has(port) || !(await isFree(port))) continue;
      chosen.add(port);
      entries.push([name, port]);
      break;
    }
  }
  return Object.fromEntries(entries) as Ports;
};

export const portEnv = (ports: Ports): Record<string, string> =>
  Object.fromEntries((Object.keys(ports) as PortName[]).map((name) => [PORTS[name].env, String(ports[name])]));

/** The environment a test's stack runs in: its ports and data, the backend alone, scanning with clamd. */
export const stackEnv = (ports: Ports, dataDir: string, configFile: string): NodeJS.ProcessEnv => ({
  ...process.env,
  ...portEnv(ports),
  LOCAL_DATA_DIR: dataDir,
  LOCAL_WEB_CONFIG: configFile,
  LOCAL_NO_WEB: '1',
  LOCAL_MALWARE_SCANNER: 'clamd',
});

/**
 * Starts `npm start`'s entry point (`node --import tsx local/start.ts`) as its own process,
 * on free ports and a fresh data folder unless one is given (removed when it stops), and
 * waits for the ready line.
 * The stack scans with ClamAV's clamd (the tests install it) unless `env` says otherwise.
 * `launcher`: a command that runs the stack's command (its words come last), e.g. to start
 * it in a namespace that changes what the machine has.
 */
export const startStack = async (
  options: { dataDir?: string; ports?: Ports; timeoutMs?: number; env?: Record<string, string>; launcher?: string[] } = {},
): Promise<StackProcess> => {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vault-local-'));
  const ports = options.ports ?? (await freePorts());
  const configFile = path.join(dataDir, 'amplify_outputs.json');
  const [command, ...args] = [...(options.launcher ?? []), process.execPath, '--import', 'tsx', 'local/start.ts'];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...stackEnv(ports, dataDir, configFile), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within ${options.timeoutMs ?? 60_000} ms:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const check = (chunk: Buffer) => {
      // Only new output is searched: a long-running stack prints a lot.
      if (/^Ready in /m.test(chunk.toString('utf8')) || /^Ready in /m.test(output)) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited with ${code} before it was ready:\n${output}`));
    });
  });

  const parsed = parseWebConfig(JSON.parse(fs.readFileSync(configFile, 'utf8')));
  if (!parsed.ok) throw new Error(`the stack wrote a bad config: ${parsed.problems.join('; ')}`);
  return {
    config: parsed.config,
    dataDir,
    ports,
    env: { ...options.env },
    pid: child.pid!,
    child,
    output: () => output,
    codeFor(email) {
      const record = latestCode(path.join(dataDir, 'codes.jsonl'), email);
      if (!record) throw new Error(`no code was sent to ${email}`);
      return record.code;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      // A folder it made goes with it (a stack's is hundreds of megabytes); one it was given is the caller's.
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
};

/** Pids of DynamoDB Local processes whose data folder is `dataDir` (none should outlive a stack). */
export const javaProcessesFor = (dataDir: string): number[] =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return (
          path.basename(argv[0]) === 'java' &&
          argv.some((arg) => arg.endsWith('DynamoDBLocal.jar')) &&
          argv.includes(path.join(dataDir, 'dynamodb'))
        );
      } catch {
        return false;
      }
    })
    .map(Number);

export const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};
