import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAIL_INBOX_PREFIX, STATEMENT_ROUTES, TABLE_KEYS, mailTokenOf } from '../../contract';
import { accountKeyOf, arrivedKey, arrivedPrefix, statementKey } from '../../contract/keys';
import { dynamoClient } from '../../local/dynamodb';
import { LOCAL_IDS } from '../../local/settings';
import { MAIL_WORDS } from '../../contract/mail';
import { HOST, LOCAL_CREDENTIALS } from '../../local/settings';
import { createS3Client } from '../../lambda/shared/runtime';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { configureAmplify } from './support/amplify';
import { rawGraphql } from './support/graphql';
import { callApi } from './support/rest';
import { sharedStack } from './support/shared-stack';
import { waitFor, type StackProcess } from './support/stack-process';
import { newUser, type TestUser } from './support/users';
import { listedStatements, newMailAddress, partitionItems, sendMail, setMailVerdicts, type SendOptions } from './support/mail';
import { STATEMENT_PDFS, statementPdf } from '../support/statement-pdfs';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';

/**
 * Statements by mail on the local stack: each person's private address from the statements
 * API (over HTTP, with their token), kept in DynamoDB Local as the deployed table keeps it;
 * mail sent to it by Python's smtplib (a client this project did not write) to the local
 * SMTP server, which plays SES receiving, filed by the mail function through the same
 * catalogue as an upload, or waiting in Arrived with why.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  alice = await newUser(stack, 'mail-owner');
  bob = await newUser(stack, 'mail-other');
}, 120_000);

const addressOf = async (user: TestUser) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailAddress, { token: user.idToken });
const newAddress = async (user: TestUser) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.newMailAddress, { token: user.idToken });

/** Who the table says holds a token (its `MAIL#` item), if anyone. */
const holderOf = async (token: string) =>
  (
    await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
      new GetCommand({
        TableName: LOCAL_IDS.tableName,
        Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.mailPartition(token), [TABLE_KEYS.sortKey]: TABLE_KEYS.mailSort },
        ConsistentRead: true,
      }),
    )
  ).Item?.owner;

describe('a private address', () => {
  test('none until asked for; each new one retires the one before in the table; each person has their own', async () => {
    expect(await addressOf(alice)).toMatchObject({ status: 200, body: { address: null, senders: [] } });
    const first = await newAddress(alice);
    expect(first.status).toBe(201);
    const firstToken = mailTokenOf(first.body.address, LOCAL_IDS.mailDomain);
    expect(firstToken).toBeDefined();
    expect(await holderOf(firstToken!)).toBe(alice.sub);

    const second = await newAddress(alice);
    const secondToken = mailTokenOf(second.body.address, LOCAL_IDS.mailDomain);
    expect(secondToken).not.toBe(firstToken);
    expect(await holderOf(firstToken!)).toBeUndefined();
    expect(await holderOf(secondToken!)).toBe(alice.sub);
    expect((await addressOf(alice)).body).toEqual({ address: second.body.address, senders: [] });

    expect((await addressOf(bob)).body).toEqual({ address: null, senders: [] });
    const bobs = await newAddress(bob);
    expect(bobs.body.address).not.toBe(second.body.address);
    expect((await addressOf(alice)).body).toEqual({ address: second.body.address, senders: [] });
  });

  test('without a token, neither route answers', async () => {
    for (const route of [STATEMENT_ROUTES.mailAddress, STATEMENT_ROUTES.newMailAddress]) {
      expect((await callApi(stack.config, 'statementsApiUrl', route)).status).toBe(401);
    }
  });
});

/** Sends a message with Python's smtplib to the local SMTP server; its answer, or the refusal. Files are the fixtures' names, or paths. */
const send = (to: string, subject: string, files: string[]) =>
  sendMail(
    stack,
    to,
    subject,
    files.map((name) => path.resolve(FIXTURES, name)),
  );

/** The items of a person's partition whose sort key begins so. */
const itemsOf = (user: TestUser, prefix: string) => partitionItems(stack, user, prefix);

const listedOf = (user: TestUser) => listedStatements(stack, user);

