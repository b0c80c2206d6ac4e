import { randomBytes } from 'node:crypto';
import { PROFILE_IMAGE_ROUTES, STATEMENT_ROUTES, statementKey } from '../../contract';
import { LOCAL_CREDENTIALS } from '../../local/settings';
import { Presigner } from '../../lambda/shared/s3';
import { S3Client } from '@aws-sdk/client-s3';
import { ME, STATEMENT, STATEMENTS, apollo } from './support/graphql';
import { callApi, type Api } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { expiredFrom, forgedFrom, otherClientFrom } from './support/tokens';
import { putTo, sha256, sha256Base64, uploadAvatar, uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';
import { csv, pdf, png } from '../support/samples';

/**
 * Files end to end on the local stack: the real REST handlers behind the local API
 * Gateway, presigned PUT/GET against the signature-checking local S3, and the S3-event
 * catalogue that lists a statement once its file is stored.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
beforeAll(() => ({ stack, alice, bob } = context));

const statementOf = async (user: TestUser, id: string) =>
  (await apollo(stack.config, { token: user.idToken }).query({ query: STATEMENT, variables: { id }, fetchPolicy: 'no-cache' })).data as {
    statement: Record<string, unknown> | null;
  };

/** Listed, and scanned clean (downloadable): a statement is SCANNING until its malware scan's verdict. */
const listed = (user: TestUser, id: string) =>
  waitFor(async () => {
    const { statement } = await statementOf(user, id);
    return statement?.status === 'AVAILABLE' ? statement : undefined;
  }, `statement ${id} to be listed and scanned clean`);

test('profile image: upload through a presigned PUT, catalogued on the profile, downloaded byte for byte', async () => {
  const bytes = png();
  const put = await uploadAvatar(stack.config, alice.idToken, bytes);
  expect(put.status).toBe(200);
  const me = await waitFor(async () => {
    const { data } = await apollo(stack.config, { token: alice.idToken }).query({ query: ME, fetchPolicy: 'no-cache' });
    return (data as { me: { avatarKey?: string } }).me.avatarKey ? data : undefined;
  }, 'the avatar to be catalogued');
  expect((me as { me: { avatarKey: string } }).me.avatarKey).toBe(`profile-images/${alice.sub}/avatar`);

  const download = await callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: alice.idToken });
  expect(download.status).toBe(200);
  const fetched = await fetch(download.body.url);
  expect(fetched.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

  const bobs = await callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: bob.idToken });
  expect(bobs.status).toBe(404);
});

test('statement: upload, listed with its metadata, downloaded as an attachment, deleted', async () => {
  const fileName = 'Relevé janvier 2024.pdf';
  const bytes = pdf(3000);
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName,
    contentType: 'application/pdf',
    accountLabel: 'Checking ••1234',
    period: '2024-01',
    bytes,
  });
  const statement = await listed(alice, statementId);
  expect(statement).toMatchObject({
    id: statementId,
    owner: alice.sub,
    fileName,
    contentType: 'application/pdf',
    size: 3000,
    key: statementKey(alice.sub, statementId),
    accountLabel: 'Checking ••1234',
    period: '2024-01',
    status: 'AVAILABLE',
    // What S3 verified on arrival: the SHA-256 the upload was signed with.
    checksum: sha256Base64(bytes),
    checksumType: 'FULL_OBJECT',
  });

  const download = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId },
  });
  expect(download.status).toBe(200);
  expect(download.body.fileName).toBe(fileName);
  const fetched = await fetch(download.body.url);
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get('content-disposition')).toBe(
    `attachment; filename="Relev_ janvier 2024.pdf"; filename*=UTF-8''Relev%C3%A9%20janvier%202024.pdf`,
  );
  expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

  const removed = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteStatement, {
    token: alice.idToken,
    params: { statementId },
  });
  expect(removed.status).toBe(204);
  expect((await statementOf(alice, statementId)).statement).toBeNull();
  const again = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId },
  });
  expect(again.status).toBe(404);
});

