import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { signIn } from 'aws-amplify/auth';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  PROFILE_IMAGE_ROUTES,
  SHARE_HEADERS,
  SHARE_ROUTES,
  STATEMENT_ROUTES,
  TABLE_KEYS,
  apiUrl,
  mailTokenOf,
  ownerPrefixes,
  routePath,
  packetPrefix,
  sharedCopyPrefix,
  statementKey,
  type AccountOverview,
  type CreatedShare,
} from '../../contract';
import { principalCredentials } from '../../local/iam/identities';
import { createCognitoClient } from '../../lambda/account/clients';
import { ACCOUNT_CLOSING_MESSAGE } from '../../lambda/account/closing';
import { createS3Client } from '../../lambda/shared/runtime';
import { dynamoClient } from '../../local/dynamodb';
import { HOST, LOCAL_CREDENTIALS, LOCAL_IDS } from '../../local/settings';
import { png } from '../support/samples';
import { rawGraphql } from './support/graphql';
import { callApi } from './support/rest';
import { signedFetch } from './support/signed';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { sha256Base64, uploadAvatar, uploadStatement } from './support/uploads';
import { newUser, signInAgain, type TestUser } from './support/users';
import { newMailAddress, sendMailMeanwhile, waitingFiles } from './support/mail';
import { MAIL_LIMITS } from '../../contract/mail';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';

/**
 * Closing an account on the local stack, through the statements API and the deletion
 * worker it starts: the files (every version) and uploads under way, every record and the
 * sign-in go; a URL signed before no longer reads anything; nothing more is signed for the
 * account; the other user keeps everything.
 */
// The catalogue's and the scan results' logs (INFO on the shared stack) say which statement each event was for.
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const overview = async (user: TestUser) =>
  (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.account, { token: user.idToken })).body as AccountOverview;
const closeAccount = (user: TestUser, confirmEmail: string) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteAccount, { token: user.idToken, body: { confirmEmail } });
const listed = (user: TestUser, count: number) =>
  waitFor(async () => ((await overview(user)).contents.statements === count ? true : undefined), `${count} statement(s) to be listed`);

/** Every version and delete marker under a prefix, read with the account's own rights. */
const versionsUnder = async (prefix: string) => {
  const s3 = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
  const page = await s3.send(new ListObjectVersionsCommand({ Bucket: LOCAL_IDS.bucketName, Prefix: prefix }));
  return [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map((version) => String(version.Key));
};

/** Every version and delete marker under the user's prefixes. */
const versionsOf = async (user: TestUser) => (await Promise.all(ownerPrefixes(user.sub).map(versionsUnder))).flat();

/**
 * Every item of the table that holds any of these marks (a person's sub, their statement
 * ids, share ids, share links' hashes) in its keys or attributes, but the deletion's own record.
 */
const itemsMarked = async (marks: string[]) => {
  const documents = DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb));
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(new ScanCommand({ TableName: LOCAL_IDS.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter(
    (item) => marks.some((mark) => JSON.stringify(item).includes(mark)) && item[TABLE_KEYS.partitionKey] !== TABLE_KEYS.deletionsPartition,
  );
};

const statementStatus = async (user: TestUser, statementId: string) =>
  (
    (await rawGraphql(stack.config, { Authorization: user.idToken }, `{ statement(id: "${statementId}") { status } }`)).body.data as {
      statement?: { status: string } | null;
    }
  ).statement?.status;

/** Every item of the table that names the user, but the deletion's own record. */
const itemsOf = async (user: TestUser) => {
  const { Items } = await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
    new ScanCommand({ TableName: LOCAL_IDS.tableName, ConsistentRead: true }),
  );
  return (Items ?? []).filter(
    (item) => JSON.stringify(item).includes(user.sub) && item[TABLE_KEYS.partitionKey] !== TABLE_KEYS.deletionsPartition,
  );
};

test("closing needs the account's own address typed; nothing begins otherwise", async () => {
  const wrong = await closeAccount(alice, bob.email);
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.message).toBe('To close the account, type its e-mail address exactly as you sign in with it.');
  expect((await overview(alice)).deletion).toBeUndefined();
});

