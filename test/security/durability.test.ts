import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, type AccountOverview, type StatementUploadResponse, type WebConfig } from '../../contract';
import { configureAmplify } from '../local/support/amplify';
import { ME, STATEMENT, STATEMENTS, UPDATE_PROFILE, apollo, waitForAvatar } from '../local/support/graphql';
import { callApi } from '../local/support/rest';
import { javaProcessesFor, startStack, waitFor, type StackProcess } from '../local/support/stack-process';
import { partsOf, sha256, sha256Base64, statementChecksum, uploadAvatar, uploadStatement } from '../local/support/uploads';
import { newUser, type TestUser } from '../local/support/users';
import { EICAR, csv, pdf, png } from '../support/samples';

/**
 * Durability on the local stack: kill -9 in the middle of uploads, restart, and check that
 * every confirmed statement and the profile are intact and that no listed record lacks its
 * file (nor any body the cut-off PUTs left spooled); then lose S3 events on purpose and watch the sweep catalogue the files within its
 * window. Measurements go to test-results/durability.json.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-durable-'));
const measured: Record<string, number> = {};
let stack: StackProcess;
let alice: TestUser;
const password = 'alice has a long password';

afterAll(async () => {
  await stack?.stop();
  expect(javaProcessesFor(dataDir)).toEqual([]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(__dirname, '..', '..', 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, '..', '..', 'test-results', 'durability.json'), JSON.stringify(measured, null, 2));
});

const freshToken = async (config: WebConfig) => {
  configureAmplify(config);
  await signIn({ username: alice.email, password });
  const token = (await fetchAuthSession()).tokens!.idToken!.toString();
  await signOut();
  return token;
};

const listed = async (config: WebConfig, token: string) =>
  (
    (await apollo(config, { token }).query({ query: STATEMENTS, variables: { limit: 100 }, fetchPolicy: 'no-cache' })).data as {
      statements: { items: { id: string; size: number; fileName: string }[] };
    }
  ).statements.items;

const statusOf = async (config: WebConfig, token: string, id: string) =>
  (
    (await apollo(config, { token }).query({ query: STATEMENT, variables: { id }, fetchPolicy: 'no-cache' })).data as {
      statement: { status: string } | null;
    }
  ).statement?.status;

const isListed = async (config: WebConfig, token: string, id: string) => (await statusOf(config, token, id)) !== undefined;

/** Listed and scanned clean: downloadable. */
const isAvailable = async (config: WebConfig, token: string, id: string) => (await statusOf(config, token, id)) === 'AVAILABLE';

/** The bodies the local S3 holds in its spool (PUTs it has not passed on yet). */
const spooled = (): string[] => {
  const spool = path.join(dataDir, 's3.spool');
  return fs.existsSync(spool) ? fs.readdirSync(spool) : [];
};

/** A PUT that trickles its body (1 MiB every 40 ms), so a kill lands in the middle of it. */
const slowPut = (url: string, headers: Record<string, string>, bytes: Buffer) =>
  new Promise<number>((resolve) => {
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'PUT',
        headers: { ...headers, 'Content-Length': bytes.length },
      },
      (response) => resolve(response.statusCode ?? 0),
    );
    request.on('error', () => resolve(-1));
    let offset = 0;
    const tick = () => {
      if (offset >= bytes.length) return void request.end();
      request.write(bytes.subarray(offset, offset + 1024 * 1024));
      offset += 1024 * 1024;
      setTimeout(tick, 40);
    };
    tick();
  });

