import type { MetricUnit as MetricUnits } from '@aws-lambda-powertools/metrics';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { METRIC_DIMENSIONS, METRICS_NAMESPACE, type MetricName } from '../../contract/metrics';
import { once } from './once';

export { METRIC_DIMENSIONS, METRICS_NAMESPACE, METRIC_NAMES, SERVICE_NAMES, type MetricName } from '../../contract/metrics';

/** A CloudWatch unit, as Powertools names it ('Count', 'None', …). */
type MetricUnit = (typeof MetricUnits)[keyof typeof MetricUnits];

/** The metrics port of the handlers: counts, published once per invocation. */
export interface MetricsPort {
  count(name: MetricName, value?: number): void;
}

export const noMetrics: MetricsPort = { count: () => undefined };

/**
 * A handler's metrics: what an invocation counts, published at its end (withLambdaContext)
 * through Powertools Metrics as EMF lines in the function's log. Powertools Metrics loads at
 * the first invocation that counted something: most routes count nothing, and they never
 * load it.
 */
export interface InvocationMetrics extends MetricsPort {
  /** A value in a unit other than a count (the API key's days left). */
  record(name: MetricName, unit: MetricUnit, value: number): void;
  /** Publishes what this invocation recorded, if anything, and forgets it. */
  publish(): Promise<void>;
}

/**
 * Powertools Metrics for a service, or metrics that publish nothing where they are switched
 * off (the local stack). Each metric carries the service and the stage (the function's
 * VAULT_STAGE, which the CDK app sets on every function of ours) as its dimensions.
 */
export const createMetrics = (
  serviceName: string,
  disabled: boolean,
  stage: string | undefined = process.env[LAMBDA_ENV.stage],
): InvocationMetrics => {
  const recorded: { name: MetricName; unit: MetricUnit; value: number }[] = [];
  const powertools = once(async () => {
    const { Metrics } = await import('@aws-lambda-powertools/metrics');
    return new Metrics({
      namespace: METRICS_NAMESPACE,
      serviceName,
      ...(stage ? { defaultDimensions: { [METRIC_DIMENSIONS.stage]: stage } } : {}),
    });
  });
  const record = (name: MetricName, unit: MetricUnit, value: number) => {
    if (!disabled) recorded.push({ name, unit, value });
  };
  return {
    count: (name, value = 1) => record(name, 'Count', value),
    record,
    async publish() {
      if (recorded.length === 0) return;
      const batch = recorded.splice(0);
      const metrics = await powertools();
      for (const { name, unit, value } of batch) metrics.addMetric(name, unit, value);
      metrics.publishStoredMetrics();
    },
  };
};