test('a closed account leaves nothing: no version, record or sign-in; an earlier URL reads nothing; the other user keeps all', async () => {
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'kept.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-01',
  });
  expect((await uploadAvatar(stack.config, alice.idToken, png())).status).toBe(200);
  await uploadStatement(stack.config, bob.idToken, {
    fileName: 'bobs.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-01',
  });
  await listed(alice, 1);
  await listed(bob, 1);
  const before = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId },
  });
  expect((await fetch(before.body.url)).status).toBe(200);
  // Her sign-in is minutes old: the overview says for how long more it may close the account.
  expect(await overview(alice)).toEqual({
    contents: { statements: 1, bytes: expect.any(Number), uploadsUnderWay: 0, hasProfileImage: true },
    closableForSeconds: expect.any(Number),
  });
  const closed = async () => (await rawGraphql(stack.config, { Authorization: alice.idToken }, '{ me { closed } }')).body;
  expect(await closed()).toEqual({ data: { me: { closed: false } } });

  // Typed as people type addresses: another case and a stray space are the same address.
  const begun = await closeAccount(alice, ` ${alice.email.toUpperCase()}`);
  expect(begun.status).toBe(202);
  expect(begun.body).toMatchObject({ state: 'RUNNING' });
  const done = await waitFor(async () => {
    const { deletion } = await overview(alice);
    return deletion?.state === 'DONE' ? deletion : undefined;
  }, 'the deletion to finish');
  expect(done.counts).toEqual({
    uploadsAborted: 0,
    objectVersions: 2,
    bytes: expect.any(Number),
    statements: 1,
    shares: 0,
    otherRecords: 2,
    signInDeleted: true,
  });

  expect(await versionsOf(alice)).toEqual([]);
  expect(await itemsOf(alice)).toEqual([]);
  expect([403, 404]).toContain((await fetch(before.body.url)).status);
  // The pool does not tell a missing user from a wrong password; the directory has no such user.
  await expect(signIn({ username: alice.email, password: alice.password })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  const cognito = createCognitoClient({ credentials: LOCAL_CREDENTIALS, endpoints: { cognito: `http://${HOST}:${stack.ports.cognito}` } });
  await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_IDS.userPoolId, Username: alice.sub }))).rejects.toMatchObject({
    name: 'UserNotFoundException',
  });
  expect((await cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_IDS.userPoolId, Username: bob.sub }))).Username).toBeDefined();
  // Her ID token outlives the account (another browser's): AppSync's profile says it is closed.
  expect(await closed()).toEqual({ data: { me: { closed: true } } });
  // Asking again (another tab) answers with the finished job; nothing is signed for the account any more.
  expect((await closeAccount(alice, alice.email)).body).toEqual(done);
  for (const call of [
    callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, { token: alice.idToken, params: { statementId } }),
    callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
      token: alice.idToken,
      body: {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: 10,
        accountLabel: 'Main',
        period: '2024-01',
        checksum: sha256Base64(Buffer.alloc(10)),
      },
    }),
    callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: alice.idToken }),
  ]) {
    expect(await call).toMatchObject({ status: 410, body: { error: { code: 'ACCOUNT_CLOSED', message: ACCOUNT_CLOSING_MESSAGE } } });
  }

  expect(await versionsOf(bob)).toHaveLength(1);
  expect((await overview(bob)).contents.statements).toBe(1);
});

