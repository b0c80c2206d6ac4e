import { AppSyncClient, ListApiKeysCommand, UpdateApiKeyCommand } from '@aws-sdk/client-appsync';
import type { Context } from 'aws-lambda';
import * as http from 'node:http';
import { API_KEY_RENEWAL, LAMBDA_ENV, REGION } from '../../contract';
import { createApiKeyRenewalHandler } from '../../lambda/api-key/handler';
import { apiKeyAccepted, createAppSyncControlPlane, deployedApiKey, type LocalApiKey } from '../../local/appsync-control';
import { LOCAL_ACCOUNT_ID, buildAccessModel, type AccessModel, type PrincipalName } from '../../local/iam/access-model';
import { createAuthorizer } from '../../local/iam/authorizer';
import { createIdentities } from '../../local/iam/identities';
import { listen, requestTarget, type RunningServer } from '../../local/http';
import { HOST, LOCAL_CREDENTIALS } from '../../local/settings';

/**
 * The API key's renewal through the real path: the renewal's handler, with the real AppSync
 * SDK client and its own role's credentials, against the local AppSync control plane, which
 * checks each call's signature and holds it to the policies the CDK app synthesizes.
 */
const API_ID = 'renewaltestapi000000000000';
const DAY = 24 * 60 * 60;

let model: AccessModel;
let server: RunningServer;
let key: LocalApiKey;
let identities: ReturnType<typeof createIdentities>;

beforeAll(async () => {
  model = buildAccessModel({ bucketName: 'api-key-test', tableName: 'api-key-test' });
  identities = createIdentities(model);
  key = deployedApiKey('da2-renewaltestkey', Date.now() - 200 * DAY * 1000);
  const control = createAppSyncControlPlane({
    apiId: API_ID,
    accountId: LOCAL_ACCOUNT_ID,
    key,
    identities,
    authorizer: createAuthorizer(model),
  });
  server = await listen(
    http.createServer((request, response) => {
      void control(request, response, requestTarget(request.url)?.pathname ?? '/').then((handled) => {
        if (!handled) response.writeHead(404).end();
      });
    }),
    0,
  );
}, 60_000);

afterAll(() => server.close());

const endpoint = () => `http://${HOST}:${server.port}`;
const clientAs = (name: PrincipalName | 'account') =>
  new AppSyncClient({
    region: REGION,
    endpoint: endpoint(),
    credentials: name === 'account' ? LOCAL_CREDENTIALS : identities.credentialsOf(name),
  });
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: Error & { $metadata?: { httpStatusCode?: number } }) => ({ name: error.name, status: error.$metadata?.httpStatusCode }),
  );

const renewal = (keyId = key.id) =>
  createApiKeyRenewalHandler(
    {
      [LAMBDA_ENV.graphqlApiId]: API_ID,
      [LAMBDA_ENV.graphqlApiKeyId]: keyId,
      [LAMBDA_ENV.logLevel]: 'SILENT',
      [LAMBDA_ENV.metricsDisabled]: 'true',
    },
    { credentials: identities.credentialsOf('apiKeyRenewal'), endpoints: { appsync: endpoint() } },
  )({ id: 'schedule' }, { awsRequestId: 'test', functionName: 'api-key-renewal' } as Context);

test('a key deployed 200 days ago is renewed to a year ahead, by the renewal under its own role', async () => {
  expect((key.expires - Date.now() / 1000) / DAY).toBeLessThan(166);
  const report = await renewal();
  expect(report.daysLeft).toBeGreaterThan(API_KEY_RENEWAL.lifetimeDays - 1 / 24);
  expect(report.daysLeft).toBeLessThanOrEqual(API_KEY_RENEWAL.lifetimeDays);
  // What AppSync now keeps, read back by the account.
  const { apiKeys } = await clientAs('account').send(new ListApiKeysCommand({ apiId: API_ID }));
  expect(apiKeys?.[0]).toMatchObject({ id: key.id, expires: Date.parse(report.expiresAt) / 1000 });
  expect(apiKeyAccepted(key, key.id)).toBe(true);
});

test('no other principal of the stack may update the key: AccessDeniedException, and the expiry stays', async () => {
  const before = key.expires;
  for (const name of ['statementsApi', 'webServer', 'shareApi', 'statementSearch'] as const) {
    expect(await failureOf(clientAs(name).send(new UpdateApiKeyCommand({ apiId: API_ID, id: key.id, expires: before - 3600 })))).toEqual({
      name: 'AccessDeniedException',
      status: 403,
    });
  }
  expect(key.expires).toBe(before);
});

test("AppSync's bounds hold: under a day or over 365 days is refused; a wrong key id is not found", async () => {
  const now = Math.floor(Date.now() / 1000);
  const renewer = clientAs('apiKeyRenewal');
  for (const expires of [now + 3600, now + 366 * DAY])
    expect(await failureOf(renewer.send(new UpdateApiKeyCommand({ apiId: API_ID, id: key.id, expires })))).toEqual({
      name: 'ApiKeyValidityOutOfBoundsException',
      status: 400,
    });
  await expect(renewal('da2-notthiskey')).rejects.toMatchObject({ name: 'NotFoundException' });
});

test('an unsigned or wrongly signed call is refused before any policy', async () => {
  const forged = new AppSyncClient({
    region: REGION,
    endpoint: endpoint(),
    credentials: { accessKeyId: identities.credentialsOf('apiKeyRenewal').accessKeyId, secretAccessKey: 'not-the-secret' },
  });
  expect(await failureOf(forged.send(new UpdateApiKeyCommand({ apiId: API_ID, id: key.id, expires: key.expires })))).toEqual({
    name: 'InvalidSignatureException',
    status: 403,
  });
});

test('a key past its expiry is refused as a wrong one is', () => {
  const lapsed: LocalApiKey = { id: 'da2-lapsed', expires: Math.floor(Date.now() / 1000) - 1 };
  expect(apiKeyAccepted(lapsed, 'da2-lapsed')).toBe(false);
  expect(apiKeyAccepted({ ...lapsed, expires: lapsed.expires + 3600 }, 'da2-lapsed')).toBe(true);
  expect(apiKeyAccepted({ ...lapsed, expires: lapsed.expires + 3600 }, 'da2-other')).toBe(false);
});
