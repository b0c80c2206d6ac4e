import { createHash } from 'node:crypto';
import type { Log } from '../shared/log';
import type { PushSender } from '../shared/push/sender';
import { duePlan } from '../shared/reminders/due';
import type { DueEntry, ReminderStore } from '../shared/reminders/store';

/** What one run did. */
export interface RemindersReport {
  /** The day it ran for (YYYY-MM-DD, UTC). */
  day: string;
  /** Accounts whose due entry it looked at. */
  accounts: number;
  /** Late statements it told of (each once). */
  told: number;
  /** Due entries of accounts that are gone, removed. */
  dropped: number;
  /** Entries left for the next run: the run's time was up. */
  left: boolean;
}

export interface RemindersDeps {
  store: ReminderStore;
  sender: Pick<PushSender, 'notify'>;
  log: Log;
  /** @default the clock */
  now?: () => Date;
  /** Entries read at once. @default 100 */
  batch?: number;
  /** How long a run may go on taking batches. @default 60 s */
  budgetMs?: number;
}

/** An account's tag on a device: a hash of its key, so a lock screen's tags never spell an account. */
const tagIdOf = (owner: string, accountKey: string) => createHash('sha256').update(`${owner}|${accountKey}`).digest('hex').slice(0, 12);

/** A scheduled event's time (EventBridge's `time`), else the clock's. */
const runTime = (event: unknown, now: () => Date): Date => {
  const time = (event as { time?: unknown } | undefined)?.time;
  const parsed = typeof time === 'string' ? new Date(time) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now();
};

/**
 * The reminders' run (hourly): the accounts whose entry in the due partition is due today
 * or earlier, each read again and told of once per late statement (the notice is recorded
 * before it is sent, so a retried or repeated run never tells twice), then given its next
 * day. Its cost follows the accounts due, not the number of people; it stops taking
 * batches when its time is up, and the next run goes on.
 */
export const createReminders =
  (deps: RemindersDeps) =>
  async (event?: unknown): Promise<RemindersReport> => {
    const clock = deps.now ?? (() => new Date());
    const at = runTime(event, clock);
    const day = at.toISOString().slice(0, 10);
    const batch = deps.batch ?? 100;
    const started = Date.now();
    const report: RemindersReport = { day, accounts: 0, told: 0, dropped: 0, left: false };
    const seen = new Set<string>();
    for (;;) {
      const entries = (await deps.store.dueUpTo(day, batch)).filter((entry) => !seen.has(entryId(entry)));
      if (entries.length === 0) break;
      for (const entry of entries) {
        seen.add(entryId(entry));
        await lookAt(deps, entry, day, at.toISOString(), report);
      }
      if (Date.now() - started > (deps.budgetMs ?? 60_000)) {
        report.left = true;
        break;
      }
    }
    deps.log.info('reminders run', { ...report });
    return report;
  };

const entryId = (entry: DueEntry) => `${entry.day}|${entry.owner}|${entry.accountKey}`;

const lookAt = async (deps: RemindersDeps, entry: DueEntry, day: string, at: string, report: RemindersReport) => {
  report.accounts++;
  const facts = await deps.store.account(entry.owner, entry.accountKey);
  if (!facts) {
    await deps.store.dropDue(entry);
    report.dropped++;
    return;
  }
  const plan = duePlan(facts, day);
  for (const late of plan.toTell) {
    if (!(await deps.store.recordNotice(entry.owner, entry.accountKey, late.period, at))) continue;
    report.told++;
    // A notice is a courtesy: one that fails is logged by the sender, and the account's page says the same.
    await deps.sender
      .notify(entry.owner, {
        kind: 'statementLate',
        accountLabel: facts.label,
        period: late.period,
        expectedOn: late.expectedOn,
        tagId: tagIdOf(entry.owner, entry.accountKey),
      })
      .catch((error: Error) => deps.log.warn('late notice failed', { errorName: error.name }));
  }
  // Every late one is recorded now: the entry moves on to the day the next turns late.
  const next = plan.expectation?.next?.lateOn;
  await deps.store.setDue(entry.owner, entry.accountKey, next, facts.dueOn);
  if (entry.day !== facts.dueOn && entry.day !== next) await deps.store.dropDue(entry);
};