test('a closed account leaves nothing of the person anywhere in the table: shares with their note and openings, devices, search postings, a kept PDF password, Recently deleted, edits, and an upload still being catalogued and indexed', async () => {
  let carol = await newUser(stack, 'carol');
  const upload = (fileName: string) =>
    uploadStatement(stack.config, carol.idToken, { fileName, contentType: 'application/pdf', accountLabel: 'Loan', period: '2024-03' });
  const [kept, edited, binned] = await Promise.all(['kept.pdf', 'edited.pdf', 'binned.pdf'].map(upload));
  for (const { statementId } of [kept, edited, binned])
    await waitFor(async () => ((await statementStatus(carol, statementId)) === 'AVAILABLE' ? true : undefined), 'scanned clean');
  // An edit in place, a statement in Recently deleted.
  const edit = await rawGraphql(
    stack.config,
    { Authorization: carol.idToken },
    `mutation { editStatements(input: { ids: ["${edited.statementId}"], fileName: "renamed.pdf" }) { notFound } }`,
  );
  expect(edit.body.errors).toBeUndefined();
  expect(
    (
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteStatement, {
        token: carol.idToken,
        params: { statementId: binned.statementId },
      })
    ).status,
  ).toBe(204);
  // A packet of her loan's statements, made and not yet gone by the bucket's lifecycle.
  expect(
    (
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createPacket, {
        token: carol.idToken,
        body: { accountKeys: ['loan'], from: '2024-03-01', to: '2024-03-31' },
      })
    ).status,
  ).toBe(201);
  expect(await versionsUnder(packetPrefix(carol.sub))).toHaveLength(1);
  // A share whose note names her address and loan, opened by its recipient.
  const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
    token: carol.idToken,
    body: {
      statementIds: [kept.statementId, edited.statementId],
      expiresInSeconds: 3600,
      note: 'For the mortgage: 12 Main St, loan 55-1234',
    },
  });
  expect(created.status).toBe(201);
  const { secret, share } = created.body as CreatedShare;
  const openShare = () =>
    signedFetch(
      principalCredentials('webServer'),
      apiUrl(stack.config.custom.statementsApiUrl, routePath(SHARE_ROUTES.openShare.resource)),
      {
        headers: { [SHARE_HEADERS.secret]: secret, [SHARE_HEADERS.viewerAddress]: '198.51.100.7' },
      },
    );
  expect((await openShare()).status).toBe(200);
  // A file downloaded from it: a copy under the share, outside her prefixes.
  const downloaded = await signedFetch(
    principalCredentials('webServer'),
    `${apiUrl(stack.config.custom.statementsApiUrl, routePath(SHARE_ROUTES.sharedFileUrl.resource, { statementId: kept.statementId }))}?disposition=attachment`,
    { headers: { [SHARE_HEADERS.secret]: secret, [SHARE_HEADERS.viewerAddress]: '198.51.100.7' } },
  );
  expect((await fetch((await downloaded.json()).url)).status).toBe(200);
  expect(await versionsUnder(sharedCopyPrefix(share.shareId))).toHaveLength(1);
  // A device with notifications on.
  const subscription = await (
    await fetch(`http://127.0.0.1:${stack.ports.pushService}/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({ applicationServerKey: stack.config.custom.pushPublicKey }),
    })
  ).json();
  expect(
    (
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.addPushDevice, {
        token: carol.idToken,
        body: { subscription, showNames: false },
      })
    ).status,
  ).toBe(201);

  // A private mail address: its item is keyed by its token, outside her partition.
  const mailAddress = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.newMailAddress, { token: carol.idToken });
  expect(mailAddress.status).toBe(201);
  const mailToken = mailTokenOf(mailAddress.body.address, LOCAL_IDS.mailDomain)!;
  // A kept PDF password, in her passwords partition (which the deletion's job reaches by key only).
  const keptPassword = await rawGraphql(
    stack.config,
    { Authorization: carol.idToken },
    'mutation { keepPdfPassword(input: { accountKey: "loan", password: "Loan-2024" }) { pdfPasswordKept } }',
  );
  expect(keptPassword.body).toEqual({ data: { keepPdfPassword: { pdfPasswordKept: true } } });

  const marks = [
    mailToken,
    carol.sub,
    kept.statementId,
    edited.statementId,
    binned.statementId,
    share.shareId,
    createHash('sha256').update(secret, 'utf8').digest('hex'),
  ];
  const before = await itemsMarked(marks);
  // The share's own item with its note, its opening and its link's rate count are outside her partition.
  expect(
    before.filter((item) => !String(item[TABLE_KEYS.partitionKey]).startsWith(TABLE_KEYS.userPartition(carol.sub))).length,
  ).toBeGreaterThanOrEqual(4);
  expect(before.some((item) => String(item[TABLE_KEYS.partitionKey]) === TABLE_KEYS.mailPartition(mailToken))).toBe(true);
  expect(before.some((item) => String(item[TABLE_KEYS.partitionKey]) === TABLE_KEYS.searchPartition(carol.sub))).toBe(true);
  expect(before.some((item) => String(item[TABLE_KEYS.partitionKey]) === TABLE_KEYS.pdfPasswordPartition(carol.sub))).toBe(true);

  // A fresh upload, and the account closed at once: its cataloguing, scan and indexing race the deletion.
  const fresh = await upload('fresh.pdf');
  carol = await signInAgain(carol);
  expect((await closeAccount(carol, carol.email)).status).toBe(202);
  const done = await waitFor(async () => {
    const { deletion } = await overview(carol);
    return deletion?.state === 'DONE' ? deletion : undefined;
  }, 'the deletion to finish');
  expect(done.counts.shares).toBe(1);
  // Whatever the fresh upload set off has run its course: its event handled, its scan answered or skipped.
  await waitFor(
    async () =>
      stack.output().includes(`"statementId":"${fresh.statementId}"`) &&
      stack
        .output()
        .split('\n')
        .some((line) => line.includes('"object event"') && line.includes(fresh.statementId) && line.includes('ObjectCreated')) &&
      (stack
        .output()
        .split('\n')
        .some((line) => line.includes('"scan result"') && line.includes(fresh.statementId)) ||
        stack.output().includes(`malware scan of ${statementKey(carol.sub, fresh.statementId)}`))
        ? true
        : undefined,
    "the fresh upload's events to be handled",
  );

  expect(await itemsMarked([...marks, fresh.statementId])).toEqual([]);
  expect(await versionsUnder(sharedCopyPrefix(share.shareId))).toEqual([]);
  for (const prefix of ownerPrefixes(carol.sub)) expect(await versionsUnder(prefix)).toEqual([]);
  // The link leads nowhere, whether or not the deletion's own record is still there.
  const dead = await openShare();
  expect(dead.status).toBe(404);
});

test('mail that arrives while the account closes leaves nothing of the person once the deletion says DONE: no filed or waiting file, note or object', async () => {
  let dave = await newUser(stack, 'dave');
  const address = await newMailAddress(stack, dave);
  // As many statements as a message may hold (PDFs, each read for its account and period, and
  // exports that name none, which wait in Arrived) and a file that is not one, whose note the
  // mail function writes once it has been through the rest.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-closing-mail-'));
  const pdf = await statementPdf(STATEMENT_PDFS.find((spec) => spec.name === 'chase-statement.pdf')!);
  const csv = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'statements', 'Chase1234_Activity_20240229.CSV'));
  const files = Array.from({ length: MAIL_LIMITS.maxStatements }, (_, index) => {
    const file = path.join(folder, index % 2 ? `Chase1234_Activity_20240229 ${index}.CSV` : `chase-statement ${index}.pdf`);
    fs.writeFileSync(file, index % 2 ? csv : pdf);
    return file;
  });
  fs.writeFileSync(path.join(folder, 'read me.txt'), 'Your statements are attached.\n');
  files.push(path.join(folder, 'read me.txt'));
  const dealtWith = () =>
    stack
      .output()
      .split('\n')
      .filter((line) => line.includes('"mail received"')).length;
  const before = dealtWith();
  const MESSAGES = 4;
  const sending = Array.from({ length: MESSAGES }, (_, index) => sendMailMeanwhile(stack, address, `Statements ${index + 1}`, files));
  try {
    // Files are arriving: the account is closed while the mail function files the rest.
    await waitingFiles(stack, dave, 1);
    dave = await signInAgain(dave);
    expect((await closeAccount(dave, dave.email)).status).toBe(202);
    await waitFor(
      async () => ((await overview(dave)).deletion?.state === 'DONE' ? true : undefined),
      'the deletion to finish',
      120_000,
    ).catch((error: Error) => {
      const said = stack
        .output()
        .split('\n')
        .filter((line) => line.includes('account deletion') || line.includes('account-deletion'));
      throw new Error(`${error.message}; the deletion said:\n${said.slice(-20).join('\n')}`, { cause: error });
    });
    await Promise.all(sending);
    // Every message dealt with: what was in flight ran its course (its writes refused, or gone with the account).
    await waitFor(async () => (dealtWith() - before >= MESSAGES ? true : undefined), 'every message to be dealt with', 120_000);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  expect(await itemsMarked([dave.sub])).toEqual([]);
  for (const prefix of ownerPrefixes(dave.sub)) expect(await versionsUnder(prefix)).toEqual([]);
}, 240_000);
