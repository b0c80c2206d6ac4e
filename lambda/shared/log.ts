import { Logger } from '@aws-lambda-powertools/logger';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import type { InvocationMetrics } from './metrics';
import { once } from './once';

/**
 * The logging port of the handlers. Entries are structured: a message and flat fields.
 * Callers pass ids, routes, statuses and sizes, never tokens, headers or presigned URLs;
 * the fuzz tests capture every entry and check that.
 */
export type LogFields = Record<string, string | number | boolean | undefined>;

export interface Log {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Where each trigger carries the id that ties a log line to the request that caused it. */
export const CORRELATION_ID_PATHS = {
  apiGatewayRest: 'requestContext.requestId',
  /** The id of the S3 request that stored or removed the object. */
  s3Notification: 'Records[0].responseElements."x-amz-request-id"',
  eventBridge: 'id',
  /** The id the resolver's request template passes on from AppSync's request. */
  appsyncResolver: 'requestId',
  /** A notice the share function asks the notifier for: the share it is about. */
  shareNotice: 'shareId',
  /** The message SES received (its id is the stored message's name). */
  sesReceipt: 'Records[0].ses.mail.messageId',
} as const;

type Search = typeof import('@aws-lambda-powertools/logger/correlationId').search;

/**
 * Powertools' JMESPath search, which finds the correlation id in an event. It loads zlib and
 * Node's streams for a function of its own, so it is loaded at the first invocation
 * (withLambdaContext awaits it before the logger reads the event), not at cold start.
 */
let loadedSearch: Search | undefined;
const loadSearch = once(async () => {
  loadedSearch = (await import('@aws-lambda-powertools/logger/correlationId')).search;
});
const correlationIdSearch: Search = (expression, data) => {
  if (!loadedSearch) throw new Error('the correlation id search is used before withLambdaContext loaded it');
  return loadedSearch(expression, data);
};

/** Powertools' JSON logger (level from the handler's POWERTOOLS_LOG_LEVEL, default INFO). */
export const createLogger = (serviceName: string, logLevel?: string): Logger =>
  new Logger({ serviceName, correlationIdSearchFn: correlationIdSearch, ...(logLevel ? { logLevel: logLevel as never } : {}) });

export const powertoolsLog = (logger: Logger): Log => ({
  info: (message, fields) => logger.info(message, { ...fields }),
  warn: (message, fields) => logger.warn(message, { ...fields }),
  error: (message, fields) => logger.error(message, { ...fields }),
});

type HandlerMethodDecorator = (target: object, propertyKey: string, descriptor: PropertyDescriptor) => void;

type Invoke<E, R> = (event: E, context: Context) => Promise<R>;

/** Applies a method decorator to a function, as TypeScript's legacy decorators apply one to a method. */
const decorate = <E, R>(decorator: HandlerMethodDecorator, target: object, invoke: Invoke<E, R>): Invoke<E, R> => {
  const descriptor: PropertyDescriptor = { value: invoke };
  decorator(target, 'handler', descriptor);
  return descriptor.value as Invoke<E, R>;
};

/**
 * A Lambda handler with Powertools' own Lambda integrations: every log line carries the
 * Lambda context (function name and version, request id, cold start) and a correlation
 * id taken from the event (`injectLambdaContext`, keys reset after each invocation);
 * the invocation is an X-Ray segment (`captureLambdaHandler`; Tracer switches itself off
 * outside Lambda); metrics added during the invocation are published at its end, when
 * there are any (`logMetrics` would warn on every invocation that counts nothing). The
 * tracer is made at the first invocation (lazyTracer) and its decorator applied then,
 * before that invocation runs, so every invocation is traced; the logger's decorator is
 * outermost, as TypeScript's legacy decorators apply them, innermost first, and the search
 * it finds the correlation id with is loaded before it runs.
 */
export const withLambdaContext = <E, R>(
  logger: Logger,
  correlationIdPath: string,
  handle: (event: E) => Promise<R>,
  extras: { metrics?: Pick<InvocationMetrics, 'publish'>; tracer?: () => Promise<Tracer> } = {},
): Invoke<E, R> => {
  const target = {};
  const invoke: Invoke<E, R> = async (event) => {
    try {
      return await handle(event);
    } finally {
      await extras.metrics?.publish();
    }
  };
  const tracer = extras.tracer;
  let traced: Invoke<E, R> = invoke;
  if (tracer) {
    const decorated = once(async () => decorate((await tracer()).captureLambdaHandler() as HandlerMethodDecorator, target, invoke));
    traced = async (event, context) => (await decorated()).call(target, event, context);
  }
  const logged = decorate(logger.injectLambdaContext({ correlationIdPath, resetKeys: true }) as HandlerMethodDecorator, target, traced);
  return async (event, context) => {
    await loadSearch();
    return logged.call(target, event, context);
  };
};
