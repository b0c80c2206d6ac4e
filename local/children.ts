import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';

/**
 * Child processes that cannot outlive the local stack. Each runs under a tiny `sh`
 * watchdog that holds our pipe on its stdin: when the stack exits for any reason, even
 * kill -9, the pipe closes, `cat` returns and the watchdog kills the child. A pid file
 * lets the next start clean up anything that still escaped.
 */
const WATCHDOG = '"$@" & child=$!; echo "watchdog-child $child"; cat >/dev/null; kill "$child" 2>/dev/null; wait "$child"';

export interface Child {
  process: ChildProcess;
  /** The pids to record: the watchdog and, once known, the command it runs. */
  pids(): number[];
  stop(): Promise<void>;
}

export const spawnGuarded = (
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; onOutput?: (line: string) => void },
): Child => {
  const child = spawn('sh', ['-c', WATCHDOG, 'watchdog', command, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let innerPid: number | undefined;
  const forward = (stream: NodeJS.ReadableStream | null) =>
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        const announced = /^watchdog-child (\d+)$/.exec(line.trim());
        if (announced) innerPid = Number(announced[1]);
        else if (line.trim()) options.onOutput?.(line);
      }
    });
  forward(child.stdout);
  forward(child.stderr);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    pids: () => [child.pid, innerPid].filter((pid): pid is number => pid !== undefined),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Closing the pipe is the stop signal; the watchdog then ends the command.
      child.stdin?.end();
      const timer = setTimeout(() => {
        for (const pid of [innerPid, child.pid]) {
          try {
            if (pid) process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** Records child pids so a later start can kill leftovers of a stack that died hard. */
export const recordPids = (file: string, pids: number[]): void => {
  fs.writeFileSync(file, JSON.stringify({ owner: process.pid, pids }));
};

export const appendPids = (file: string, pids: number[]): void => {
  const recorded = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { owner: number; pids: number[] })
    : { owner: process.pid, pids: [] };
  fs.writeFileSync(file, JSON.stringify({ ...recorded, pids: [...recorded.pids, ...pids] }));
};

export const killLeftovers = (file: string): number[] => {
  if (!fs.existsSync(file)) return [];
  let recorded: { owner: number; pids: number[] };
  try {
    recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const killed: number[] = [];
  for (const pid of [recorded.owner, ...recorded.pids]) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      continue;
    }
    // Only ours: a recycled pid of an unrelated process must not be touched.
    const cmdline = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
    if (!/DynamoDBLocal|clamd|watchdog|local\/start|next/.test(cmdline)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // already gone
    }
  }
  fs.rmSync(file, { force: true });
  return killed;
};
