import * as http from 'node:http';
import {
  AmplifyAppSyncSimulator,
  AmplifyAppSyncSimulatorAuthenticationType as AuthType,
  RESOLVER_KIND,
} from '@aws-amplify/amplify-appsync-simulator';
import { REGION } from '../contract';
import { RESOLVERS, TABLE_DATA_SOURCES, readSchema, type DataSourceName } from '../graphql/resolvers';
import type { TokenVerifier } from './auth/token-verifier';
import { apiKeyAccepted, createAppSyncControlPlane, type LocalApiKey } from './appsync-control';
import { convertSetsAsAppSyncDoes } from './appsync-sets';
import { sealPageTokensAsAppSyncDoes } from './appsync-tokens';
import { settingsProblems, type GraphqlApiSettings } from './appsync-limits';
import {
  answerPreflight,
  listenInFront,
  readBody,
  requestTarget,
  safeHandler,
  sendJson,
  upstreamAgent,
  type FrontedEmulator,
} from './http';
import { freePort } from './ports';
import { HOST } from './settings';

/** AppSync's limit on a request's size. */
const MAX_REQUEST_BYTES = 1024 * 1024;

const unauthorized = (message: string) => ({ errors: [{ errorType: 'UnauthorizedException', message }] });

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, x-api-key, authorization, x-amz-user-agent, x-amz-date',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '600',
};

export type LocalAppSync = FrontedEmulator;

/**
 * AppSync for the local stack: Amplify's AppSync simulator runs the schema and the VTL
 * resolvers of `graphql/` (the ones the CDK app deploys) on DynamoDB Local. The simulator
 * only decodes JWTs, so a front does what AppSync does first: a request with `x-api-key`
 * is in API-key mode and needs the right key; any other needs a user-pool token whose
 * signature, issuer, client and expiry check out. The same port answers the control-plane
 * calls the stack makes (the key's renewal), as AppSync's regional endpoint does.
 */
