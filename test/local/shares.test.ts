import { SHARE_HEADERS, SHARE_LIMITS, SHARE_ROUTES, STATEMENT_ROUTES, apiUrl, isErrorBody, routePath } from '../../contract';
import { principalCredentials } from '../../local/iam/identities';
import { configureAmplify } from './support/amplify';
import { rawGraphql } from './support/graphql';
import { callApi } from './support/rest';
import { signedFetch } from './support/signed';
import { waitFor, type StackProcess } from './support/stack-process';
import { sharedStack } from './support/shared-stack';
import { uploadStatement } from './support/uploads';
import { newUser, type TestUser } from './support/users';

/**
 * A share through the real path on the local stack: the owner makes it on the statements
 * API; the share routes answer only the web server's IAM-signed calls (as API Gateway's
 * AWS_IAM authorization, with the template's policies); the share function reads through
 * the reader role's narrowed sessions, and the URL it signs opens that one file.
 */
let stack: StackProcess;
let alice: TestUser;
let bob: TestUser;
let secret: string;
let shared: string;
let original: Buffer;

const shareUrl = (route: (typeof SHARE_ROUTES)[keyof typeof SHARE_ROUTES], params?: Record<string, string>, query = '') =>
  `${apiUrl(stack.config.custom.statementsApiUrl, routePath(route.resource, params))}${query}`;

const asWebServer = (url: string, key: string) =>
  signedFetch(principalCredentials('webServer'), url, {
    headers: { [SHARE_HEADERS.secret]: key, [SHARE_HEADERS.viewerAddress]: '198.51.100.7' },
  });

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  alice = await newUser(stack, 'share-owner');
  bob = await newUser(stack, 'share-other');
  const uploaded = await uploadStatement(stack.config, alice.idToken, {
    fileName: 'shared.pdf',
    contentType: 'application/pdf',
    accountLabel: 'Card',
    period: '2024-01',
    accountFacts: { institution: 'First Harbor Bank', kind: 'card', currency: 'USD' },
  });
  shared = uploaded.statementId;
  original = uploaded.bytes;
  await waitFor(async () => {
    const answer = await rawGraphql(stack.config, { Authorization: alice.idToken }, `{ statement(id: "${shared}") { status } }`);
    return (answer.body.data as { statement?: { status: string } | null }).statement?.status === 'AVAILABLE' ? true : undefined;
  }, 'the statement to be scanned clean');
  const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
    token: alice.idToken,
    body: { statementIds: [shared], expiresInSeconds: 3600 },
  });
  expect(created.status).toBe(201);
  secret = created.body.secret;
}, 120_000);

test("only the web server's signature opens the share routes: not a user's token, not another role, not nothing", async () => {
  const url = shareUrl(SHARE_ROUTES.openShare);
  const unsigned = await fetch(url, { headers: { [SHARE_HEADERS.secret]: secret } });
  expect(unsigned.status).toBe(404);
  const withToken = await fetch(url, { headers: { [SHARE_HEADERS.secret]: secret, Authorization: alice.idToken } });
  expect(withToken.status).toBe(403);
  const otherRole = await signedFetch(principalCredentials('statementsApi'), url, { headers: { [SHARE_HEADERS.secret]: secret } });
  expect(otherRole.status).toBe(401);
  for (const answer of [unsigned, withToken, otherRole]) expect(isErrorBody(await answer.json())).toBe(true);
  const signed = await asWebServer(url, secret);
  expect(signed.status).toBe(200);
  // Each file with its account as the owner's vault described it when sharing (from the file's own words here).
  expect((await signed.json()).statements.map((one: { id: string; accountDetails?: unknown }) => [one.id, one.accountDetails])).toEqual([
    [shared, { institution: 'First Harbor Bank', kind: 'card', currency: 'USD' }],
  ]);
});

test('the URL it signs opens that file, as its type, and is refused for any other key', async () => {
  const answer = await asWebServer(shareUrl(SHARE_ROUTES.sharedFileUrl, { statementId: shared }, '?disposition=inline'), secret);
  expect(answer.status).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  // A copy under the share: nothing in what the recipient is handed names the owner.
  expect(new URL(url).pathname).toMatch(new RegExp(`/shared/[0-9A-Z]{26}/${shared}/file$`));
  expect(url).not.toContain(alice.sub);
  const file = await fetch(url);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.clone().arrayBuffer()).equals(original)).toBe(true);
  const names: string[] = [];
  file.headers.forEach((_value, name) => names.push(name));
  expect(names.filter((name) => name.startsWith('x-amz-meta-'))).toEqual([]);
  expect(file.headers.get('content-type')).toBe('application/pdf');
  expect(file.headers.get('content-disposition')).toMatch(/^inline/);
  // The same signature for another of the owner's keys is no signature at all.
  expect((await fetch(url.replace(shared, '01JD0000000000000000000000'))).status).toBe(403);
});

test("another person's id is not in the share; a wrong secret is the one 404; Bob sees none of Alice's shares", async () => {
  expect((await asWebServer(shareUrl(SHARE_ROUTES.sharedFileUrl, { statementId: '01JD0000000000000000000000' }), secret)).status).toBe(404);
  expect(
    (
      await asWebServer(
        shareUrl(SHARE_ROUTES.openShare),
        secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      )
    ).status,
  ).toBe(404);
  const bobs = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listShares, { token: bob.idToken });
  expect(bobs.body.shares).toEqual([]);
  const details = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listShares, { token: alice.idToken });
  expect(details.body.shares[0]).toMatchObject({ opens: 1, state: 'active' });
});

