import type { Context } from 'aws-lambda';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LAMBDA_ENV, STATEMENT_ROUTES } from '../../contract';
import { SOME_SHA256, apiEvent } from '../support/lambda-fakes';

/**
 * Every log line of a handler carries the Lambda context (through Powertools'
 * injectLambdaContext) and the correlation id of the request that caused it. The handler
 * is the one the Lambda runs (its factory, with the environment the CDK app sets).
 */
const context = (awsRequestId: string): Context =>
  ({
    functionName: 'statements-api',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:statements-api',
    memoryLimitInMB: '256',
    awsRequestId,
    getRemainingTimeInMillis: () => 10_000,
  }) as Context;

const captureLines = async (run: () => Promise<unknown>): Promise<Record<string, unknown>[]> => {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return lines
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

/**
 * The secrets the CDK app names for the statements API (the VAPID one read only when a notice
 * is sent, the identifier one when an owner asks for their key; these tests do neither).
 */
const PUSH_ENV = {
  [LAMBDA_ENV.pushVapidSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:vapid-keys-AbCdEf',
  [LAMBDA_ENV.pushVapidSubject]: 'https://vault.example.com',
  [LAMBDA_ENV.identifierSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:account-identifiers-AbCdEf',
};

test('log lines carry the function, the Lambda request id, cold start and the API Gateway request id', async () => {
  // Lambda sets this; Powertools reports a cold start only for on-demand sandboxes.
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
  const { createStatementsHandler } = await import('../../lambda/statements/handler');
  const handler = createStatementsHandler({
    [LAMBDA_ENV.bucketName]: 'bucket',
    [LAMBDA_ENV.tableName]: 'table',
    [LAMBDA_ENV.logLevel]: 'INFO',
    ...PUSH_ENV,
  });
  // Without the authorizer's claims: refused before any call to AWS, which this test has none of.
  const request = (requestId: string) => ({
    ...apiEvent({ ...STATEMENT_ROUTES.deleteStatement, pathParameters: { statementId: 'not-an-id' } }),
    requestContext: { ...apiEvent({ ...STATEMENT_ROUTES.deleteStatement }).requestContext, authorizer: undefined, requestId },
  });

  const first = await captureLines(() => handler(request('api-request-1'), context('lambda-request-1')));
  const second = await captureLines(() => handler(request('api-request-2'), context('lambda-request-2')));

  expect(first).toEqual([
    expect.objectContaining({
      level: 'INFO',
      message: 'request refused',
      service: 'statements-api',
      function_name: 'statements-api',
      function_request_id: 'lambda-request-1',
      cold_start: true,
      correlation_id: 'api-request-1',
      status: 401,
    }),
  ]);
  // The next invocation's lines carry its own ids, and no longer a cold start.
  expect(second).toEqual([
    expect.objectContaining({ function_request_id: 'lambda-request-2', correlation_id: 'api-request-2', cold_start: false }),
  ]);
});

test('uploads started and refused are counted as CloudWatch metrics (EMF), published once per invocation', async () => {
  const { createStatementsHandler } = await import('../../lambda/statements/handler');
  // A table that grants every quota reservation (this test is about metrics; the quota's own tests use DynamoDB Local).
  const table = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'),
  );
  await new Promise<void>((resolve) => table.listen(0, '127.0.0.1', resolve));
  const handler = createStatementsHandler(
    { [LAMBDA_ENV.bucketName]: 'bucket', [LAMBDA_ENV.tableName]: 'table', [LAMBDA_ENV.logLevel]: 'ERROR', ...PUSH_ENV },
    {
      credentials: { accessKeyId: 'AKIAEXAMPLE000000000', secretAccessKey: 'example/secret/example/secret/example000' },
      endpoints: { dynamodb: `http://127.0.0.1:${(table.address() as AddressInfo).port}` },
    },
  );
  const upload = (contentType: string) =>
    apiEvent({
      ...STATEMENT_ROUTES.createUpload,
      body: { fileName: 'a.pdf', contentType, size: 10, accountLabel: 'Main', period: '2024-01', checksum: SOME_SHA256 },
    });
  const emf = (lines: Record<string, unknown>[]) => lines.filter((line) => '_aws' in line);

  const started = emf(await captureLines(() => handler(upload('application/pdf'), context('started'))));
  expect(started).toEqual([
    expect.objectContaining({
      _aws: expect.objectContaining({
        CloudWatchMetrics: [expect.objectContaining({ Namespace: 'StatementVault', Metrics: [{ Name: 'UploadsStarted', Unit: 'Count' }] })],
      }),
      UploadsStarted: 1,
      service: 'statements-api',
    }),
  ]);
  const refused = emf(await captureLines(() => handler(upload('application/zip'), context('refused'))));
  expect(refused).toEqual([expect.objectContaining({ UploadsRefused: 1 })]);
  // A route that counts nothing publishes nothing (and warns about nothing).
  const quiet = await captureLines(() =>
    handler(apiEvent({ ...STATEMENT_ROUTES.deleteStatement, pathParameters: { statementId: 'bad' } }), context('quiet')),
  );
  expect(emf(quiet)).toEqual([]);
  await new Promise((resolve) => table.close(resolve));
});

test('a value in a unit of its own (the API key renewal days left) is published with that unit, and metrics switched off publish nothing', async () => {
  const { createMetrics } = await import('../../lambda/shared/metrics');
  const { createLogger, withLambdaContext } = await import('../../lambda/shared/log');
  const logger = createLogger('api-key-renewal', 'ERROR');
  const run = (disabled: boolean) => {
    const metrics = createMetrics('api-key-renewal', disabled);
    return withLambdaContext(
      logger,
      'id',
      async () => {
        metrics.record('ApiKeyDaysLeft', 'None', 364);
        return 'renewed';
      },
      { metrics },
    );
  };

  const published = await captureLines(async () => expect(await run(false)({ id: 'event-1' }, context('on'))).toBe('renewed'));
  expect(published).toEqual([
    expect.objectContaining({
      _aws: expect.objectContaining({
        CloudWatchMetrics: [expect.objectContaining({ Metrics: [{ Name: 'ApiKeyDaysLeft', Unit: 'None' }] })],
      }),
      ApiKeyDaysLeft: 364,
      service: 'api-key-renewal',
    }),
  ]);
  expect(await captureLines(() => run(true)({ id: 'event-2' }, context('off')))).toEqual([]);
});

test("every metric carries its function's service and stage as its dimensions, so one account's stages never mix", async () => {
  const { createMetrics } = await import('../../lambda/shared/metrics');
  const { createLogger, withLambdaContext } = await import('../../lambda/shared/log');
  const logger = createLogger('scan-results', 'ERROR');
  const metrics = createMetrics('scan-results', false, 'prod');
  const handler = withLambdaContext(
    logger,
    'id',
    async () => {
      metrics.count('ThreatsFound');
      return 'counted';
    },
    { metrics },
  );
  const published = (await captureLines(() => handler({ id: 'event-1' }, context('staged')))).filter((line) => '_aws' in line);
  expect(published).toEqual([
    expect.objectContaining({
      _aws: expect.objectContaining({ CloudWatchMetrics: [expect.objectContaining({ Dimensions: [['service', 'stage']] })] }),
      service: 'scan-results',
      stage: 'prod',
      ThreatsFound: 1,
    }),
  ]);
});
