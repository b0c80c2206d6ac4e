import type { Tracer } from '@aws-lambda-powertools/tracer';
import { once } from './once';

/**
 * Powertools' Tracer, made at the first invocation rather than at cold start: the X-Ray
 * SDK under it is one of the largest modules a handler evaluates, and nothing is traced
 * before an invocation. withLambdaContext makes it before running the first invocation,
 * and each handler wraps its AWS clients with it as it makes them, which is at that
 * invocation too.
 */
export const lazyTracer = (serviceName: string): (() => Promise<Tracer>) =>
  once(async () => {
    const { Tracer } = await import('@aws-lambda-powertools/tracer');
    return new Tracer({ serviceName });
  });
