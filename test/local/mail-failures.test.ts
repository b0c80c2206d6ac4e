import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { SESEvent } from 'aws-lambda';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LAMBDA_ENV, MAIL_INBOX_PREFIX, TABLE_KEYS, mailInboxKey } from '../../contract';
import { MAIL_LIMITS, MAIL_WORDS } from '../../contract/mail';
import { receiveMail } from '../../lambda/mail/intake';
import { mailIntakeOf } from '../../lambda/mail/wiring';
import { parseEnvironment } from '../../lambda/shared/environment';
import { createS3Client } from '../../lambda/shared/runtime';
import { HOST, LOCAL_CREDENTIALS, LOCAL_IDS, dataPaths } from '../../local/settings';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { capturingLog } from '../support/lambda-fakes';
import { configureAmplify } from './support/amplify';
import { listedStatements, newMailAddress, partitionItems, sendMail } from './support/mail';
import { sharedStack } from './support/shared-stack';
import { waitFor, type StackProcess } from './support/stack-process';
import { newUser, type TestUser } from './support/users';

/**
 * A mail that fails, on the local stack's real table and bucket: one of thousands of refused
 * files is told in a bounded note instead of failing every try; and a try that fails after
 * filing is followed by one that files nothing twice.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');
let stack: StackProcess;
let folder: string;
beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-failures-'));
}, 120_000);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const inbox = () => createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
const stored = async (messageId?: string) =>
  ((await inbox().send(new ListObjectsV2Command({ Bucket: LOCAL_IDS.bucketName, Prefix: MAIL_INBOX_PREFIX }))).Contents ?? [])
    .map((object) => object.Key)
    .filter((key) => !messageId || key === mailInboxKey(messageId));

test("150 ZIPs of 50 notes beside a QFX: the QFX filed once, the 7,500 notes told in one note of 20 and 'and 7,480 more', the message deleted", async () => {
  const person = await newUser(stack, 'mail-many-zips');
  const address = await newMailAddress(stack, person);
  const pdf = path.join(folder, 'statement.pdf');
  fs.writeFileSync(pdf, await statementPdf(STATEMENT_PDFS[0]));
  const shapes = spawnSync(
    'python3',
    [
      path.join(__dirname, '..', 'support', 'mail-shapes.py'),
      folder,
      pdf,
      path.join(FIXTURES, 'activity.csv'),
      path.join(FIXTURES, 'visa-2024-08.qfx'),
    ],
    { encoding: 'utf8' },
  );
  expect(shapes.stderr).toBe('');
  const sent = sendMail(stack, address, '-', [], { eml: path.join(folder, 'many-zips.eml') });
  expect(sent.stderr).toBe('');
  const note = await waitFor(
    async () => (await partitionItems(stack, person, TABLE_KEYS.mailNoteSortPrefix)).find((item) => item.subject === 'Archives'),
    'the note of what was kept out',
    60_000,
  );
  expect(note).toMatchObject({ reason: MAIL_WORDS.someKeptOut, more: 7500 - MAIL_LIMITS.noteFiles });
  expect(note!.skipped).toHaveLength(MAIL_LIMITS.noteFiles);
  expect(note!.skipped[0]).toEqual({ fileName: 'notes-0-0.txt', reason: MAIL_WORDS.notAStatement('text, not a statement file') });
  const listed = await waitFor(
    async () => {
      const items = (await listedStatements(stack, person)).filter((item) => item.fileName === 'download.qfx');
      return items.length > 0 ? items : undefined;
    },
    'the QFX to be listed',
    30_000,
  );
  expect(listed).toEqual([expect.objectContaining({ accountLabel: 'Capital One ••9876', arrivedByMail: true })]);
  expect(await partitionItems(stack, person, TABLE_KEYS.arrivedSortPrefix)).toEqual([]);
  await waitFor(async () => ((await stored()).length === 0 ? true : undefined), 'the stored message to be deleted', 15_000);
});

describe('a try that fails after filing, and the try after it', () => {
  let person: TestUser;
  const messageId = `retry${Date.now().toString(36)}`.padEnd(40, '0');
  let event: SESEvent;
  const told: unknown[] = [];
  /** The mail function's ports as the stack wires them, on its table and bucket, with its identifier secret. */
  const mailFunction = () =>
    mailIntakeOf(
      parseEnvironment({
        [LAMBDA_ENV.bucketName]: LOCAL_IDS.bucketName,
        [LAMBDA_ENV.tableName]: LOCAL_IDS.tableName,
        [LAMBDA_ENV.mailDomain]: LOCAL_IDS.mailDomain,
        [LAMBDA_ENV.identifierSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:account-identifiers',
        [LAMBDA_ENV.notifierFunctionName]: 'push-notifier',
      }),
      {
        credentials: LOCAL_CREDENTIALS,
        endpoints: { s3: `http://${HOST}:${stack.ports.s3}`, dynamodb: `http://${HOST}:${stack.ports.dynamodb}` },
        readSecret: async () => fs.readFileSync(dataPaths(stack.dataDir).identifierSecret, 'utf8'),
        invokeAsync: async (_name, payload) => void told.push(payload),
      },
      capturingLog(),
    );

  beforeAll(async () => {
    person = await newUser(stack, 'mail-retry');
    const address = await newMailAddress(stack, person);
    // activity.csv files under a new account (••1006); once that account is made, the same file
    // would be asked about (a last four and no bank). The Chase CSV names none: it waits. The GIF is kept out.
    const part = (name: string, type: string, bytes: Buffer) => [
      '--b',
      `Content-Type: ${type}; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      bytes.toString('base64'),
    ];
    const raw = [
      'From: Harbor Bank <statements@harbor.example>',
      `To: ${address}`,
      'Subject: Three files',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      ...part('activity.csv', 'text/csv', fs.readFileSync(path.join(FIXTURES, 'activity.csv'))),
      ...part('Chase1234_Activity_20240229.CSV', 'text/csv', fs.readFileSync(path.join(FIXTURES, 'Chase1234_Activity_20240229.CSV'))),
      ...part('terms.gif', 'image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)])),
      '--b--',
      '',
    ].join('\r\n');
    // Where SES's S3 action stores it, and the event its Lambda action sends.
    await inbox().send(new PutObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: mailInboxKey(messageId), Body: raw }));
    const at = new Date().toISOString();
    const gray = { status: 'GRAY' as const };
    event = {
      Records: [
        {
          eventSource: 'aws:ses',
          eventVersion: '1.0',
          ses: {
            mail: {
              timestamp: at,
              source: 'bounces@harbor.example',
              messageId,
              destination: [address],
              headersTruncated: false,
              headers: [{ name: 'From', value: 'Harbor Bank <statements@harbor.example>' }],
              commonHeaders: {
                returnPath: 'bounces@harbor.example',
                from: ['Harbor Bank <statements@harbor.example>'],
                date: at,
                messageId: '',
                subject: 'Three files',
              },
            },
            receipt: {
              timestamp: at,
              processingTimeMillis: 1,
              recipients: [address],
              spamVerdict: { status: 'PASS' },
              virusVerdict: { status: 'PASS' },
              spfVerdict: gray,
              dkimVerdict: gray,
              dmarcVerdict: gray,
              action: {
                type: 'Lambda',
                functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:mail-intake',
                invocationType: 'Event',
              },
            },
          },
        },
      ],
    };
  });

  test('the first try fails at its note, after filing one file and keeping one waiting: the message stays for the retry', async () => {
    const deps = mailFunction();
    await expect(
      receiveMail(event, {
        ...deps,
        keepOut: async () => {
          throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });
        },
      }),
    ).rejects.toThrow('Throughput exceeds');
    expect(await stored(messageId)).toEqual([mailInboxKey(messageId)]);
    // The catalogue files what the first try stored, and makes its account.
    await waitFor(
      async () => ((await listedStatements(stack, person)).some((item) => item.fileName === 'activity.csv') ? true : undefined),
      'activity.csv to be listed',
      30_000,
    );
    expect(told).toHaveLength(1);
  });

  test('the retry files nothing twice: activity.csv stays filed (not also put in Arrived), the waiting CSV waits once and is told once, the note is written, the message goes', async () => {
    await receiveMail(event, mailFunction());
    const listed = (await listedStatements(stack, person)).map((item) => `${item.fileName} ${item.accountLabel}`);
    expect(listed).toEqual(['activity.csv ••1006']);
    const waiting = (await partitionItems(stack, person, TABLE_KEYS.arrivedSortPrefix)).map((item) => item.fileName);
    expect(waiting).toEqual(['Chase1234_Activity_20240229.CSV']);
    expect(told).toHaveLength(1);
    const notes = await partitionItems(stack, person, TABLE_KEYS.mailNoteSortPrefix);
    expect(notes).toEqual([
      expect.objectContaining({ reason: MAIL_WORDS.someKeptOut, skipped: [expect.objectContaining({ fileName: 'terms.gif' })] }),
    ]);
    expect(await stored(messageId)).toEqual([]);
  });
});
