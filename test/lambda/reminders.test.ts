import { addDays, type ExpectationStatement } from '../../contract/accounts/expected';
import { lastDayOfMonth } from '../../contract/accounts/chain';
import { monthIndex, periodOfIndex, type AccountSchedule } from '../../contract/accounts/schedule';
import { createReminders } from '../../lambda/reminders/core';
import type { PushEvent } from '../../lambda/shared/push/sender';
import { refreshDue } from '../../lambda/shared/reminders/due';
import type { AccountExpectationFacts, DueEntry, ReminderStore } from '../../lambda/shared/reminders/store';
import { ALICE, capturingLog } from '../support/lambda-fakes';

/**
 * The reminders' run on a fake clock, over a store kept in memory with the table's rules
 * (one due entry per account, named by its summary; a notice recorded once). The same run
 * goes through DynamoDB Local and the push service in test/local/reminders.test.ts.
 */
const memoryStore = () => {
  const accounts = new Map<string, AccountExpectationFacts>();
  const due = new Map<string, DueEntry>();
  const notices = new Set<string>();
  const id = (owner: string, accountKey: string) => `${owner}|${accountKey}`;
  const entryId = (entry: DueEntry) => `${entry.day}|${entry.owner}|${entry.accountKey}`;
  const reads: string[] = [];
  const store: ReminderStore = {
    async dueUpTo(day, limit) {
      return [...due.values()]
        .filter((entry) => entry.day <= day)
        .sort((a, b) => entryId(a).localeCompare(entryId(b)))
        .slice(0, limit);
    },
    async account(owner, accountKey) {
      reads.push(accountKey);
      const facts = accounts.get(id(owner, accountKey));
      return facts && structuredClone(facts);
    },
    async setDue(owner, accountKey, day, previous) {
      const facts = accounts.get(id(owner, accountKey));
      if (previous) due.delete(entryId({ day: previous, owner, accountKey }));
      if (!facts) return;
      facts.dueOn = day;
      if (day) due.set(entryId({ day, owner, accountKey }), { day, owner, accountKey });
    },
    async dropDue(entry) {
      due.delete(entryId(entry));
    },
    async recordNotice(owner, accountKey, period) {
      const key = `${owner}|${accountKey}|${period}`;
      if (notices.has(key)) return false;
      notices.add(key);
      return true;
    },
  };
  return { store, accounts, due, notices, reads };
};

/** Monthly statements from `from`, each ending on its month's last day and arriving two days later. */
const monthly = (from: string, count: number): ExpectationStatement[] =>
  Array.from({ length: count }, (_, index) => {
    const period = periodOfIndex(monthIndex(from) + index);
    const to = lastDayOfMonth(Number(period.slice(0, 4)), Number(period.slice(5)));
    return { period, to, filedAt: `${addDays(to, 2)}T08:00:00.000Z` };
  });

const setup = () => {
  const memory = memoryStore();
  const told: { owner: string; event: PushEvent }[] = [];
  let failNext = false;
  const sender = {
    notify: async (owner: string, event: PushEvent) => {
      if (failNext) {
        failNext = false;
        throw new Error('push service down');
      }
      told.push({ owner, event });
      return { sent: 1, gone: 0, failed: 0 };
    },
  };
  const run = (day: string) => createReminders({ store: memory.store, sender, log: capturingLog() })({ time: `${day}T09:00:00Z` });
  const file = async (accountKey: string, statements: ExpectationStatement[], schedule: AccountSchedule = {}, today?: string) => {
    const existing = memory.accounts.get(`${ALICE}|${accountKey}`);
    memory.accounts.set(`${ALICE}|${accountKey}`, {
      label: accountKey === 'everyday' ? 'Everyday' : accountKey,
      schedule,
      statements: [...(existing?.statements ?? []), ...statements],
      graceDays: existing?.graceDays,
      dueOn: existing?.dueOn,
    });
    // What the catalogue does as each becomes available.
    await refreshDue(memory.store, ALICE, accountKey, today ?? statements.at(-1)!.filedAt!.slice(0, 10));
  };
  return { ...memory, told, run, file, failOnce: () => (failNext = true) };
};