test('a statement over 50 MiB goes up in parts and comes back identical', async () => {
  const bytes = csv(50 * 1024 * 1024 + 1);
  const { statementId } = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'brokerage-2023.csv',
    contentType: 'text/csv',
    accountLabel: 'Brokerage',
    period: '2023-12',
    bytes,
  });
  expect((await listed(alice, statementId)).size).toBe(bytes.length);
  const download = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
    token: alice.idToken,
    params: { statementId },
  });
  const fetched = Buffer.from(await (await fetch(download.body.url)).arrayBuffer());
  expect(fetched.length).toBe(bytes.length);
  expect(sha256(fetched)).toBe(sha256(bytes));
}, 60_000);

describe('S3 itself refuses what the API did not allow', () => {
  const content = randomBytes(100);
  const signedUpload = async () => {
    const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
      token: alice.idToken,
      body: {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: 100,
        accountLabel: 'Main',
        period: '2024-02',
        checksum: sha256Base64(content),
      },
    });
    expect(created.status).toBe(201);
    return created.body as { statementId: string; url: string; headers: Record<string, string> };
  };

  const expectRefused = async (response: Response, code: string, statementId: string) => {
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(`<Code>${code}</Code>`);
    // Nothing was stored, so nothing is catalogued.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await statementOf(alice, statementId)).statement).toBeNull();
  };

  test('another content type than the one signed', async () => {
    const upload = await signedUpload();
    const response = await putTo(upload.url, { ...upload.headers, 'content-type': 'text/html' }, content);
    await expectRefused(response, 'SignatureDoesNotMatch', upload.statementId);
  });

  test('a larger body than declared', async () => {
    const upload = await signedUpload();
    await expectRefused(await putTo(upload.url, upload.headers, randomBytes(101)), 'SignatureDoesNotMatch', upload.statementId);
  });

  test('another checksum than the one signed', async () => {
    const upload = await signedUpload();
    const response = await putTo(
      upload.url,
      { ...upload.headers, 'x-amz-checksum-sha256': sha256Base64(randomBytes(100)) },
      randomBytes(100),
    );
    await expectRefused(response, 'SignatureDoesNotMatch', upload.statementId);
  });

  test("a key outside the signed one (another user's prefix)", async () => {
    const upload = await signedUpload();
    const elsewhere = upload.url.replace(alice.sub, bob.sub);
    await expectRefused(await putTo(elsewhere, upload.headers, content), 'SignatureDoesNotMatch', upload.statementId);
  });

  test('a tampered signature', async () => {
    const upload = await signedUpload();
    const tampered = upload.url.replace(/X-Amz-Signature=([0-9a-f])/, (_, first: string) => `X-Amz-Signature=${first === 'a' ? 'b' : 'a'}`);
    await expectRefused(await putTo(tampered, upload.headers, content), 'SignatureDoesNotMatch', upload.statementId);
  });

  test('an expired URL', async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${stack.ports.s3}`,
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const sixMinutesAgo = () => new Date(Date.now() - 6 * 60 * 1000);
    const body = randomBytes(10);
    const put = await new Presigner(client, stack.config.storage.bucket_name, sixMinutesAgo).put({
      key: statementKey(alice.sub, '01JD0000000000000000000009'),
      contentType: 'application/pdf',
      contentLength: 10,
      checksum: sha256Base64(body),
      expiresIn: 300,
    });
    const response = await putTo(put.url, put.headers, body);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });
});

describe("one user never reaches another's statements", () => {
  let alicesStatement: string;
  beforeAll(async () => {
    ({ statementId: alicesStatement } = await uploadStatement(stack.config, alice.idToken, {
      fileName: 'private.pdf',
      contentType: 'application/pdf',
      accountLabel: 'Savings',
      period: '2024-03',
    }));
    await listed(alice, alicesStatement);
  });

  test("B asking for A's statement gets 404 from download and delete, and null from GraphQL", async () => {
    for (const route of [STATEMENT_ROUTES.downloadUrl, STATEMENT_ROUTES.deleteStatement]) {
      const answer = await callApi(stack.config, 'statementsApiUrl', route, {
        token: bob.idToken,
        params: { statementId: alicesStatement },
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no such statement.' } });
    }
    expect((await statementOf(bob, alicesStatement)).statement).toBeNull();
    expect((await statementOf(alice, alicesStatement)).statement).not.toBeNull();
  });

  test("B's list never shows A's items", async () => {
    await uploadStatement(stack.config, bob.idToken, {
      fileName: 'bob.csv',
      contentType: 'text/csv',
      accountLabel: 'Bob',
      period: '2024-03',
    });
    const list = await waitFor(async () => {
      const { data } = await apollo(stack.config, { token: bob.idToken }).query({ query: STATEMENTS, fetchPolicy: 'no-cache' });
      const items = (data as { statements: { items: { owner: string }[] } }).statements.items;
      return items.length > 0 ? items : undefined;
    }, "Bob's statement");
    expect(list.every((item) => item.owner === bob.sub)).toBe(true);
  });
});

describe('the REST APIs refuse a caller without a valid ID token, before the Lambda runs', () => {
  const apis: [
    Api,
    (typeof PROFILE_IMAGE_ROUTES)[keyof typeof PROFILE_IMAGE_ROUTES] | (typeof STATEMENT_ROUTES)[keyof typeof STATEMENT_ROUTES],
  ][] = [
    ['profileImageApiUrl', PROFILE_IMAGE_ROUTES.uploadUrl],
    ['statementsApiUrl', STATEMENT_ROUTES.createUpload],
  ];
  const cases: [string, () => string | undefined][] = [
    ['no token', () => undefined],
    ['a forged token', () => forgedFrom(alice.idToken)],
    ['an expired token', () => expiredFrom(alice.idToken)],
    ['a token for another client', () => otherClientFrom(alice.idToken)],
    ['an access token instead of the ID token', () => alice.accessToken],
  ];
  test.each(cases)('%s gets 401 on both APIs and nothing is signed', async (_name, token) => {
    for (const [api, route] of apis) {
      const answer = await callApi(stack.config, api, route, {
        token: token(),
        body: { contentType: 'image/png', size: 10, fileName: 'a.pdf', accountLabel: 'x', period: '2024-01' },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    }
  });
});

describe("the local API Gateway validates bodies against the routes' models, as API Gateway does", () => {
  const create = (body: unknown) =>
    callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, { token: alice.idToken, body });
  const valid = {
    fileName: 'a.pdf',
    contentType: 'application/pdf',
    size: 10,
    accountLabel: 'Main',
    period: '2024-01',
    checksum: sha256Base64(randomBytes(10)),
  };

  test.each<[string, unknown]>([
    ['a missing field', { ...valid, period: undefined }],
    ['an unknown field', { ...valid, owner: 'someone-else' }],
    ['a size given as text', { ...valid, size: '10' }],
    ['not an object', ['a.pdf']],
  ])("%s: 400 with the gateway's own answer, before the Lambda runs", async (_name, body) => {
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request body does not match what this route takes.' } });
  });

  test("what the model allows but the contract refuses gets the Lambda's words (text rules are not in the model)", async () => {
    const tooLong = await create({ ...valid, fileName: `${'明'.repeat(190)}.pdf` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toContain('fileName is too long to store');
    const tooManyCharacters = await create({ ...valid, fileName: `${'x'.repeat(300)}.pdf` });
    expect(tooManyCharacters.body.error.message).toBe('Invalid body: fileName: fileName must be at most 200 characters');
  });

  test('an account name that would look like another (a zero-width space, a direction mark) is refused in words, and nothing is signed', async () => {
    for (const accountLabel of ['Ma\u200bin', 'Main\u200e', '\u200fMain', 'Ma\u200cin']) {
      const answer = await create({ ...valid, accountLabel });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain('accountLabel must not contain invisible characters');
      expect(answer.body).not.toHaveProperty('url');
    }
  });
});