test('kill -9 during uploads: confirmed data survives, and no listed record lacks its file', async () => {
  stack = await startStack({ dataDir });
  configureAmplify(stack.config);
  alice = await newUser(stack, 'alice');
  const token = alice.idToken;
  await apollo(stack.config, { token }).mutate({ mutation: UPDATE_PROFILE, variables: { input: { displayName: 'Alice' } } });
  const avatar = png();
  expect((await uploadAvatar(stack.config, token, avatar)).status).toBe(200);
  await waitForAvatar(stack.config, token);
  const kept = pdf(10_000);
  const { statementId: keptId } = await uploadStatement(stack.config, token, {
    fileName: 'kept.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-04',
    bytes: kept,
  });
  await waitFor(async () => ((await isAvailable(stack.config, token, keptId)) ? true : undefined), 'the kept statement');

  // One single upload and one multipart upload, both cut short by kill -9.
  const big = pdf(30 * 1024 * 1024);
  const single = (
    await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
      token,
      body: {
        fileName: 'interrupted.pdf',
        contentType: 'application/pdf',
        size: big.length,
        accountLabel: 'Main',
        period: '2024-05',
        checksum: sha256Base64(big),
      },
    })
  ).body as Extract<StatementUploadResponse, { kind: 'single' }>;
  const multipartBytes = csv(60 * 1024 * 1024);
  const multipartSize = multipartBytes.length;
  const local = partsOf(multipartBytes);
  const multipart = (
    await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
      token,
      body: {
        fileName: 'interrupted.csv',
        contentType: 'text/csv',
        size: multipartSize,
        accountLabel: 'Main',
        period: '2024-05',
        checksum: statementChecksum(multipartBytes),
      },
    })
  ).body as Extract<StatementUploadResponse, { kind: 'multipart' }>;
  const parts = (
    await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.partUrls, {
      token,
      params: { statementId: multipart.statementId },
      body: {
        uploadId: multipart.uploadId,
        size: multipartSize,
        parts: local.slice(0, 2).map(({ partNumber, checksum }) => ({ partNumber, checksum })),
      },
    })
  ).body.parts as { url: string; size: number; headers: Record<string, string> }[];
  expect(await slowPut(parts[0].url, parts[0].headers, local[0].bytes)).toBe(200);
  const inFlight = [slowPut(single.url, single.headers, big), slowPut(parts[1].url, parts[1].headers, local[1].bytes)];
  await new Promise((resolve) => setTimeout(resolve, 300));
  const killedAt = Date.now();
  stack.child.kill('SIGKILL');
  expect(await Promise.all(inFlight)).toEqual([-1, -1]);
  await waitFor(async () => (javaProcessesFor(dataDir).length === 0 ? true : undefined), 'DynamoDB Local to go');
  // The cut-off PUTs' bodies were spooled by the local S3 when the kill came.
  expect(spooled().length).toBeGreaterThan(0);

  stack = await startStack({ dataDir, ports: stack.ports });
  measured.killToReadyMs = Date.now() - killedAt;
  expect(spooled()).toEqual([]);
  const token2 = await freshToken(stack.config);

  const me = (
    (await apollo(stack.config, { token: token2 }).query({ query: ME, fetchPolicy: 'no-cache' })).data as {
      me: { displayName: string; avatarKey: string };
    }
  ).me;
  expect(me).toMatchObject({ displayName: 'Alice', avatarKey: `profile-images/${alice.sub}/avatar` });
  const avatarUrl = await callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: token2 });
  expect(Buffer.from(await (await fetch(avatarUrl.body.url)).arrayBuffer()).equals(avatar)).toBe(true);

  const items = await listed(stack.config, token2);
  expect(items.map((item) => item.fileName)).toEqual(['kept.pdf']);
  for (const item of items) {
    const download = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
      token: token2,
      params: { statementId: item.id },
    });
    const bytes = Buffer.from(await (await fetch(download.body.url)).arrayBuffer());
    expect(bytes.length).toBe(item.size);
    expect(sha256(bytes)).toBe(sha256(kept));
  }
  expect(await isListed(stack.config, token2, single.statementId)).toBe(false);
  expect(await isListed(stack.config, token2, multipart.statementId)).toBe(false);
}, 180_000);