test('a monthly account that stopped: each late statement is told once, on its late day, and the entry waits for the next', async () => {
  const { run, file, told, due } = setup();
  await file('everyday', monthly('2026-01', 8)); // Jan to Aug; Sep's would come Oct 2, late from Oct 9.
  expect([...due.values()]).toEqual([{ day: '2026-10-09', owner: ALICE, accountKey: 'everyday' }]);
  expect(await run('2026-10-08')).toMatchObject({ accounts: 0, told: 0 });
  expect(await run('2026-10-09')).toMatchObject({ accounts: 1, told: 1 });
  expect(told).toEqual([
    {
      owner: ALICE,
      event: {
        kind: 'statementLate',
        accountLabel: 'Everyday',
        period: '2026-09',
        expectedOn: '2026-10-02',
        tagId: expect.stringMatching(/^[0-9a-f]{12}$/),
      },
    },
  ]);
  // Again the same day, and the next: nothing more; the entry is on October's late day.
  expect(await run('2026-10-09')).toMatchObject({ accounts: 0, told: 0 });
  expect([...due.values()].map((entry) => entry.day)).toEqual(['2026-11-09']);
  expect(await run('2026-11-09')).toMatchObject({ told: 1 });
  expect(told.map(({ event }) => (event as { period: string }).period)).toEqual(['2026-09', '2026-10']);
});

test('a run that missed days catches up: both late statements are told at once, oldest first', async () => {
  const { run, file, told } = setup();
  await file('everyday', monthly('2026-01', 8));
  expect(await run('2026-11-20')).toMatchObject({ told: 2 });
  expect(told.map(({ event }) => (event as { period: string }).period)).toEqual(['2026-09', '2026-10']);
});

test('the one that arrives is not told: its entry moves on when it becomes available', async () => {
  const { run, file, told, due } = setup();
  await file('everyday', monthly('2026-01', 8));
  await file('everyday', monthly('2026-09', 1)); // September's, on Oct 2.
  expect([...due.values()].map((entry) => entry.day)).toEqual(['2026-11-09']);
  expect(await run('2026-10-20')).toMatchObject({ accounts: 0, told: 0 });
  expect(told).toEqual([]);
});

test('a retried run tells no one twice: the notice is recorded before it is sent, and one whose send failed is not sent again', async () => {
  const { run, file, told, notices, failOnce } = setup();
  await file('everyday', monthly('2026-01', 8));
  failOnce();
  expect(await run('2026-10-09')).toMatchObject({ told: 1 });
  expect(told).toEqual([]);
  expect(notices.size).toBe(1);
  // EventBridge retries, and the next hour runs: at most once.
  await run('2026-10-09');
  await run('2026-10-10');
  expect(told).toEqual([]);
});

test('a closed account is told nothing, and its entry goes', async () => {
  const { run, file, told, due, accounts } = setup();
  await file('everyday', monthly('2026-01', 8));
  accounts.get(`${ALICE}|everyday`)!.schedule = { closedAfter: '2026-08' };
  expect(await run('2026-10-09')).toMatchObject({ accounts: 1, told: 0 });
  expect(told).toEqual([]);
  expect([...due.values()]).toEqual([]);
});

test('an account gone since (its last statement deleted, its vault closed) drops its entry', async () => {
  const { run, file, due, accounts } = setup();
  await file('everyday', monthly('2026-01', 8));
  accounts.delete(`${ALICE}|everyday`);
  expect(await run('2026-10-09')).toMatchObject({ accounts: 1, dropped: 1 });
  expect(due.size).toBe(0);
});

test('an archive filed today is not nagged about: months that were late before it came are on the page, not told', async () => {
  const { run, file, told, due } = setup();
  const archive = monthly('2024-01', 12).map((statement) => ({ ...statement, filedAt: '2026-11-20T10:00:00Z' }));
  await file('old', archive, {}, '2026-11-20');
  expect(due.size).toBe(0);
  await run('2026-11-21');
  expect(told).toEqual([]);
});

test('the grace days the person set move the late day', async () => {
  const { file, due, accounts } = setup();
  accounts.set(`${ALICE}|everyday`, { label: 'Everyday', schedule: {}, graceDays: 14, statements: [] });
  await file('everyday', monthly('2026-01', 8));
  expect([...due.values()].map((entry) => entry.day)).toEqual(['2026-10-16']);
});

test("a run reads only the accounts due: others' entries wait, whatever their number", async () => {
  const { run, file, reads } = setup();
  await file('everyday', monthly('2026-01', 8));
  for (let index = 0; index < 50; index++) await file(`later-${index}`, monthly('2026-03', 8));
  reads.length = 0;
  await run('2026-10-09');
  expect(reads).toEqual(['everyday']);
});
