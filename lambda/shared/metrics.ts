import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';

/** The service's business metrics, by name (CloudWatch namespace `StatementVault`). */
export const METRIC_NAMES = {
  /** The statements API signed an upload (single PUT or a multipart upload). */
  uploadsStarted: 'UploadsStarted',
  /** The statements API refused an upload request (type, size, text rules). */
  uploadsRefused: 'UploadsRefused',
  /** A statement file arrived in the bucket and got its record (the upload is complete). */
  uploadsCompleted: 'UploadsCompleted',
  /** Records the catalogue wrote (events and the sweep), avatars included. */
  statementsCatalogued: 'StatementsCatalogued',
  /** A file arrived whose content or checksum is not what was declared; it was refused. */
  contentRefused: 'ContentRefused',
  /** The malware scan found a threat in an uploaded file; it is quarantined (alarmed on). */
  threatsFound: 'ThreatsFound',
} as const;

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];

export const METRICS_NAMESPACE = 'StatementVault';

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
