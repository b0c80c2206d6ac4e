/**
 * The environment variables the CDK app gives each handler, by name. The constructs set
 * them, the handlers parse them once at cold start, and the local stack passes the same
 * names to the same handler factories.
 */
export const LAMBDA_ENV = {
  bucketName: 'BUCKET_NAME',
  tableName: 'TABLE_NAME',
  /** Comma-separated web origins the presign APIs answer CORS for. */
  allowedOrigins: 'ALLOWED_ORIGINS',
  logLevel: 'POWERTOOLS_LOG_LEVEL',
  /** `true` where nothing collects metrics (the local stack). */
  metricsDisabled: 'POWERTOOLS_METRICS_DISABLED',
  /** The deployment's stage (`dev`, `prod`): every custom metric carries it as a dimension, so stages in one account never mix. */
  stage: 'VAULT_STAGE',
  /** The account deletion worker, which the statements API starts (asynchronously) for each deletion. */
  deletionFunctionName: 'DELETION_FUNCTION_NAME',
  /** The user pool whose users the deletion worker deletes. */
  userPoolId: 'USER_POOL_ID',
  /** The role the deletion worker assumes for each job, narrowed to the job's owner. */
  deletionJobRoleArn: 'DELETION_JOB_ROLE_ARN',
  /** The role the share API assumes for each read of a share, narrowed to its owner and one file. */
  shareReaderRoleArn: 'SHARE_READER_ROLE_ARN',
  /** The push notifier, which the share function invokes (asynchronously) at a share's first opening. */
  notifierFunctionName: 'NOTIFIER_FUNCTION_NAME',
  /** The secret each owner's account-identifier key is derived from (the statements API only). */
  identifierSecretArn: 'IDENTIFIER_SECRET_ARN',
  /** The secret that holds the deployment's VAPID key pair, for the functions that send web push. */
  pushVapidSecretArn: 'PUSH_VAPID_SECRET_ARN',
  /** Who push services may contact about our notices (VAPID's `sub`): a mailto: or https: URL. */
  pushVapidSubject: 'PUSH_VAPID_SUBJECT',
  /** Only on the local stack: further push endpoint origins accepted (its loopback push service), comma-separated. */
  pushExtraOrigins: 'PUSH_EXTRA_ORIGINS',
  /** The domain people's private mail addresses are under (absent: the vault receives no mail). */
  mailDomain: 'MAIL_DOMAIN',
  /** The mail function, which the statements API invokes (asynchronously) to file a waiting file the person placed. */
  mailFunctionName: 'MAIL_FUNCTION_NAME',
  /**
   * Only on the local stack: seconds with no malware verdict after which the sweep asks for
   * another scan (absent: SCAN_WAIT.rescanAfterMinutes.aws).
   */
  scanRetrySeconds: 'SCAN_RETRY_SECONDS',
  /** Milliseconds a function that reads statements' files reads one for (contract/reading/deadline's READING_BUDGET_MS, set smaller in tests). */
  readingBudgetMs: 'READING_BUDGET_MS',
  /** Milliseconds the catalogue's functions read one file's scanned pages for by OCR (contract/reading/deadline's OCR_BUDGET_MS). */
  ocrBudgetMs: 'OCR_BUDGET_MS',
  /** The GraphQL API whose key the renewal function extends. */
  graphqlApiId: 'GRAPHQL_API_ID',
  /** That key's id (AppSync's id of a key is the key itself, which the web app's config carries anyway). */
  graphqlApiKeyId: 'GRAPHQL_API_KEY_ID',
  /** The log group Lambda@Edge writes to in every region (`/aws/lambda/us-east-1.{function}`), whose retention the edge log function sets. */
  edgeLogGroupName: 'EDGE_LOG_GROUP_NAME',
  /** That retention, in days. */
  edgeLogRetentionDays: 'EDGE_LOG_RETENTION_DAYS',
} as const;

export type LambdaEnvName = (typeof LAMBDA_ENV)[keyof typeof LAMBDA_ENV];
