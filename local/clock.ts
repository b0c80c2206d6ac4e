import * as fs from 'node:fs';

/**
 * The local stack's clock for its scheduled runs: the time a file in its data folder says
 * (`{ "now": "2026-12-20T09:00:00Z" }`), so a test or a person can see what a date to come
 * brings, else the machine's. Read at each run, so it can be set while the stack runs.
 */
export const localNow = (file: string): Date => {
  try {
    const now = new Date((JSON.parse(fs.readFileSync(file, 'utf8')) as { now?: unknown }).now as string);
    return Number.isNaN(now.getTime()) ? new Date() : now;
  } catch {
    return new Date();
  }
};
