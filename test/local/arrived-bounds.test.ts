import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  MAIL_LIMITS,
  MAIL_WORDS,
  STATEMENT_ROUTES,
  TABLE_KEYS,
  arrivedExpiresAt,
  type MailArrival,
  type MailArrivalsResponse,
} from '../../contract';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { configureAmplify } from './support/amplify';
import { newMailAddress, sendMail } from './support/mail';
import { addDevice, received, subscribe } from './support/push-devices';
import { callApi } from './support/rest';
import { sharedStack } from './support/shared-stack';
import { waitFor, type StackProcess } from './support/stack-process';
import { newUser, type TestUser } from './support/users';

/**
 * Arrived is bounded, on the real local stack (real SMTP, the mail function, DynamoDB Local,
 * the push service): three mails of 50 files that name no account leave 150 waiting files
 * that hold their places under the quota, each until its 30 days are up; each mail is told in
 * one notice saying how many wait; every one is listed, a page at a time; a discarded one
 * gives its place back.
 */
let stack: StackProcess;
let carol: TestUser;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-arrived-'));

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  carol = await newUser(stack, 'arrived-bounds');
}, 120_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** 50 CSVs of one mail: days and amounts, but no account, so each waits for its owner. */
const mailFiles = (mail: number): string[] =>
  Array.from({ length: 50 }, (_, index) => {
    const file = path.join(folder, `mail-${mail}-${String(index).padStart(2, '0')}.csv`);
    fs.writeFileSync(
      file,
      `Date,Description,Amount\n2024-0${mail}-${String((index % 28) + 1).padStart(2, '0')},Item ${mail}-${index},1.00\n`,
    );
    return file;
  });

/** Every waiting file, page by page, and how many pages it took. */
const allWaiting = async (user: TestUser): Promise<{ arrived: MailArrival[]; pages: number }> => {
  const arrived: MailArrival[] = [];
  let after = '';
  for (let pages = 1; ; pages++) {
    const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, {
      token: user.idToken,
      query: { after },
    });
    expect(answer.status).toBe(200);
    const page = answer.body as MailArrivalsResponse;
    arrived.push(...page.arrived);
    if (!page.nextArrived) return { arrived, pages };
    after = page.nextArrived;
  }
};

const quotaOf = async (user: TestUser) =>
  (
    await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
      new GetCommand({
        TableName: LOCAL_IDS.tableName,
        Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(user.sub), [TABLE_KEYS.sortKey]: TABLE_KEYS.quotaSort },
        ConsistentRead: true,
      }),
    )
  ).Item;

test('three mails of 50 waiting files: their places counted, one notice a mail saying how many, all 150 listed over pages, each going in 30 days', async () => {
  const device = await subscribe(stack);
  expect((await addDevice(stack, carol, device)).status).toBe(201);
  const address = await newMailAddress(stack, carol);
  const files = [1, 2, 3].map(mailFiles);
  for (const [index, mail] of files.entries()) expect(sendMail(stack, address, `Statements ${index + 1}`, mail).stderr).toBe('');

  const { arrived, pages } = await waitFor(
    async () => {
      const all = await allWaiting(carol);
      return all.arrived.length >= 150 ? all : undefined;
    },
    'the 150 files to wait',
    120_000,
  );
  expect(arrived).toHaveLength(150);
  expect(new Set(arrived.map((one) => one.id)).size).toBe(150);
  expect(pages).toBe(2);
  for (const one of arrived) expect(one.expiresAt).toBe(arrivedExpiresAt(one.mail.receivedAt));

  // Each holds its place under the quota, as an upload under way does.
  const bytes = files.flat().reduce((sum, file) => sum + fs.statSync(file).size, 0);
  const quota = await quotaOf(carol);
  expect(quota).toMatchObject({ slots: 150, slotBytes: bytes });
  expect(quota?.statements ?? 0).toBe(0);

  // One notice a mail, each saying how many of its files wait.
  const notices = await waitFor(
    async () => {
      const all = (await received(device)).filter((notice) => notice.kind === 'arrivalWaiting');
      return all.length >= 3 ? all : undefined;
    },
    'a notice for each mail',
    60_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await received(device)).filter((notice) => notice.kind === 'arrivalWaiting')).toHaveLength(3);
  for (const notice of notices) {
    expect(notice).toMatchObject({
      title: '50 statements wait for you',
      body: '50 statements came in a mail to your vault and wait on your profile to be filed.',
      url: '/profile',
    });
  }

  // A discarded file gives its place back.
  const [gone] = arrived;
  const discarded = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.discardArrival, {
    token: carol.idToken,
    params: { statementId: gone.id },
  });
  expect(discarded.status).toBe(204);
  const size = fs.statSync(files.flat().find((file) => path.basename(file) === gone.fileName)!).size;
  expect(await quotaOf(carol)).toMatchObject({ slots: 149, slotBytes: bytes - size });
  expect((await allWaiting(carol)).arrived).toHaveLength(149);
}, 240_000);

test("Arrived's bound: with 499 files waiting, a mail of two that name no account leaves one more waiting and keeps the other out, saying why", async () => {
  const dave = await newUser(stack, 'arrived-full');
  const address = await newMailAddress(stack, dave);
  // 499 waiting records as the mail function writes them (their bytes are not read here).
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  const receivedAt = new Date().toISOString();
  for (let start = 0; start < MAIL_LIMITS.arrivedMaxFiles - 1; start += 25) {
    const items = Array.from({ length: Math.min(25, MAIL_LIMITS.arrivedMaxFiles - 1 - start) }, (_, offset) => {
      const id = `01JD${String(start + offset).padStart(22, '0')}`;
      return {
        PutRequest: {
          Item: {
            [TABLE_KEYS.partitionKey]: TABLE_KEYS.userPartition(dave.sub),
            [TABLE_KEYS.sortKey]: TABLE_KEYS.arrivedSort(id),
            id,
            fileName: `earlier-${start + offset}.csv`,
            contentType: 'text/csv',
            size: 10,
            reason: MAIL_WORDS.noAccount,
            mail: { from: 'stranger@elsewhere.example', subject: 'Files', receivedAt },
            expiresAt: arrivedExpiresAt(receivedAt),
          },
        },
      };
    });
    await documents.send(new BatchWriteCommand({ RequestItems: { [LOCAL_IDS.tableName]: items } }));
  }
  const files = mailFiles(4).slice(0, 2);
  expect(sendMail(stack, address, 'Two more', files).stderr).toBe('');
  const note = await waitFor(
    async () => {
      const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: dave.idToken });
      return (answer.body as MailArrivalsResponse).keptOut[0];
    },
    'the second file to be kept out',
    60_000,
  );
  expect(note.files).toEqual([{ fileName: path.basename(files[1]), reason: MAIL_WORDS.arrivedFull(path.basename(files[1])) }]);
  const waiting = await allWaiting(dave);
  expect(waiting.arrived).toHaveLength(MAIL_LIMITS.arrivedMaxFiles);
  expect(waiting.arrived.map((one) => one.fileName)).toContain(path.basename(files[0]));
  // Only the one that waits holds a place.
  expect(await quotaOf(dave)).toMatchObject({ slots: 1 });
}, 180_000);
