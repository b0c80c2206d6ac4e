import type { Tracer } from '@aws-lambda-powertools/tracer';
import { s3VersionedObjects } from '../account/objects';
import { dynamoAccountRecords } from '../account/records';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import type { MetricsPort } from '../shared/metrics';
import { dynamoDeviceStore } from '../shared/push/devices';
import { pushSenderOf } from '../shared/push/runtime';
import { statementAccountKey } from '../../contract/keys';
import { ownerKeysWith } from '../shared/secrets';
import { dynamoRecordStore } from '../shared/records';
import { dynamoPdfPasswords } from '../shared/records/pdf-passwords';
import { dynamoReminderStore } from '../shared/reminders/store';
import { malwareScanRequestWith } from '../shared/malware-scans';
import { createDynamoDbClient, createS3Client, type AwsAccess } from '../shared/runtime';
import { s3ObjectStore } from '../shared/s3';
import { readContentText } from '../shared/search/content';
import { dynamoSearchIndex } from '../shared/search/index-store';
import { s3RangeSource } from '../shared/search/s3-ranges';
import { createCatalogue, type CatalogueDeps } from './core';
import { createScanResults } from './scan-results';
import { createSweep } from './sweep';

/** What the catalogue's three functions share: their clients and ports, made at a function's first invocation (handler.ts). */
const catalogueDeps = (settings: HandlerEnvironment, access: AwsAccess, log: Log, metrics: MetricsPort, tracer: Tracer) => {
  const s3 = tracer.captureAWSv3Client(createS3Client(access));
  const dynamodb = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const accountRecords = dynamoAccountRecords(settings.tableName, dynamodb);
  const pdfPasswords = dynamoPdfPasswords(settings.tableName, dynamodb);
  const deps: CatalogueDeps = {
    objects: s3ObjectStore(s3, settings.bucketName),
    records: dynamoRecordStore(settings.tableName, dynamodb),
    log,
    metrics,
    notify: pushSenderOf(settings, access, { devices: dynamoDeviceStore(settings.tableName, dynamodb), log, metrics }),
    reminders: dynamoReminderStore(settings.tableName, dynamodb),
    closing: async (owner) => (await accountRecords.get(owner)) !== undefined,
    search: {
      index: dynamoSearchIndex(settings.tableName, dynamodb),
      // A protected PDF is read with the password its owner keeps for its account, if any.
      readContent: (statement) =>
        readContentText(s3RangeSource(s3, settings.bucketName, statement.key, statement.size), statement.contentType, {
          pdfPassword: () => pdfPasswords.kept(statement.owner, statementAccountKey(statement)),
          ...(settings.readingBudgetMs !== undefined ? { budgetMs: settings.readingBudgetMs } : {}),
          ...(settings.ocrBudgetMs !== undefined ? { ocrBudgetMs: settings.ocrBudgetMs } : {}),
        }),
      // The account numbers in a statement's text are kept hashed under its owner's key.
      ownerKey: ownerKeysWith(settings, access),
    },
  };
  return { deps, s3, pdfPasswords };
};

export type CatalogueParts = Parameters<typeof catalogueDeps>;

export const catalogueOf = (...parts: CatalogueParts) => createCatalogue(catalogueDeps(...parts).deps);

export const scanResultsOf = (...parts: CatalogueParts) =>
  createScanResults({ ...catalogueDeps(...parts).deps, bucketName: parts[0].bucketName });

export const sweepOf = (...parts: CatalogueParts) => {
  const { deps, s3, pdfPasswords } = catalogueDeps(...parts);
  const [settings, access] = parts;
  const request = malwareScanRequestWith(access);
  const sweep = createSweep({
    ...deps,
    versions: s3VersionedObjects(s3, settings.bucketName),
    pdfPasswords,
    scans: { request: (key: string) => request({ bucket: settings.bucketName, key }) },
    ...(settings.scanRetrySeconds !== undefined ? { rescanAfterSeconds: settings.scanRetrySeconds } : {}),
  });
  return (_event: unknown) => sweep();
};