test('withdrawn, the link is the one 404 at once', async () => {
  const [share] = (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listShares, { token: alice.idToken })).body.shares;
  expect(
    (
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.revokeShare, {
        token: bob.idToken,
        params: { shareId: share.shareId },
      })
    ).status,
  ).toBe(404);
  expect(
    (
      await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.revokeShare, {
        token: alice.idToken,
        params: { shareId: share.shareId },
      })
    ).status,
  ).toBe(204);
  const answer = await asWebServer(shareUrl(SHARE_ROUTES.openShare), secret);
  expect(answer.status).toBe(404);
  expect((await answer.json()).error.message).toBe('This link does not lead to anything: it may have expired or been withdrawn.');
});

test('a statement that left a share never comes back into it by itself, and its owner may take one out', async () => {
  const ids: string[] = [];
  for (const fileName of ['deleted.pdf', 'moved.pdf', 'taken-out.pdf', 'renamed.pdf']) {
    const { statementId } = await uploadStatement(stack.config, alice.idToken, {
      fileName,
      contentType: 'application/pdf',
      accountLabel: 'Card',
      period: '2024-01',
    });
    ids.push(statementId);
  }
  const [deleted, moved, takenOut, renamed] = ids;
  for (const id of ids) {
    await waitFor(async () => {
      const answer = await rawGraphql(stack.config, { Authorization: alice.idToken }, `{ statement(id: "${id}") { status } }`);
      return (answer.body.data as { statement?: { status: string } | null }).statement?.status === 'AVAILABLE' ? true : undefined;
    }, 'the statement to be scanned clean');
  }
  const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
    token: alice.idToken,
    body: { statementIds: ids, expiresInSeconds: 3600 },
  });
  const { secret: link, share } = created.body;
  const recipientSees = async () =>
    ((await (await asWebServer(shareUrl(SHARE_ROUTES.openShare), link)).json()).statements as { id: string; fileName: string }[]).map(
      (one) => one.fileName,
    );
  const owner = (route: (typeof STATEMENT_ROUTES)[keyof typeof STATEMENT_ROUTES], statementId: string, token = alice.idToken) =>
    callApi(stack.config, 'statementsApiUrl', route, { token, params: { statementId, shareId: share.shareId } });
  const edit = async (id: string, fields: string) => {
    const answer = await rawGraphql(
      stack.config,
      { Authorization: alice.idToken },
      `mutation { editStatements(input: { ids: ["${id}"], ${fields} }) { notFound } }`,
    );
    expect(answer.body.errors).toBeUndefined();
  };
  expect(await recipientSees()).toEqual(['deleted.pdf', 'moved.pdf', 'taken-out.pdf', 'renamed.pdf']);

  // Deleted, then restored from Recently deleted: gone from the share, and it stays gone.
  expect((await owner(STATEMENT_ROUTES.deleteStatement, deleted)).status).toBe(204);
  expect(await recipientSees()).not.toContain('deleted.pdf');
  expect((await owner(STATEMENT_ROUTES.restoreStatement, deleted)).status).toBe(200);
  expect(await recipientSees()).not.toContain('deleted.pdf');
  expect((await asWebServer(shareUrl(SHARE_ROUTES.sharedFileUrl, { statementId: deleted }), link)).status).toBe(404);

  // Filed under another period and back: the same.
  await edit(moved, 'period: "2024-02"');
  await edit(moved, 'period: "2024-01"');
  expect(await recipientSees()).not.toContain('moved.pdf');

  // A rename keeps it there, under its new name.
  await edit(renamed, 'fileName: "renamed again.pdf"');

  // Taken out by its owner: for good; another person cannot, and what the share never named is not there to take out.
  expect((await owner(STATEMENT_ROUTES.removeSharedStatement, takenOut, bob.idToken)).status).toBe(404);
  expect((await owner(STATEMENT_ROUTES.removeSharedStatement, '01JD0000000000000000000000')).status).toBe(404);
  expect((await owner(STATEMENT_ROUTES.removeSharedStatement, takenOut)).status).toBe(204);
  expect(await recipientSees()).toEqual(['renamed again.pdf']);

  const details = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.getShare, {
    token: alice.idToken,
    params: { shareId: share.shareId },
  });
  expect(
    (details.body.statements as { id: string; available: boolean; removed: boolean }[]).map(({ id, available, removed }) => [
      ids.indexOf(id),
      available,
      removed,
    ]),
  ).toEqual([
    [0, false, false],
    [1, false, false],
    [2, false, true],
    [3, true, false],
  ]);
});

test('the largest share can be fetched whole in a minute: its page and a file URL for each of its statements', async () => {
  const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
    token: alice.idToken,
    body: { statementIds: [shared], expiresInSeconds: 3600 },
  });
  const link = created.body.secret as string;
  expect((await asWebServer(shareUrl(SHARE_ROUTES.openShare), link)).status).toBe(200);
  // As "download all as one ZIP" asks, one URL after another, from one network: every one answered.
  const statuses: number[] = [];
  for (let n = 0; n < SHARE_LIMITS.maxStatements; n++)
    statuses.push(
      (await asWebServer(shareUrl(SHARE_ROUTES.sharedFileUrl, { statementId: shared }, '?disposition=attachment'), link)).status,
    );
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
});