export const startLocalAppSync = async (input: {
  port: number;
  dynamoPort: number;
  tableName: string;
  /** The API's id and its one key (its expiry moves when UpdateApiKey sets it). */
  apiId: string;
  apiKey: LocalApiKey;
  /** Who signs control-plane calls, and what their policies allow. */
  control: Pick<Parameters<typeof createAppSyncControlPlane>[0], 'identities' | 'authorizer' | 'accountId'>;
  tokens: TokenVerifier;
  /** The deployed API's introspection and depth settings. */
  settings: GraphqlApiSettings;
  /** The key page tokens are sealed with (32 bytes, kept across restarts). */
  pageTokenKey: Buffer;
  /** What each of the table's data sources signs its DynamoDB calls with (its role's credentials). */
  credentials: Record<(typeof TABLE_DATA_SOURCES)[number], { accessKeyId: string; secretAccessKey: string }>;
  /** The Lambda data sources: each invokes the real handler with the resolver's payload. */
  lambdas: Record<Exclude<DataSourceName, (typeof TABLE_DATA_SOURCES)[number] | 'none'>, (payload: unknown) => Promise<unknown>>;
}): Promise<LocalAppSync> => {
  const [innerPort, wsPort] = [await freePort(), await freePort()];
  const simulator = new AmplifyAppSyncSimulator({ port: innerPort, wsPort });
  simulator.init({
    schema: { content: readSchema() },
    resolvers: RESOLVERS.map((resolver) =>
      resolver.steps
        ? {
            kind: RESOLVER_KIND.PIPELINE,
            typeName: resolver.typeName,
            fieldName: resolver.fieldName,
            functions: resolver.steps.map((step) => step.name),
            requestMappingTemplate: resolver.requestTemplate,
            responseMappingTemplate: resolver.responseTemplate,
          }
        : {
            kind: RESOLVER_KIND.UNIT,
            typeName: resolver.typeName,
            fieldName: resolver.fieldName,
            dataSourceName: resolver.dataSource,
            requestMappingTemplate: resolver.requestTemplate,
            responseMappingTemplate: resolver.responseTemplate,
          },
    ),
    // Each pipeline step as an AppSync function on its resolver's data source; the
    // simulator finds a function's templates by path.
    functions: RESOLVERS.flatMap((resolver) =>
      (resolver.steps ?? []).map((step) => ({
        name: step.name,
        dataSourceName: step.dataSource ?? resolver.dataSource,
        requestMappingTemplateLocation: `functions/${step.name}.req.vtl`,
        responseMappingTemplateLocation: `functions/${step.name}.res.vtl`,
      })),
    ),
    mappingTemplates: RESOLVERS.flatMap((resolver) =>
      (resolver.steps ?? []).flatMap((step) => [
        { path: `functions/${step.name}.req.vtl`, content: step.requestTemplate },
        { path: `functions/${step.name}.res.vtl`, content: step.responseTemplate },
      ]),
    ),
    dataSources: [
      ...TABLE_DATA_SOURCES.map((name) => ({
        type: 'AMAZON_DYNAMODB' as const,
        name,
        // The simulator passes its config on to the SDK client, which takes `credentials`.
        config: {
          endpoint: `http://${HOST}:${input.dynamoPort}`,
          region: REGION,
          tableName: input.tableName,
          ...{ credentials: input.credentials[name] },
        },
      })),
      { type: 'NONE', name: 'none' },
      ...Object.entries(input.lambdas).map(([name, invoke]) => ({ type: 'AWS_LAMBDA' as const, name, invoke })),
    ],
    appSync: {
      name: 'statement-vault-local',
      defaultAuthenticationType: { authenticationType: AuthType.API_KEY },
      apiKey: input.apiKey.id,
      additionalAuthenticationProviders: [{ authenticationType: AuthType.AMAZON_COGNITO_USER_POOLS, cognitoUserPoolConfig: {} }],
    },
  });
  convertSetsAsAppSyncDoes();
  sealPageTokensAsAppSyncDoes(input.pageTokenKey);
  await simulator.start();
  const agent = upstreamAgent();
  const control = createAppSyncControlPlane({ apiId: input.apiId, key: input.apiKey, ...input.control });

  const server = http.createServer(
    safeHandler('appsync', async (request, response) => {
      if (request.method === 'OPTIONS') return answerPreflight(request, response, CORS, 200);
      const pathname = requestTarget(request.url)?.pathname;
      if (pathname && (await control(request, response, pathname))) return;
      if (pathname !== '/graphql' || request.method !== 'POST') {
        sendJson(response, 404, { errors: [{ errorType: 'NotFound', message: 'POST /graphql' }] }, CORS);
        return;
      }
      const apiKey = request.headers['x-api-key'];
      if (apiKey !== undefined) {
        // A key past its expiry is refused as a wrong one is.
        if (typeof apiKey !== 'string' || !apiKeyAccepted(input.apiKey, apiKey)) {
          request.resume();
          sendJson(response, 401, unauthorized('You are not authorized to make this call.'), CORS);
          return;
        }
      } else if (!(await input.tokens.verifyEither(request.headers.authorization))) {
        request.resume();
        sendJson(response, 401, unauthorized('Valid authorization header not provided.'), CORS);
        return;
      }
      const body = await readBody(request, MAX_REQUEST_BYTES).catch(() => undefined);
      if (!body) return sendJson(response, 413, { errors: [{ errorType: 'PayloadTooLarge', message: 'The request is too large.' }] }, CORS);
      let parsed: { query?: unknown } | undefined;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const problems = settingsProblems(parsed?.query, input.settings);
      if (problems.length > 0) return sendJson(response, 200, { data: null, errors: problems }, CORS);
      const upstream = http.request(
        {
          agent,
          host: HOST,
          port: innerPort,
          method: 'POST',
          path: '/graphql',
          headers: { ...request.headers, 'content-length': String(body.length) },
        },
        (answer) => {
          // The simulator adds its own CORS headers; AppSync's (ours) replace them.
          const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')));
          response.writeHead(answer.statusCode ?? 502, { ...headers, ...CORS });
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => sendJson(response, 502, { errors: [{ errorType: 'BadGateway', message: error.message }] }, CORS));
      upstream.end(body);
    }),
  );
  return listenInFront(server, input.port, agent, () => simulator.stop());
};
