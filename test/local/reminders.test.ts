import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PushNotice } from '../../contract';
import { runningBalanceExport } from '../support/running-balance-export';
import { configureAmplify } from './support/amplify';
import { rawGraphql } from './support/graphql';
import { addDevice, received, subscribe, type Subscription } from './support/push-devices';
import { startStack, waitFor, type StackProcess } from './support/stack-process';
import { uploadStatement } from './support/uploads';
import { newUser, type TestUser } from './support/users';

/**
 * Late statements told, through the real path: a stack of its own whose reminders run every
 * second on a clock this test sets (local/clock.ts, a file in its data folder), monthly CSV
 * exports uploaded, scanned and read by the catalogue (which puts the account's due day in
 * DynamoDB Local), and each notice sent by the reminders' function with its own role's
 * credentials to the loopback push service, decrypted with the device's keys.
 *
 * The statements are of months to come (2027), so the day they were uploaded is before
 * each one that turns late: a month that was late before the person filed anything is on
 * the account page, never told.
 */
let stack: StackProcess;
let alice: TestUser;
let device: Subscription;

const setClock = (now: string) => fs.writeFileSync(path.join(stack.dataDir, 'clock.json'), JSON.stringify({ now }));

/** The late notices the device holds, by their month. */
const lateNotices = async (): Promise<PushNotice[]> => (await received(device)).filter((notice) => notice.kind === 'statementLate');

/** Sets the clock and lets the reminders run at it a few times (one a second), for what they must not do. */
const runsAt = async (now: string) => {
  setClock(now);
  await new Promise((resolve) => setTimeout(resolve, 3000));
};

const upload = async (period: string, opening: number) => {
  const [year, month] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return uploadStatement(stack.config, alice.idToken, {
    fileName: `everyday-${period}.csv`,
    accountLabel: 'Everyday',
    contentType: 'text/csv',
    period,
    bytes: runningBalanceExport(`${period}-01`, last, opening),
  });
};

/** Waits until the account's statements are read (their last days are what the due day is learned from). */
const readStatements = async (count: number) =>
  waitFor(
    async () => {
      const answer = await rawGraphql(
        stack.config,
        { Authorization: alice.idToken },
        '{ accountChain(accountKey: "everyday") { items { status balances { to } } } }',
      );
      const items = (answer.body.data as { accountChain: { items: { status: string; balances: { to: string | null } | null }[] } })
        .accountChain.items;
      return items.length === count && items.every((item) => item.status === 'AVAILABLE' && item.balances?.to) ? true : undefined;
    },
    `${count} statements to be read`,
    60_000,
  );

beforeAll(async () => {
  stack = await startStack({ env: { LOCAL_REMINDER_SECONDS: '1', LOCAL_MALWARE_SCANNER: 'embedded' } });
  configureAmplify(stack.config);
  alice = await newUser(stack, 'reminded');
  device = await subscribe(stack);
  expect((await addDevice(stack, alice, device, true)).status).toBe(201);
  // January to March 2027, each ending on its month's last day: April's is expected on Apr 30, late from May 7.
  await upload('2027-01', 1000);
  await upload('2027-02', 2200);
  await upload('2027-03', 3400);
  await readStatements(3);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

test('nothing is told before the late day; on it, the late statement is told once, with its month and usual day', async () => {
  await runsAt('2027-05-06T09:00:00Z');
  expect(await lateNotices()).toEqual([]);
  setClock('2027-05-07T09:00:00Z');
  const [notice] = await waitFor(async () => {
    const notices = await lateNotices();
    return notices.length > 0 ? notices : undefined;
  }, 'the late notice');
  expect(notice).toMatchObject({
    kind: 'statementLate',
    title: 'A statement is late',
    body: 'Everyday: the statement for Apr 2027 has not arrived. It usually comes around Apr 30, 2027.',
    url: '/statements/coverage',
  });
  // Runs go on every second: told once.
  await runsAt('2027-05-08T09:00:00Z');
  expect(await lateNotices()).toHaveLength(1);
  expect(stack.output()).toContain('reminders: told 1 late statement to their owners');
});

test("the one that arrives ends it; the next month's is told on its own late day", async () => {
  await upload('2027-04', 4600);
  await readStatements(4);
  await runsAt('2027-06-06T09:00:00Z');
  expect(await lateNotices()).toHaveLength(1);
  setClock('2027-06-07T09:00:00Z');
  const notices = await waitFor(async () => {
    const all = await lateNotices();
    return all.length === 2 ? all : undefined;
  }, "May's late notice");
  expect(notices.map((notice) => notice.body)).toEqual([
    expect.stringContaining('Apr 2027'),
    'Everyday: the statement for May 2027 has not arrived. It usually comes around May 31, 2027.',
  ]);
});

test('an account closed since is told nothing more', async () => {
  const closed = await rawGraphql(
    stack.config,
    { Authorization: alice.idToken },
    'mutation { updateAccountSchedule(input: { accountKey: "everyday", closedAfter: "2027-05" }) { closedAfter } }',
  );
  expect(closed.body).toEqual({ data: { updateAccountSchedule: { closedAfter: '2027-05' } } });
  await runsAt('2027-07-08T09:00:00Z');
  await runsAt('2027-08-08T09:00:00Z');
  expect(await lateNotices()).toHaveLength(2);
});