test('a file whose S3 event was lost is catalogued by the sweep within its window', async () => {
  await stack.stop();
  // Events dropped, sweep every 2 s: the running window.
  stack = await startStack({ dataDir, ports: stack.ports, env: { LOCAL_S3_EVENTS: 'off', LOCAL_SWEEP_SECONDS: '2' } });
  let token = await freshToken(stack.config);
  const { statementId: running } = await uploadStatement(stack.config, token, {
    fileName: 'lost-1.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-06',
  });
  const uploadedAt = Date.now();
  await waitFor(async () => ((await isListed(stack.config, token, running)) ? true : undefined), 'the sweep to catalogue it', 10_000);
  measured.sweepWhileRunningMs = Date.now() - uploadedAt;
  // The record is written before the sweep reports, so its line may follow a moment later.
  await waitFor(
    async () => (/sweep: catalogued 1 file\(s\) whose S3 event was lost/.test(stack.output()) ? true : undefined),
    'the sweep to report it',
    5_000,
  );
  await stack.stop();

  // Events dropped and no sweep while running: the file waits for the next start.
  stack = await startStack({ dataDir, ports: stack.ports, env: { LOCAL_S3_EVENTS: 'off', LOCAL_SWEEP_SECONDS: '3600' } });
  token = await freshToken(stack.config);
  const { statementId: atStart } = await uploadStatement(stack.config, token, {
    fileName: 'lost-2.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-06',
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await isListed(stack.config, token, atStart)).toBe(false);
  await stack.stop();
  const restartedAt = Date.now();
  // Started with events and the sweep as usual. Cognito never answers the deletion worker,
  // which this test does not use and the next one needs: one start serves both.
  stack = await startStack({ dataDir, ports: stack.ports, env: { LOCAL_DELETION_COGNITO: 'unanswered' } });
  token = await freshToken(stack.config);
  expect(await isListed(stack.config, token, atStart)).toBe(true);
  measured.restartToCataloguedMs = Date.now() - restartedAt;
}, 180_000);

test('kill -9 in the middle of an account deletion: after a restart it completes, and nothing else is touched', async () => {
  // The stack the last test started: Cognito never answers the deletion worker, so the
  // deletion stops before its last step, as a run that hangs does.
  expect(stack.env).toMatchObject({ LOCAL_DELETION_COGNITO: 'unanswered' });
  configureAmplify(stack.config);
  const dora = await newUser(stack, 'dora');
  expect((await uploadAvatar(stack.config, dora.idToken, png())).status).toBe(200);
  await waitForAvatar(stack.config, dora.idToken);
  const { statementId } = await uploadStatement(stack.config, dora.idToken, {
    fileName: 'dora.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Main',
    period: '2024-07',
  });
  await waitFor(async () => ((await isAvailable(stack.config, dora.idToken, statementId)) ? true : undefined), "dora's statement");
  const aliceBefore = (await listed(stack.config, await freshToken(stack.config))).map((item) => item.id).sort();

  const deletion = async () =>
    ((await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.account, { token: dora.idToken })).body as AccountOverview).deletion;
  const begun = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteAccount, {
    token: dora.idToken,
    body: { confirmEmail: dora.email },
  });
  expect(begun.status).toBe(202);
  const halted = await waitFor(async () => {
    const job = await deletion();
    return job?.step === 'identity' ? job : undefined;
  }, 'the deletion to reach its last step');
  expect(halted.counts).toMatchObject({ objectVersions: 2, statements: 1, signInDeleted: false });
  const killedAt = Date.now();
  stack.child.kill('SIGKILL');
  await waitFor(async () => (javaProcessesFor(dataDir).length === 0 ? true : undefined), 'DynamoDB Local to go');

  // Started again as `npm start` starts it: the interrupted deletion is resumed at start.
  stack = await startStack({ dataDir, ports: stack.ports });
  const done = await waitFor(async () => {
    const job = await deletion();
    return job?.state === 'DONE' ? job : undefined;
  }, 'the deletion to finish after the restart');
  measured.killToDeletionDoneMs = Date.now() - killedAt;
  // The counts of the steps done before the kill are kept, and the last step's added.
  expect(done.counts).toMatchObject({ objectVersions: 2, statements: 1, signInDeleted: true });
  configureAmplify(stack.config);
  await expect(signIn({ username: dora.email, password: dora.password })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  expect((await listed(stack.config, await freshToken(stack.config))).map((item) => item.id).sort()).toEqual(aliceBefore);
}, 180_000);

test('kill -9 while uploads are being scanned: after a restart each is scanned again and becomes available, or quarantined, with no new upload', async () => {
  await stack.stop();
  // Scans that start and never report, as ones a crash cuts off.
  stack = await startStack({ dataDir, ports: stack.ports, env: { LOCAL_MALWARE_SCAN: 'stalled' } });
  let token = await freshToken(stack.config);
  const clean = [];
  for (const name of ['one', 'two', 'three']) {
    clean.push(
      (
        await uploadStatement(stack.config, token, {
          fileName: `scanned-${name}.pdf`,
          contentType: 'application/pdf',
          accountLabel: 'Main',
          period: '2024-08',
        })
      ).statementId,
    );
  }
  const { statementId: infected } = await uploadStatement(stack.config, token, {
    fileName: 'scanned-eicar.csv',
    contentType: 'text/csv',
    accountLabel: 'Main',
    period: '2024-08',
    bytes: Buffer.concat([Buffer.from('Date,Description,Amount\n2024-08-01,'), EICAR, Buffer.from(',1.00\n')]),
  });
  // All four PUTs were answered and catalogued; none has a verdict.
  for (const id of [...clean, infected]) {
    await waitFor(async () => ((await statusOf(stack.config, token, id)) === 'SCANNING' ? true : undefined), 'the upload to be listed');
  }
  const killedAt = Date.now();
  stack.child.kill('SIGKILL');
  await waitFor(async () => (javaProcessesFor(dataDir).length === 0 ? true : undefined), 'DynamoDB Local to go');

  // Started as usual, with the sweep every 2 s and a file's verdict waited for 3 s.
  stack = await startStack({ dataDir, ports: stack.ports, env: { LOCAL_SWEEP_SECONDS: '2', LOCAL_SCAN_RETRY_SECONDS: '3' } });
  token = await freshToken(stack.config);
  for (const id of clean) {
    await waitFor(
      async () => ((await statusOf(stack.config, token, id)) === 'AVAILABLE' ? true : undefined),
      'a clean file to be scanned again',
    );
  }
  await waitFor(
    async () => ((await statusOf(stack.config, token, infected)) === 'QUARANTINED' ? true : undefined),
    'the infected file to be scanned again',
  );
  measured.killToScannedAgainMs = Date.now() - killedAt;
  expect(stack.output()).toMatch(/sweep: sent \d+ file\(s\) with no malware verdict to be scanned again/);
  // Downloadable as uploaded.
  const download = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token,
    params: { statementId: clean[0] },
  });
  const file = await fetch(download.body.url);
  expect({ status: file.status, refusal: file.ok ? '' : await file.text() }).toEqual({ status: 200, refusal: '' });
}, 180_000);