describe('mail sent with smtplib', () => {
  let address: string;
  beforeAll(async () => {
    address = (await newAddress(alice)).body.address;
  });

  test('an OFX naming its bank and account is filed under the account and period it names, listed like an upload', async () => {
    const sent = send(address, 'Your March statement', ['releve-bnp.ofx']);
    expect(sent.stderr).toBe('');
    expect(sent.status).toBe(0);
    const bytes = fs.readFileSync(path.join(FIXTURES, 'releve-bnp.ofx'));
    const statement = await waitFor(
      async () => (await listedOf(alice)).find((item) => item.fileName === 'releve-bnp.ofx'),
      'the mailed statement to be listed',
      30_000,
    );
    expect(statement).toMatchObject({ accountLabel: 'BNP Paribas ••5678', period: '2024-03', size: bytes.length, arrivedByMail: true });
  });

  test('a CSV that names no account waits in Arrived with why; nothing is listed for it', async () => {
    expect(send(address.toUpperCase(), 'Card activity', ['Chase1234_Activity_20240229.CSV']).status).toBe(0);
    const [arrived] = await waitFor(
      async () => {
        const items = await itemsOf(alice, TABLE_KEYS.arrivedSortPrefix);
        return items.length > 0 ? items : undefined;
      },
      'the CSV to arrive',
      30_000,
    );
    expect(arrived).toMatchObject({
      fileName: 'Chase1234_Activity_20240229.CSV',
      reason: MAIL_WORDS.noAccount,
      period: { value: '2024-02' },
      mail: { from: 'statements@harbor.example', subject: 'Card activity' },
    });
    expect((await listedOf(alice)).map((item) => item.fileName)).not.toContain('Chase1234_Activity_20240229.CSV');
    // The statements API answers it to its owner, with what was read and where from; to no one else.
    const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: alice.idToken });
    expect(answer.body.arrived).toEqual([
      expect.objectContaining({
        id: arrived.id,
        fileName: 'Chase1234_Activity_20240229.CSV',
        reason: MAIL_WORDS.noAccount,
        period: { value: '2024-02', detail: expect.any(String) },
        mail: { from: 'statements@harbor.example', subject: 'Card activity', receivedAt: expect.any(String) },
      }),
    ]);
    expect((await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: bob.idToken })).body).toEqual({
      arrived: [],
      keptOut: [],
    });
  });

  test("a PDF's text and a workbook's first sheet are read as the upload panel reads them; a PDF with a password waits, saying so", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-read-'));
    const write = async (name: string, bytes: Promise<Buffer>) => {
      fs.writeFileSync(path.join(folder, name), await bytes);
      return path.join(folder, name);
    };
    const pdfSpec = (name: string) => STATEMENT_PDFS.find((spec) => spec.name === name)!;
    const workbookSpec = STATEMENT_WORKBOOKS.find((spec) => spec.name === 'santander-movimientos.xlsx')!;
    const files = [
      await write('chase-statement.pdf', statementPdf(pdfSpec('chase-statement.pdf'))),
      await write('locked-2024-04.pdf', statementPdf(pdfSpec('locked-2024-04.pdf'))),
      await write(workbookSpec.name, statementWorkbook(workbookSpec)),
    ];
    const sent = send(address, 'Statements', files);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(sent.stderr).toBe('');
    const listed = await waitFor(
      async () => {
        const items = await listedOf(alice);
        const found = ['chase-statement.pdf', workbookSpec.name].map((name) => items.find((item) => item.fileName === name));
        return found.every(Boolean) ? found : undefined;
      },
      'the PDF and the workbook to be listed',
      30_000,
    );
    expect(listed).toEqual([
      expect.objectContaining({ accountLabel: pdfSpec('chase-statement.pdf').account, period: '2024-03' }),
      expect.objectContaining({ accountLabel: workbookSpec.account, period: workbookSpec.period }),
    ]);
    const locked = await waitFor(
      async () => (await itemsOf(alice, TABLE_KEYS.arrivedSortPrefix)).find((item) => item.fileName === 'locked-2024-04.pdf'),
      'the protected PDF to arrive',
      30_000,
    );
    expect(locked).toMatchObject({ reason: MAIL_WORDS.protectedPdf, contentType: 'application/pdf' });
    expect((await listedOf(alice)).map((item) => item.fileName)).not.toContain('locked-2024-04.pdf');
  });

  test("a waiting file is filed under what its owner chose, through the mail function, and listed like an upload; another is discarded; neither is anyone else's to touch", async () => {
    const arrivals = async (user: TestUser) =>
      (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: user.idToken })).body as {
        arrived: { id: string; fileName: string }[];
      };
    const waiting = (await arrivals(alice)).arrived;
    const csv = waiting.find((item) => item.fileName === 'Chase1234_Activity_20240229.CSV')!;
    const locked = waiting.find((item) => item.fileName === 'locked-2024-04.pdf')!;
    const choice = { accountLabel: 'Chase Freedom', period: '2024-02' };
    // Bob names Alice's waiting files: for him they are not there.
    for (const answer of [
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.fileArrival, {
        token: bob.idToken,
        params: { statementId: csv.id },
        body: choice,
      }),
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.discardArrival, {
        token: bob.idToken,
        params: { statementId: locked.id },
      }),
    ])
      expect(answer).toMatchObject({ status: 404, body: { error: { message: MAIL_WORDS.arrivalGone } } });

    const filed = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.fileArrival, {
      token: alice.idToken,
      params: { statementId: csv.id },
      body: choice,
    });
    expect(filed).toMatchObject({ status: 202, body: { statementId: csv.id } });
    const statement = await waitFor(
      async () => (await listedOf(alice)).find((item) => item.id === csv.id),
      'the filed file to be listed',
      30_000,
    );
    const bytes = fs.readFileSync(path.join(FIXTURES, 'Chase1234_Activity_20240229.CSV'));
    expect(statement).toMatchObject({ fileName: csv.fileName, ...choice, size: bytes.length, arrivedByMail: true });
    expect((await arrivals(alice)).arrived.map((item) => item.id)).not.toContain(csv.id);

    const discarded = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.discardArrival, {
      token: alice.idToken,
      params: { statementId: locked.id },
    });
    expect(discarded.status).toBe(204);
    expect((await arrivals(alice)).arrived.map((item) => item.id)).not.toContain(locked.id);
    // Neither waiting copy is left in the bucket.
    const bucket = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
    const left = await bucket.send(new ListObjectsV2Command({ Bucket: LOCAL_IDS.bucketName, Prefix: arrivedPrefix(alice.sub) }));
    expect((left.Contents ?? []).map((object) => object.Key)).not.toContain(arrivedKey(alice.sub, csv.id));
    expect((left.Contents ?? []).map((object) => object.Key)).not.toContain(arrivedKey(alice.sub, locked.id));
  });

  test('a protected PDF opens with the password its owner keeps for an account: read, filed under the account it names, and stored as it came', async () => {
    const chase = STATEMENT_PDFS.find((spec) => spec.name === 'chase-statement.pdf')!;
    const spec = {
      ...chase,
      name: 'chase-locked-2024-05.pdf',
      lines: chase.lines.map((line) => line.replace('03/01/2024 through 03/31/2024', '05/01/2024 through 05/31/2024')),
      options: { userPassword: 'Harbor-2024', ownerPassword: 'owner', pdfVersion: '1.7' as const },
    };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-locked-'));
    const file = path.join(folder, spec.name);
    const bytes = await statementPdf(spec);
    fs.writeFileSync(file, bytes);
    const keep = await rawGraphql(
      stack.config,
      { Authorization: alice.idToken },
      'mutation ($input: PdfPasswordInput!) { keepPdfPassword(input: $input) { pdfPasswordKept } }',
      { input: { accountKey: accountKeyOf(chase.account!), password: spec.options.userPassword } },
    );
    expect(keep.body).toEqual({ data: { keepPdfPassword: { pdfPasswordKept: true } } });
    const sent = send(address, 'Your May statement', [file]);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(sent.stderr).toBe('');
    const listed = await waitFor(
      async () => (await listedOf(alice)).find((item) => item.fileName === spec.name),
      'the protected PDF to be listed',
      30_000,
    );
    expect(listed).toMatchObject({ accountLabel: chase.account, period: '2024-05', size: bytes.length });
    // Read for search and balances with the same kept password (the catalogue's reading).
    const read = await waitFor(
      async () => {
        const answer = await rawGraphql(
          stack.config,
          { Authorization: alice.idToken },
          `{ statement(id: "${listed!.id}") { contentNotIndexed balances { pages opening unread } } }`,
        );
        const statement = (answer.body.data as { statement: { contentNotIndexed: string | null; balances: unknown } | null }).statement;
        return statement?.balances ? statement : undefined;
      },
      'the protected PDF to be read',
      30_000,
    );
    expect(read).toEqual({ contentNotIndexed: null, balances: expect.objectContaining({ pages: 1, opening: 2145.67 }) });
    // Kept as it came: still protected, byte for byte.
    const bucket = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
    const stored = await bucket.send(new GetObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: statementKey(alice.sub, listed!.id) }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    // Bob keeps no password: the same PDF mailed to him waits, protected.
    const bobAddress = await newMailAddress(stack, bob);
    const again = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-locked-')), spec.name);
    fs.writeFileSync(again, bytes);
    expect(send(bobAddress, 'Your May statement', [again]).stderr).toBe('');
    const waiting = await waitFor(
      async () => (await itemsOf(bob, TABLE_KEYS.arrivedSortPrefix)).find((item) => item.fileName === spec.name),
      "Bob's copy to arrive",
      30_000,
    );
    expect(waiting).toMatchObject({ reason: MAIL_WORDS.protectedPdf });
    expect(stack.output()).not.toContain(spec.options.userPassword);
    fs.rmSync(path.dirname(again), { recursive: true, force: true });
  });

  test('a mail with no statement is kept out in words; mail to an address no one holds is taken and dropped; another domain is refused', async () => {
    expect(send(address, 'Just saying hello', []).status).toBe(0);
    const note = await waitFor(
      async () => (await itemsOf(alice, TABLE_KEYS.mailNoteSortPrefix)).find((item) => item.subject === 'Just saying hello'),
      'the note of what was kept out',
      30_000,
    );
    expect(note).toMatchObject({ reason: MAIL_WORDS.noStatement, from: 'statements@harbor.example' });
    const { keptOut } = (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: alice.idToken })).body;
    expect(keptOut).toContainEqual({
      mail: { from: 'statements@harbor.example', subject: 'Just saying hello', receivedAt: expect.any(String) },
      reason: MAIL_WORDS.noStatement,
      files: [],
    });

    // An unknown address is accepted as SES accepts it (no bounce tells a prober it does not exist).
    expect(send(`s-${'a'.repeat(20)}@${LOCAL_IDS.mailDomain}`, 'Probe', ['releve-bnp.ofx']).status).toBe(0);
    const elsewhere = send('someone@example.com', 'Relay', ['releve-bnp.ofx']);
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toMatch(/550/);
    // Bob, who holds no address, got nothing of any of it.
    expect(await listedOf(bob)).toEqual([]);
    // Every message was deleted once dealt with: none is left where SES stored it.
    const inbox = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
    await waitFor(
      async () =>
        ((await inbox.send(new ListObjectsV2Command({ Bucket: LOCAL_IDS.bucketName, Prefix: MAIL_INBOX_PREFIX }))).KeyCount ?? 0) === 0
          ? true
          : undefined,
      'the stored messages to be deleted',
      15_000,
    );
  });

  test('mail from a sender the person did not allow is kept out, saying who sent it; with no list, anyone is taken again', async () => {
    const set = (senders: string[]) =>
      callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.setMailSenders, { token: alice.idToken, body: { senders } });
    expect(await set(['@Bank.Example'])).toMatchObject({ status: 200, body: { address, senders: ['@bank.example'] } });
    expect(send(address, 'From Harbor', ['releve-bnp.ofx']).status).toBe(0);
    const note = await waitFor(
      async () => (await itemsOf(alice, TABLE_KEYS.mailNoteSortPrefix)).find((item) => item.subject === 'From Harbor'),
      'the note of the mail kept out',
      30_000,
    );
    expect(note).toMatchObject({ reason: MAIL_WORDS.notAllowedSender('statements@harbor.example') });
    expect(await set([])).toMatchObject({ status: 200, body: { address, senders: [] } });
    expect((await addressOf(alice)).body).toEqual({ address, senders: [] });
  });

  test("a 35 MB attachment is over SES's 40 MB once encoded: refused (552) before its bytes are taken, nothing stored or noted", async () => {
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-big-')), 'statement.pdf');
    fs.writeFileSync(big, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(35 * 1024 * 1024, 'a')]));
    const notesBefore = (await itemsOf(alice, TABLE_KEYS.mailNoteSortPrefix)).length;
    const sent = sendMail(stack, address, 'A large statement', [big]);
    fs.rmSync(path.dirname(big), { recursive: true, force: true });
    expect(sent.status).toBe(1);
    expect(sent.stderr).toMatch(/552/);
    const inbox = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: `http://${HOST}:${stack.ports.s3}` } });
    expect((await inbox.send(new ListObjectsV2Command({ Bucket: LOCAL_IDS.bucketName, Prefix: MAIL_INBOX_PREFIX }))).KeyCount ?? 0).toBe(0);
    expect((await itemsOf(alice, TABLE_KEYS.mailNoteSortPrefix)).length).toBe(notesBefore);
    expect((await listedOf(alice)).map((item) => item.fileName)).not.toContain('statement.pdf');
  });
});

