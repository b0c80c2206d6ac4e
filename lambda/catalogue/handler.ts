import type { S3Event } from 'aws-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { SERVICE_NAMES, createMetrics, powertoolsMetrics } from '../shared/metrics';
import { dynamoDeviceStore } from '../shared/push/devices';
import { pushSenderOf } from '../shared/push/runtime';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, createS3Client, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { s3ObjectStore } from '../shared/s3';
import { readContentText } from '../shared/search/content';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { s3RangeSource } from '../shared/search/s3-ranges';
import { createCatalogue, type CatalogueDeps } from './core';
import { createScanResults, type ScanResultEvent } from './scan-results';
import { createSweep } from './sweep';
import { s3VersionedObjects } from '../account/objects';
import { dynamoAccountRecords } from '../account/records';

const catalogueDeps = (serviceName: string, env: Record<string, string | undefined>, access: AwsAccess) => {
  const settings = parseEnvironment(env);
  const logger = createLogger(serviceName, settings.logLevel);
  const metrics = createMetrics(serviceName, settings.metricsDisabled);
  const tracer = new Tracer({ serviceName });
  const s3 = tracer.captureAWSv3Client(createS3Client(access));
  const dynamodb = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const accountRecords = dynamoAccountRecords(settings.tableName, dynamodb);
  const log = powertoolsLog(logger);
  const metricsPort = powertoolsMetrics(metrics);
  const deps: CatalogueDeps = {
    objects: s3ObjectStore(s3, settings.bucketName),
    records: dynamoRecordStore(settings.tableName, dynamodb),
    log,
    metrics: metricsPort,
    notify: pushSenderOf(settings, access, { devices: dynamoDeviceStore(settings.tableName, dynamodb), log, metrics: metricsPort }),
    closing: async (owner) => (await accountRecords.get(owner)) !== undefined,
    search: {
      index: dynamoSearchIndex(settings.tableName, dynamodb),
      readContent: (statement) =>
        readContentText(s3RangeSource(s3, settings.bucketName, statement.key, statement.size), statement.contentType),
    },
  };
  return { logger, deps, settings, s3, extras: { metrics, tracer } };
};

/** The catalogue's Lambda handler (S3 event notifications). */
export const createCatalogueHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const { logger, deps, extras } = catalogueDeps(SERVICE_NAMES.catalogue, env, access);
  const catalogue = createCatalogue(deps);
  return withLambdaContext(logger, CORRELATION_ID_PATHS.s3Notification, (event: S3Event) => catalogue(event), extras);
};

/** The scan-result function's Lambda handler (GuardDuty's scan results through EventBridge). */
export const createScanResultsHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const { logger, deps, settings, extras } = catalogueDeps(SERVICE_NAMES.scanResults, env, access);
  const scanResults = createScanResults({ ...deps, bucketName: settings.bucketName });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, (event: ScanResultEvent) => scanResults(event), extras);
};

/** The sweep's Lambda handler (a scheduled EventBridge event). */
export const createSweepHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const { logger, deps, settings, s3, extras } = catalogueDeps(SERVICE_NAMES.sweep, env, access);
  const sweep = createSweep({ ...deps, versions: s3VersionedObjects(s3, settings.bucketName) });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, (_event: unknown) => sweep(), extras);
};
