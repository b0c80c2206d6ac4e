import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, type MetricName } from '../../contract/metrics';

export { METRICS_NAMESPACE, METRIC_NAMES, SERVICE_NAMES, type MetricName } from '../../contract/metrics';

/** The metrics port of the handlers: counts, published once per invocation. */
export interface MetricsPort {
  count(name: MetricName, value?: number): void;
}

export const noMetrics: MetricsPort = { count: () => undefined };

/** Powertools Metrics (EMF in the function's log), or none where metrics are switched off (the local stack). */
export const createMetrics = (serviceName: string, disabled: boolean): Metrics | undefined =>
  disabled ? undefined : new Metrics({ namespace: METRICS_NAMESPACE, serviceName });

export const powertoolsMetrics = (metrics: Metrics | undefined): MetricsPort =>
  metrics ? { count: (name, value = 1) => void metrics.addMetric(name, MetricUnit.Count, value) } : noMetrics;