describe('a listed sender counts only where SES vouches for its domain (verdicts set on the local SES, never by the message)', () => {
  let carol: TestUser;
  let address: string;
  let folder: string;
  beforeAll(async () => {
    carol = await newUser(stack, 'mail-senders');
    address = await newMailAddress(stack, carol);
    const set = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.setMailSenders, {
      token: carol.idToken,
      body: { senders: ['@harbor.example'] },
    });
    expect(set.status).toBe(200);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-senders-'));
  });
  afterEach(() => setMailVerdicts(stack));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** The BNP OFX (which names its account and month, so it is filed when nothing holds it back) under a name of its own, sent so. */
  const sendAs = (name: string, verdicts: Parameters<typeof setMailVerdicts>[1], options: SendOptions) => {
    const file = path.join(folder, name);
    fs.copyFileSync(path.join(FIXTURES, 'releve-bnp.ofx'), file);
    setMailVerdicts(stack, verdicts);
    const sent = sendMail(stack, address, name, [file], options);
    expect(sent.stderr).toBe('');
    expect(sent.status).toBe(0);
  };
  const waitingNamed = (name: string) =>
    waitFor(
      async () => (await itemsOf(carol, TABLE_KEYS.arrivedSortPrefix)).find((item) => item.fileName === name),
      `${name} to wait in Arrived`,
      30_000,
    );
  const listedNamed = (name: string) =>
    waitFor(async () => (await listedOf(carol)).find((item) => item.fileName === name), `${name} to be listed`, 30_000);
  const harbor = 'Harbor Bank <statements@harbor.example>';

  test("a forged From (the envelope and servers a stranger's: SPF FAIL, DKIM and DMARC GRAY) waits in Arrived, saying so; nothing is filed", async () => {
    sendAs('forged.ofx', { spf: 'FAIL', dkim: 'GRAY', dmarc: 'GRAY' }, { from: harbor, envelopeFrom: 'bounce@stranger.example' });
    expect(await waitingNamed('forged.ofx')).toMatchObject({
      reason: MAIL_WORDS.unconfirmedSender('statements@harbor.example'),
      mail: { from: 'statements@harbor.example' },
    });
    expect((await listedOf(carol)).map((item) => item.fileName)).not.toContain('forged.ofx');
  });

  test("SPF and DKIM passing for the stranger's own domain, DMARC GRAY, waits; so does a pass the sender wrote in its own Authentication-Results", async () => {
    sendAs(
      'other-domain.ofx',
      { spf: 'PASS', dkim: 'PASS', dkimDomain: 'stranger.example', dmarc: 'GRAY' },
      { from: harbor, envelopeFrom: 'bounce@stranger.example' },
    );
    expect(await waitingNamed('other-domain.ofx')).toMatchObject({ reason: MAIL_WORDS.unconfirmedSender('statements@harbor.example') });
    sendAs(
      'written-pass.ofx',
      { spf: 'PASS', dkim: 'PASS', dkimDomain: 'stranger.example', dmarc: 'GRAY' },
      {
        from: harbor,
        envelopeFrom: 'bounce@stranger.example',
        headers: ['Authentication-Results: amazonses.com; dkim=pass header.i=@harbor.example; dmarc=pass header.from=harbor.example;'],
      },
    );
    expect(await waitingNamed('written-pass.ofx')).toMatchObject({ reason: MAIL_WORDS.unconfirmedSender('statements@harbor.example') });
    const listed = (await listedOf(carol)).map((item) => item.fileName);
    expect(listed).not.toContain('other-domain.ofx');
    expect(listed).not.toContain('written-pass.ofx');
  });

  test("DMARC PASS files; SPF PASS for an envelope sender of the From's domain (a subdomain of it) files", async () => {
    sendAs('dmarc-pass.ofx', { spf: 'GRAY', dkim: 'GRAY', dmarc: 'PASS' }, { from: harbor });
    expect(await listedNamed('dmarc-pass.ofx')).toMatchObject({ accountLabel: 'BNP Paribas ••5678', period: '2024-03' });
    sendAs('aligned-spf.ofx', { spf: 'PASS', dkim: 'GRAY', dmarc: 'GRAY' }, { from: harbor, envelopeFrom: 'bounces@mail.harbor.example' });
    expect(await listedNamed('aligned-spf.ofx')).toMatchObject({ accountLabel: 'BNP Paribas ••5678', period: '2024-03' });
    const waiting = (await itemsOf(carol, TABLE_KEYS.arrivedSortPrefix)).map((item) => item.fileName);
    expect(waiting).not.toContain('dmarc-pass.ofx');
    expect(waiting).not.toContain('aligned-spf.ofx');
  });

  test('two From mailboxes, one not listed, are kept out naming it, even with DMARC PASS: nothing filed, nothing waits', async () => {
    sendAs(
      'two-senders.ofx',
      { spf: 'PASS', dkim: 'PASS', dkimDomain: 'harbor.example', dmarc: 'PASS' },
      {
        from: 'Harbor Bank <statements@harbor.example>, Mallory <m@stranger.example>',
      },
    );
    const note = await waitFor(
      async () => (await itemsOf(carol, TABLE_KEYS.mailNoteSortPrefix)).find((item) => item.subject === 'two-senders.ofx'),
      'the note of the mail kept out',
      30_000,
    );
    expect(note).toMatchObject({ reason: MAIL_WORDS.notAllowedSender('m@stranger.example') });
    expect((await listedOf(carol)).map((item) => item.fileName)).not.toContain('two-senders.ofx');
    expect((await itemsOf(carol, TABLE_KEYS.arrivedSortPrefix)).map((item) => item.fileName)).not.toContain('two-senders.ofx');
  });
});

