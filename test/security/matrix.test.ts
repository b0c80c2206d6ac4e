import { SOME_SHA256, checksumForSize } from '../support/lambda-fakes';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  PROFILE_IMAGE_ROUTES,
  STATEMENT_ROUTES,
  TABLE_KEYS,
  mailTokenOf,
  ownerPrefixes,
  type AccountOverview,
  type RouteSpec,
} from '../../contract';
import { configureAmplify } from '../local/support/amplify';
import { rawGraphql, waitForAvatar } from '../local/support/graphql';
import { callApi, type Api } from '../local/support/rest';
import { waitFor, type StackProcess } from '../local/support/stack-process';
import { sharedStack } from '../local/support/shared-stack';
import { expiredFrom, forgedFrom, otherClientFrom, signJwt } from '../local/support/tokens';
import { sha256Base64, uploadAvatar, uploadStatement } from '../local/support/uploads';
import { newUser, signInAgain, type TestUser } from '../local/support/users';
import cognitoLocalPrivateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import { png } from '../support/samples';
import { RESOLVERS } from '../../graphql/resolvers';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { newMailAddress, sendMail, waitingFiles } from '../local/support/mail';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import { LOCAL_IDS, dataPaths } from '../../local/settings';
import { dynamoClient } from '../../local/dynamodb';

/**
 * Every GraphQL operation and every REST route, called by each kind of caller, against
 * the local stack. The expected outcome of every cell is written below; B must never see,
 * sign, overwrite or delete anything of A's.
 */
type Caller = 'anonymous' | 'apiKey' | 'forged' | 'expired' | 'otherPool' | 'otherClient' | 'userA' | 'userB';
// B goes before A, so A's own (destructive) calls show that B's left A's data in place.
const CALLERS: Caller[] = ['anonymous', 'apiKey', 'forged', 'expired', 'otherPool', 'otherClient', 'userB', 'userA'];

/**
 * ok: answered for the caller's own data · denied: 401 (REST) or 401 UnauthorizedException
 * (AppSync) · notAuthorized: GraphQL "Not Authorized" field error (API key on a private
 * field) · notFound: 404 (REST) or null (GraphQL) · ownOnly: answered, but only with or
 * for the caller's own data (checked below) · refused: 400, the request is not the
 * caller's to make (B typing A's address to close an account).
 */
type Outcome = 'ok' | 'denied' | 'notAuthorized' | 'notFound' | 'ownOnly' | 'refused';

/** The password A keeps for the PDFs of account A. */
const A_PDF_PASSWORD = 'matrix-pdf-password';

const tokenless = { anonymous: 'denied', forged: 'denied', expired: 'denied', otherPool: 'denied', otherClient: 'denied' } as const;

