import type { Context } from 'aws-lambda';
import * as dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { LAMBDA_ENV } from '../../contract';

/**
 * The handlers make Powertools' Tracer (and load the X-Ray SDK) at their first invocation,
 * not at cold start. On Lambda every invocation is still the handler's subsegment: the first
 * one too, with ColdStart set, then the next without. Lambda's environment is set here as
 * its runtime sets it (jest gives each test file its own copy of it), and the X-Ray daemon
 * is a UDP socket that keeps what the SDK sends.
 */
const TRACE = (n: number) => `Root=1-5759e988-bd862e3fe1be46a99427279${n};Parent=53995c3f42cd8ad${n};Sampled=1`;

const context = (awsRequestId: string): Context =>
  ({ functionName: 'statement-search', awsRequestId, getRemainingTimeInMillis: () => 10_000 }) as Context;

test('the first invocation is traced, though the tracer is made in it', async () => {
  const daemon = dgram.createSocket('udp4');
  const documents: Record<string, unknown>[] = [];
  daemon.on('message', (message) => documents.push(JSON.parse(message.toString().split('\n')[1]) as Record<string, unknown>));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: 'statement-search',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    LAMBDA_TASK_ROOT: __dirname,
    _HANDLER: 'index.handler',
    AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${(daemon.address() as AddressInfo).port}`,
  });
  const { createStatementSearchHandler } = await import('../../lambda/statement-search/handler');
  const handler = createStatementSearchHandler({ [LAMBDA_ENV.bucketName]: 'bucket', [LAMBDA_ENV.tableName]: 'table' });
  // No signed-in owner: answered before any call to AWS, which this test has none of.
  const ask = { field: 'search' as const, owner: 'nobody', arguments: { query: 'x' } };

  for (const n of [1, 2]) {
    process.env._X_AMZN_TRACE_ID = TRACE(n);
    expect(await handler(ask, context(`request-${n}`))).toEqual({ error: expect.objectContaining({ type: 'Unauthorized' }) });
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  daemon.close();

  const handlerSegments = documents.filter((document) => document.name === '## index.handler');
  expect(handlerSegments).toEqual([
    expect.objectContaining({
      trace_id: '1-5759e988-bd862e3fe1be46a994272791',
      parent_id: '53995c3f42cd8ad1',
      annotations: { ColdStart: true, Service: 'statement-search' },
    }),
    expect.objectContaining({
      trace_id: '1-5759e988-bd862e3fe1be46a994272792',
      parent_id: '53995c3f42cd8ad2',
      annotations: { ColdStart: false, Service: 'statement-search' },
    }),
  ]);
});