describe("a stranger's text reaches the screen only as names are cleaned, and a From at the vault's own domain is flagged", () => {
  test('control and direction characters in the subject and in file names waiting and kept out are spaces in the arrivals API; the sender is its address alone, flagged', async () => {
    const dave = await newUser(stack, 'mail-text');
    const address = await newMailAddress(stack, dave);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-mail-text-'));
    // A CSV that names no account (it waits), and a GIF named as a program (it is kept out), each name with direction overrides.
    const csv = path.join(folder, 'card\u202eactivity\u2066 2024\u2069.csv');
    fs.copyFileSync(path.join(FIXTURES, 'Chase1234_Activity_20240229.CSV'), csv);
    const gif = path.join(folder, 'invoice\u202efdp.exe');
    fs.writeFileSync(gif, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]));
    // CR, LF, BEL, ESC and U+202E in the subject, as an encoded word (the only way a header carries them).
    const subject = `=?utf-8?b?${Buffer.from('Your statement\r\n\u0007\u001b[31m\u202eFDP.exe').toString('base64')}?=`;
    const sent = sendMail(stack, address, subject, [csv, gif], { from: 'Statement Vault Security <security@statement-vault.example>' });
    fs.rmSync(folder, { recursive: true, force: true });
    expect(sent.stderr).toBe('');
    const answer = await waitFor(
      async () => {
        const { body } = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: dave.idToken });
        return body.arrived.length > 0 && body.keptOut.length > 0 ? body : undefined;
      },
      'the mail to arrive and its note',
      30_000,
    );
    const mail = {
      from: 'security@statement-vault.example',
      subject: 'Your statement [31m FDP.exe',
      receivedAt: expect.any(String),
      fromVaultDomain: true,
    };
    expect(answer).toEqual({
      arrived: [expect.objectContaining({ fileName: 'card activity 2024 .csv', reason: MAIL_WORDS.noAccount, mail })],
      keptOut: [
        {
          mail,
          reason: MAIL_WORDS.someKeptOut,
          files: [{ fileName: 'invoice fdp.exe', reason: expect.stringContaining('GIF') }],
        },
      ],
    });
    // Nothing of the sender's display name, and no control or direction character anywhere, stored or answered.
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
    const stored = [...(await itemsOf(dave, TABLE_KEYS.arrivedSortPrefix)), ...(await itemsOf(dave, TABLE_KEYS.mailNoteSortPrefix))];
    const texts = [...strings(answer), ...strings(stored)];
    // eslint-disable-next-line no-control-regex -- the characters looked for are control characters
    expect(texts.filter((text) => /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text))).toEqual([]);
    expect(texts.filter((text) => text.includes('Statement Vault Security'))).toEqual([]);
  });
});