const GRAPHQL: Record<string, { query: (ctx: Context) => string; expect: Record<Caller, Outcome> }> = {
  uploadLimits: {
    query: () => '{ uploadLimits { statement { maxBytes } } }',
    expect: { ...tokenless, apiKey: 'ok', userA: 'ok', userB: 'ok' },
  },
  serviceStatus: {
    query: () => '{ serviceStatus { status } }',
    expect: { ...tokenless, apiKey: 'ok', userA: 'ok', userB: 'ok' },
  },
  me: {
    query: () => '{ me { userId email displayName } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  statements: {
    query: () => '{ statements(limit: 100) { items { id owner } } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  statement: {
    query: (ctx) => `{ statement(id: "${ctx.aStatement}") { id owner } }`,
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  updateProfile: {
    query: () => 'mutation { updateProfile(input: { displayName: "changed by caller" }) { userId displayName } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  editStatements: {
    // What A's statement already is: A's own edit changes nothing, and B's must not reach it.
    query: (ctx) =>
      `mutation { editStatements(input: { ids: ["${ctx.aStatement}"], accountLabel: "A", period: "2024-01" }) { edited { id owner accountLabel } notFound } }`,
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  updateAccountSchedule: {
    // A's account of A's statement: B naming it reaches no account of B's.
    query: () => 'mutation { updateAccountSchedule(input: { accountKey: "a", cadence: QUARTERLY }) { accountKey cadence } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  updateAccountDetails: {
    // A's account of A's statement: B naming it reaches no account of B's.
    query: () => 'mutation { updateAccountDetails(input: { accountKey: "a", currency: "EUR" }) { accountKey currency currencySaid } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  renameAccount: {
    // A's account of A's statement, named as it is: A's own rename changes nothing, and B's reaches no account of B's.
    query: () => 'mutation { renameAccount(input: { accountKey: "a", label: "A" }) { accountKey label } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  enterBalances: {
    // A's statement: A's own entry is kept as A's; B naming it reaches nothing of A's.
    query: (ctx) =>
      `mutation { enterBalances(input: { id: "${ctx.aStatement}", opening: 10.5 }) { id owner balances { opening entered } } }`,
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  keepPdfPassword: {
    // A's account of A's statement, kept as it is: B naming it keeps nothing anywhere.
    query: () => `mutation { keepPdfPassword(input: { accountKey: "a", password: "${A_PDF_PASSWORD}" }) { accountKey pdfPasswordKept } }`,
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  pdfPassword: {
    // A's kept password: B naming A's account reads none.
    query: () => '{ pdfPassword(accountKey: "a") }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  accountChain: {
    // A's account of A's statement: B naming it reads B's own account of that key, which holds nothing of A's.
    query: () => '{ accountChain(accountKey: "a") { items { id owner } } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  accounts: {
    query: () => '{ accounts { accountKey label count } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  periods: {
    query: () => '{ periods { period count } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  usage: {
    query: () => '{ usage { statements bytes } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  coverage: {
    query: () => '{ coverage { cells { accountKey period statementIds } nextToken } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  statementsByChecksum: {
    query: (ctx) => `{ statementsByChecksum(checksum: "${ctx.aChecksum}") { id owner } }`,
    // B asking for A's file finds only B's own (none).
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  uploadRefusal: {
    query: (ctx) => `{ uploadRefusal(id: "${ctx.aRefused}") { id reason } }`,
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'notFound' },
  },
  search: {
    // A word of A's statement's name: B's search finds none of A's.
    query: () => '{ search(query: "matrix") { hits { statement { id owner } matches } partial } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  statementNeighbours: {
    query: (ctx) => `{ statementNeighbours(id: "${ctx.aStatement}") { previous { id owner } next { id owner } } }`,
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
  deletedStatements: {
    query: () => '{ deletedStatements { items { id fileName } } }',
    expect: { ...tokenless, apiKey: 'notAuthorized', userA: 'ok', userB: 'ownOnly' },
  },
};

const REST: Record<
  string,
  {
    api: Api;
    route: RouteSpec;
    request: (ctx: Context) => { params?: Record<string, string>; body?: unknown; query?: Record<string, string> };
    expect: Record<Caller, Outcome>;
  }
> = {
  profileUploadUrl: {
    api: 'profileImageApiUrl',
    route: PROFILE_IMAGE_ROUTES.uploadUrl,
    request: () => ({ body: { contentType: 'image/png', size: 10, checksum: SOME_SHA256 } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  profileDownloadUrl: {
    api: 'profileImageApiUrl',
    route: PROFILE_IMAGE_ROUTES.downloadUrl,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  createUpload: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.createUpload,
    request: () => ({
      body: { fileName: 'x.pdf', contentType: 'application/pdf', size: 10, accountLabel: 'Main', period: '2024-01', checksum: SOME_SHA256 },
    }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  partUrls: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.partUrls,
    request: (ctx) => ({
      params: { statementId: ctx.aUpload.statementId },
      body: { uploadId: ctx.aUpload.uploadId, size: ctx.aUpload.size, parts: [{ partNumber: 1, checksum: SOME_SHA256 }] },
    }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  listParts: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.listParts,
    request: (ctx) => ({ params: { statementId: ctx.aUpload.statementId }, query: { uploadId: ctx.aUpload.uploadId } }),
    // B names A's upload at B's own key, where S3 has no such upload.
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  completeUpload: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.completeUpload,
    request: (ctx) => ({
      params: { statementId: ctx.aUpload.statementId },
      body: {
        uploadId: ctx.aUpload.uploadId,
        parts: [{ partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"', checksum: SOME_SHA256 }],
      },
    }),
    // A's call fails on S3's side (part 1 was never sent), but as A's upload: 400, not 404.
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  abortUpload: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.abortUpload,
    request: (ctx) => ({ params: { statementId: ctx.aUpload.statementId }, query: { uploadId: ctx.aUpload.uploadId } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  downloadUrl: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.downloadUrl,
    request: (ctx) => ({ params: { statementId: ctx.aStatement } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  previewUrl: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.previewUrl,
    request: (ctx) => ({ params: { statementId: ctx.aStatement } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  createShare: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.createShare,
    // B naming A's statement is refused as naming one that does not exist.
    request: (ctx) => ({ body: { statementIds: [ctx.aStatement], expiresInSeconds: 3600 } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'refused' },
  },
  createPacket: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.createPacket,
    // A packet of A's account: B names it as an account B does not have.
    request: () => ({ body: { accountKeys: ['a'], from: '2024-01-01', to: '2024-01-31' } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  listShares: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.listShares,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  getShare: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.getShare,
    request: (ctx) => ({ params: { shareId: ctx.aShare } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  extendShare: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.extendShare,
    request: (ctx) => ({ params: { shareId: ctx.aShare }, body: { expiresInSeconds: 7200 } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  removeSharedStatement: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.removeSharedStatement,
    request: (ctx) => ({ params: { shareId: ctx.aShare, statementId: ctx.aStatement } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  // Each gets their own key, derived from their token's sub: never another's.
  identifierKey: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.identifierKey,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  // Each may have an address of their own; a new one is made for the caller alone.
  newMailAddress: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.newMailAddress,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ok' },
  },
  setMailSenders: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.setMailSenders,
    request: () => ({ body: { senders: [] } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ok' },
  },
  mailAddress: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.mailAddress,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  mailArrivals: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.mailArrivals,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  // A waiting file is its owner's to file or to discard; for anyone else it is not there.
  fileArrival: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.fileArrival,
    request: (ctx) => ({ params: { statementId: ctx.aWaiting[0] }, body: { accountLabel: 'A', period: '2024-02' } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  discardArrival: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.discardArrival,
    request: (ctx) => ({ params: { statementId: ctx.aWaiting[1] } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  listPushDevices: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.listPushDevices,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
  // Each may turn on notifications for a device of their own; it is kept under the caller alone.
  addPushDevice: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.addPushDevice,
    request: (ctx) => ({ body: { subscription: ctx.newSubscription } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ok' },
  },
  testPushDevice: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.testPushDevice,
    request: (ctx) => ({ params: { deviceId: ctx.aDevice } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  removePushDevice: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.removePushDevice,
    request: (ctx) => ({ params: { deviceId: ctx.aDevice } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  removeAllPushDevices: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.removeAllPushDevices,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ok' },
  },
  revokeShare: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.revokeShare,
    request: (ctx) => ({ params: { shareId: ctx.aShare } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  deleteStatement: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.deleteStatement,
    request: (ctx) => ({ params: { statementId: ctx.aStatement } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  restoreStatement: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.restoreStatement,
    request: (ctx) => ({ params: { statementId: ctx.aDeleted } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  purgeStatement: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.purgeStatement,
    request: (ctx) => ({ params: { statementId: ctx.aDeletedForGood } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'notFound' },
  },
  account: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.account,
    request: () => ({}),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'ownOnly' },
  },
};

/** Closing A's account, last of all: every caller names A's address; only A's own call begins the deletion. */
const CLOSING: typeof REST = {
  deleteAccount: {
    api: 'statementsApiUrl',
    route: STATEMENT_ROUTES.deleteAccount,
    request: () => ({ body: { confirmEmail: a.email } }),
    expect: { ...tokenless, apiKey: 'denied', userA: 'ok', userB: 'refused' },
  },
};

interface Context {
  aStatement: string;
  /** The checksum S3 verified for A's statement. */
  aChecksum: string;
  /** An upload of A's that the catalogue refused (a PNG declared as a PDF). */
  aRefused: string;
  aUpload: { statementId: string; uploadId: string; size: number };
  /** A share of A's statement. */
  aShare: string;
  /** Two statements of A's in Recently deleted: one to restore, one to delete for good. */
  aDeleted: string;
  aDeletedForGood: string;
  /** A's device with notifications on; and a subscription no one has added (both made by the local push service). */
  aDevice: string;
  newSubscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Two files of A's waiting in Arrived (mailed, naming no account): one to file, one to discard. */
  aWaiting: [string, string];
}

let stack: StackProcess;
let a: TestUser;
let b: TestUser;
let ctx: Context;

const headersFor = (caller: Caller): Record<string, string> => {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'apiKey':
      return { 'x-api-key': stack.config.data.api_key };
    case 'forged':
      return { Authorization: forgedFrom(a.idToken) };
    case 'expired':
      return { Authorization: expiredFrom(a.idToken) };
    case 'otherPool': {
      const claims = JSON.parse(Buffer.from(a.idToken.split('.')[1], 'base64url').toString('utf8'));
      return {
        Authorization: signJwt(
          { ...claims, iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_OtherPool' },
          cognitoLocalPrivateKey.pem,
        ),
      };
    }
    case 'otherClient':
      return { Authorization: otherClientFrom(a.idToken) };
    case 'userA':
      return { Authorization: a.idToken };
    case 'userB':
      return { Authorization: b.idToken };
  }
};

beforeAll(async () => {
  stack = await sharedStack();
  configureAmplify(stack.config);
  a = await newUser(stack, 'a');
  b = await newUser(stack, 'b');
  await uploadAvatar(stack.config, a.idToken, png());
  await waitForAvatar(stack.config, a.idToken);
  const { statementId, bytes } = await uploadStatement(stack.config, a.idToken, {
    fileName: 'matrix-a.pdf',
    contentType: 'application/pdf',
    accountLabel: 'A',
    period: '2024-01',
  });
  const refused = await uploadStatement(stack.config, a.idToken, {
    fileName: 'fake.pdf',
    contentType: 'application/pdf',
    accountLabel: 'A',
    period: '2024-01',
    bytes: png(),
  });
  await waitFor(async () => {
    const answer = await rawGraphql(stack.config, { Authorization: a.idToken }, `{ statement(id: "${statementId}") { id status } }`);
    // Downloadable once its malware scan is clean.
    return (answer.body.data as { statement: { status: string } | null } | undefined)?.statement?.status === 'AVAILABLE' ? true : undefined;
  }, "A's statement");
  const kept = await rawGraphql(
    stack.config,
    { Authorization: a.idToken },
    `mutation { keepPdfPassword(input: { accountKey: "a", password: "${A_PDF_PASSWORD}" }) { pdfPasswordKept } }`,
  );
  if (!(kept.body.data as { keepPdfPassword?: unknown } | undefined)?.keepPdfPassword)
    throw new Error(`A's PDF password: ${JSON.stringify(kept.body)}`);
  await waitFor(async () => {
    const answer = await rawGraphql(
      stack.config,
      { Authorization: a.idToken },
      '{ search(query: "matrix") { hits { statement { id } } } }',
    );
    return (answer.body.data as { search: { hits: unknown[] } } | undefined)?.search.hits.length ? true : undefined;
  }, "A's statement in A's search");
  const size = 50 * 1024 * 1024 + 1;
  const multipart = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, {
    token: a.idToken,
    body: { fileName: 'big.csv', contentType: 'text/csv', size, accountLabel: 'A', period: '2024-01', checksum: checksumForSize(size) },
  });
  await waitFor(async () => {
    const answer = await rawGraphql(stack.config, { Authorization: a.idToken }, `{ uploadRefusal(id: "${refused.statementId}") { id } }`);
    return (answer.body.data as { uploadRefusal: unknown } | undefined)?.uploadRefusal ? true : undefined;
  }, "A's refused upload");
  const [aDeleted, aDeletedForGood] = await Promise.all(
    ['deleted-a.pdf', 'deleted-for-good-a.pdf'].map(async (fileName) => {
      const deleted = await uploadStatement(stack.config, a.idToken, {
        fileName,
        contentType: 'application/pdf',
        accountLabel: 'A',
        period: '2024-01',
      });
      await waitFor(async () => {
        const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.deleteStatement, {
          token: a.idToken,
          params: { statementId: deleted.statementId },
        });
        // 404 until the catalogue records it.
        return answer.status === 204 ? true : undefined;
      }, `A's ${fileName} in Recently deleted`);
      return deleted.statementId;
    }),
  );
  const share = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createShare, {
    token: a.idToken,
    body: { statementIds: [statementId], expiresInSeconds: 3600 },
  });
  if (share.status !== 201) throw new Error(`A's share: ${share.status} ${JSON.stringify(share.body)}`);
  const newSubscription = async () =>
    (
      await fetch(`http://127.0.0.1:${stack.ports.pushService}/subscriptions`, {
        method: 'POST',
        body: JSON.stringify({ applicationServerKey: stack.config.custom.pushPublicKey }),
      })
    ).json();
  const subscription = await newSubscription();
  const device = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.addPushDevice, {
    token: a.idToken,
    body: { subscription },
  });
  if (device.status !== 201) throw new Error(`A's device: ${device.status} ${JSON.stringify(device.body)}`);
  const waitingFile = path.join(__dirname, '..', 'fixtures', 'statements', 'Chase1234_Activity_20240229.CSV');
  const sent = sendMail(stack, await newMailAddress(stack, a), 'Two statements', [waitingFile, waitingFile]);
  if (sent.status !== 0) throw new Error(`A's mail: ${sent.stderr}`);
  const waiting = await waitingFiles(stack, a, 2);
  ctx = {
    aWaiting: [waiting[0].id, waiting[1].id],
    aDevice: device.body.deviceId,
    newSubscription: await newSubscription(),
    aShare: share.body.share.shareId,
    aDeleted,
    aDeletedForGood,
    aStatement: statementId,
    aChecksum: sha256Base64(bytes),
    aRefused: refused.statementId,
    aUpload: { statementId: multipart.body.statementId, uploadId: multipart.body.uploadId, size },
  };
}, 90_000);

const cells = <T extends Record<string, { expect: Record<Caller, Outcome> }>>(table: T) =>
  Object.keys(table).flatMap((operation) => CALLERS.map((caller) => [operation, caller, table[operation].expect[caller]] as const));

test('the matrix covers every operation and route for every caller', () => {
  // Every root field of the schema the CDK app deploys.
  expect(Object.keys(GRAPHQL).sort()).toEqual(RESOLVERS.map((resolver) => resolver.fieldName).sort());
  const named = (route: RouteSpec) => `${route.method} ${route.resource}`;
  expect([...Object.values(REST), ...Object.values(CLOSING)].map((cell) => named(cell.route)).sort()).toEqual(
    [...Object.values(PROFILE_IMAGE_ROUTES), ...Object.values(STATEMENT_ROUTES)].map(named).sort(),
  );
  expect(cells(GRAPHQL).length + cells(REST).length + cells(CLOSING).length).toBe((RESOLVERS.length + 33) * CALLERS.length);
});

describe('GraphQL', () => {
  test.each(cells(GRAPHQL))('%s as %s: %s', async (operation, caller, outcome) => {
    const answer = await rawGraphql(stack.config, headersFor(caller), GRAPHQL[operation].query(ctx));
    const data = answer.body.data as Record<string, any> | null | undefined;
    switch (outcome) {
      case 'denied':
        expect(answer.status).toBe(401);
        expect(answer.body.errors?.[0].errorType).toBe('UnauthorizedException');
        break;
      case 'notAuthorized':
        expect(answer.body.errors?.[0].message).toMatch(/Not Authorized/);
        expect(data?.[operation] ?? null).toBeNull();
        break;
      case 'notFound':
        expect(answer.body.errors).toBeUndefined();
        expect(data?.[operation]).toBeNull();
        break;
      case 'ok':
      case 'ownOnly': {
        expect(answer.body.errors).toBeUndefined();
        const value = data?.[operation];
        expect(value).toBeTruthy();
        const self = caller === 'userB' ? b : a;
        if (operation === 'me' || operation === 'updateProfile') expect(value.userId).toBe(self.sub);
        if (operation === 'statements') {
          for (const item of value.items) expect(item.owner).toBe(self.sub);
          if (caller === 'userA') expect(value.items.map((item: { id: string }) => item.id)).toContain(ctx.aStatement);
        }
        if (operation === 'statement') expect(value.owner).toBe(a.sub);
        if (operation === 'enterBalances') expect(value).toMatchObject({ owner: a.sub, balances: { opening: 10.5, entered: ['opening'] } });
        if (operation === 'accountChain') {
          for (const item of value.items) expect(item.owner).toBe(self.sub);
          expect(value.items.map((item: { id: string }) => item.id)).toEqual(caller === 'userA' ? [ctx.aStatement] : []);
        }
        if (operation === 'updateAccountSchedule') expect(value).toEqual({ accountKey: 'a', cadence: 'QUARTERLY' });
        if (operation === 'updateAccountDetails') expect(value).toEqual({ accountKey: 'a', currency: 'EUR', currencySaid: true });
        if (operation === 'renameAccount') expect(value).toEqual({ accountKey: 'a', label: 'A' });
        if (operation === 'keepPdfPassword') expect(value).toEqual({ accountKey: 'a', pdfPasswordKept: true });
        if (operation === 'pdfPassword') expect(value).toBe(A_PDF_PASSWORD);
        // A's account, period and coverage cell of A's statement; B's summaries hold nothing of A's.
        if (operation === 'accounts' && caller === 'userA') expect(value).toContainEqual(expect.objectContaining({ accountKey: 'a' }));
        if (operation === 'periods' && caller === 'userA') expect(value.map((one: { period: string }) => one.period)).toContain('2024-01');
        if (operation === 'usage' && caller === 'userA') expect(value.statements).toBeGreaterThanOrEqual(1);
        if (operation === 'coverage') {
          const ids = value.cells.flatMap((cell: { statementIds: string[] }) => cell.statementIds);
          if (caller === 'userA') expect(ids).toContain(ctx.aStatement);
          else expect(ids).not.toContain(ctx.aStatement);
        }
        if (operation === 'statementsByChecksum') {
          for (const item of value) expect(item.owner).toBe(self.sub);
          expect(value.map((item: { id: string }) => item.id)).toEqual(caller === 'userA' ? [ctx.aStatement] : []);
        }
        if (operation === 'uploadRefusal') expect(value.reason).toBe('not a PDF: its content is PNG');
        // A's Recently deleted holds A's two; B's holds nothing of A's.
        if (operation === 'deletedStatements')
          expect(value.items.map((item: { id: string }) => item.id).sort()).toEqual(
            caller === 'userA' ? [ctx.aDeleted, ctx.aDeletedForGood].sort() : [],
          );
        if (operation === 'search') {
          expect(value.hits.map((hit: { statement: { id: string; owner: string } }) => hit.statement)).toEqual(
            caller === 'userA' ? [{ id: ctx.aStatement, owner: a.sub }] : [],
          );
        }
        // A's statement is A's only one: no neighbour either way, and B's asking reads as an id that does not exist.
        if (operation === 'statementNeighbours') expect(value).toEqual({ previous: null, next: null });
        // B naming A's statement: the same answer as for an id that does not exist.
        if (operation === 'editStatements')
          expect(value).toEqual(
            caller === 'userA'
              ? { edited: [{ id: ctx.aStatement, owner: a.sub, accountLabel: 'A' }], notFound: [] }
              : { edited: [], notFound: [ctx.aStatement] },
          );
        break;
      }
    }
  });

  test("B's updateProfile left A's profile alone", async () => {
    const answer = await rawGraphql(stack.config, { Authorization: a.idToken }, '{ me { userId displayName } }');
    expect((answer.body.data as { me: { userId: string } }).me.userId).toBe(a.sub);
  });
});

/** The status and error code of each outcome that refuses; none of them signs anything. */
const REST_REFUSALS = {
  denied: [401, 'UNAUTHORIZED'],
  notFound: [404, 'NOT_FOUND'],
  refused: [400, 'BAD_REQUEST'],
} as const;

/** Calls one REST cell as the caller and checks the outcome, and that nothing was signed outside the caller's own prefixes. */
const checkRestCell = async (table: typeof REST, operation: string, caller: Caller, outcome: Outcome) => {
  const cell = table[operation];
  const request = cell.request(ctx);
  const headers = headersFor(caller);
  const answer = await callApi(stack.config, cell.api, cell.route, { headers, ...request });
  const signedKeys = [answer.body?.url, ...(answer.body?.parts ?? []).map((part: { url: string }) => part.url)]
    .filter(Boolean)
    .map((url: string) => decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/')));
  const refusal = REST_REFUSALS[outcome as keyof typeof REST_REFUSALS];
  if (refusal) {
    expect([answer.status, answer.body.error.code]).toEqual(refusal);
    expect(signedKeys).toEqual([]);
    return;
  }
  if (operation === 'completeUpload') {
    // A may complete A's upload; S3 refuses the made-up part, so the answer is a 400, not a 404.
    expect(answer.status).toBe(400);
  } else {
    expect(answer.status).toBeLessThan(300);
  }
  const self = caller === 'userB' ? b : a;
  for (const key of signedKeys) {
    expect(ownerPrefixes(self.sub).some((prefix) => key.startsWith(prefix))).toBe(true);
  }
  if (operation === 'account') expect(answer.body.deletion).toBeUndefined();
  // B's shares are B's: none of A's.
  if (operation === 'listShares')
    expect(answer.body.shares.map((share: { shareId: string }) => share.shareId).includes(ctx.aShare)).toBe(caller === 'userA');
  // B's devices are B's: A's device is listed for A alone.
  if (operation === 'listPushDevices')
    expect(answer.body.devices.map((device: { deviceId: string }) => device.deviceId).includes(ctx.aDevice)).toBe(caller === 'userA');
  // The address made for a caller is theirs: the table names them as its holder, whoever called before.
  if (operation === 'newMailAddress' || (operation === 'mailAddress' && answer.body.address)) {
    const token = mailTokenOf(answer.body.address, LOCAL_IDS.mailDomain);
    expect(token).toBeDefined();
    const holder = await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
      new GetCommand({
        TableName: LOCAL_IDS.tableName,
        Key: { [TABLE_KEYS.partitionKey]: TABLE_KEYS.mailPartition(token!), [TABLE_KEYS.sortKey]: TABLE_KEYS.mailSort },
        ConsistentRead: true,
      }),
    );
    expect(holder.Item?.owner).toBe(self.sub);
  }
  if (operation === 'identifierKey') {
    const secret = fs.readFileSync(dataPaths(stack.dataDir).identifierSecret, 'utf8');
    expect(answer.body.key).toBe(await ownerIdentifierKey(secret, self.sub));
  }
  if (operation === 'getShare') expect(answer.body.statements.map((one: { id: string }) => one.id)).toEqual([ctx.aStatement]);
  if (operation === 'deleteAccount') expect(answer.status).toBe(202);
};

describe('REST', () => {
  test.each(cells(REST))('%s as %s: %s', (operation, caller, outcome) => checkRestCell(REST, operation, caller, outcome));

  test("after B's attempts A's avatar is A's, A's statement was there until A deleted it, and A's restore and deletion for good were A's", async () => {
    const statement = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
      token: a.idToken,
      params: { statementId: ctx.aStatement },
    });
    expect(statement.status).toBe(404);
    const avatar = await callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.downloadUrl, { token: a.idToken });
    expect(avatar.status).toBe(200);
    // A's restore brought A's statement back; A's deletion for good left nothing to restore.
    const restored = await rawGraphql(stack.config, { Authorization: a.idToken }, `{ statement(id: "${ctx.aDeleted}") { id owner } }`);
    expect(restored.body.data).toEqual({ statement: { id: ctx.aDeleted, owner: a.sub } });
    const gone = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.restoreStatement, {
      token: a.idToken,
      params: { statementId: ctx.aDeletedForGood },
    });
    expect(gone.status).toBe(404);
  });
});

describe('closing an account', () => {
  // Closing needs a sign-in from the last few minutes: the earlier cells may have taken longer.
  beforeAll(async () => {
    a = await signInAgain(a);
    b = await signInAgain(b);
  });

  test.each(cells(CLOSING))('%s as %s: %s', (operation, caller, outcome) => checkRestCell(CLOSING, operation, caller, outcome));

  test("only A's own call closed A's account; B's is open and served", async () => {
    const overview = async (user: TestUser) =>
      (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.account, { token: user.idToken })).body as AccountOverview;
    await waitFor(async () => ((await overview(a)).deletion?.state === 'DONE' ? true : undefined), "A's deletion to finish");
    expect((await overview(b)).deletion).toBeUndefined();
    const bUpload = await callApi(stack.config, 'profileImageApiUrl', PROFILE_IMAGE_ROUTES.uploadUrl, {
      token: b.idToken,
      body: { contentType: 'image/png', size: 10, checksum: SOME_SHA256 },
    });
    expect(bUpload.status).toBe(200);
  });
});
