/**
 * The service's CloudWatch metrics, written once: the handlers publish them (Powertools
 * Metrics) and the CDK app alarms on them.
 */
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
  /** Files still without a malware verdict an hour after they arrived, counted by each sweep (alarmed on). */
  scansOverdue: 'ScansOverdue',
  /** Statements whose words were written to their owner's search index. */
  statementsIndexed: 'StatementsIndexed',
  /** A web push notice the push service accepted. */
  pushSent: 'PushSent',
  /** A device the push service says is gone (404, 410): its subscription was removed. */
  pushGone: 'PushGone',
  /** A web push notice the push service refused or never answered (alarmed on: notices fail silently otherwise). */
  pushFailed: 'PushFailed',
  /** A share request answered 429: a link or a network asking faster than the limits (alarmed on). */
  sharesThrottled: 'SharesThrottled',
  /** A late statement told to its owner (once per statement). */
  lateStatementsTold: 'LateStatementsTold',
  /** Days until the web app's API key expires, after each renewal (alarmed on when renewals stop). */
  apiKeyDaysLeft: 'ApiKeyDaysLeft',
} as const;

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];

export const METRICS_NAMESPACE = 'StatementVault';

/**
 * The dimensions of every metric in the namespace, together (CloudWatch keeps one series
 * per combination): the function's service name, and the stage that published it, so a
 * dev test never moves a prod alarm.
 */
export const METRIC_DIMENSIONS = { service: 'service', stage: 'stage' } as const;

/** Each function's service name: its logs' `service` and its metrics' `service` dimension. */
export const SERVICE_NAMES = {
  catalogue: 'catalogue',
  sweep: 'catalogue-sweep',
  scanResults: 'scan-results',
  statementEdits: 'statement-edits',
  statementSearch: 'statement-search',
  statementsApi: 'statements-api',
  shareApi: 'share-api',
  pushNotifier: 'push-notifier',
  apiKeyRenewal: 'api-key-renewal',
  edgeLogRetention: 'edge-log-retention',
  mailIntake: 'mail-intake',
  reminders: 'reminders',
} as const;
