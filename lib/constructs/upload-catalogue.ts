import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LAMBDA_ENV, STATEMENT_PREFIX, SWEEP_INTERVAL_MINUTES, UPLOAD_PREFIXES } from '../../contract';
import { OCR_BUDGET_MS, READING_BUDGET_MS } from '../../contract/reading/deadline';
import { failureQueue } from './failure-queue';
import { grantPdfPasswords, grantRecords } from './records-grants';
import type { VaultStorage } from './storage';
import { VaultFunction } from './vault-function';

/**
 * Memory of the functions that read a statement's file for the search index: pdf.js holds a
 * page's objects at a time, and a scanned page is read by OCR (tesseract's WebAssembly, about
 * 300 MB, and the page's picture). Lambda's CPU grows with memory, and 1,769 MB is one whole
 * vCPU: OCR is seconds of one core a page (bench/ocr.ts), so a scan's ten pages are read
 * within OCR_BUDGET_MS, well within the timeouts below.
 */
const INDEXING_MEMORY_MB = 1769;

export interface UploadCatalogueProps {
  readonly storage: VaultStorage;
  readonly table: dynamodb.ITable;
  /** The sweep's function name, for whoever starts it from outside (a deploy). @default one CloudFormation generates */
  readonly sweepFunctionName?: string;
}

/**
 * Keeps the table in step with the bucket: S3 tells this function about every object
 * created or removed under the product's prefixes, and it writes or deletes the record.
 * So a statement is listed only once its file is really in the bucket, and every file
 * that arrives gets its record without the browser having to come back and confirm. An
 * hourly sweep repairs what a lost event would leave (SWEEP_INTERVAL_MINUTES). The
 * malware scan's verdicts arrive at their own function (`scanResults`).
 */
export class UploadCatalogue extends Construct {
  readonly handler: VaultFunction;
  readonly sweep: VaultFunction;
  /** Applies the malware scan's verdicts (GuardDuty's scan-result events). */
  readonly scanResults: VaultFunction;
  /** S3 events the catalogue still failed on after Lambda's two retries, kept 14 days for replay. */
  readonly failures: sqs.Queue;

  constructor(scope: Construct, id: string, props: UploadCatalogueProps) {
    super(scope, id);
    const { storage, table } = props;
    const environment = {
      [LAMBDA_ENV.bucketName]: storage.bucket.bucketName,
      [LAMBDA_ENV.tableName]: table.tableName,
      // Each reads a statement's file for at most this long, well within its timeout.
      [LAMBDA_ENV.readingBudgetMs]: String(READING_BUDGET_MS),
      // And a file's scanned pages by OCR for at most this long, on top of it.
      [LAMBDA_ENV.ocrBudgetMs]: String(OCR_BUDGET_MS),
    };
    this.failures = failureQueue(this, 'Failures', { replayCommand: 'npm run catalogue:replay' });
    this.handler = new VaultFunction(this, 'Handler', {
      code: { entry: 'catalogue/index.ts' },
      description: 'Upload catalogue: records every statement and avatar S3 stores or removes',
      // Indexing a statement that arrives already scanned reads its file (a PDF's pages, a workbook, a scan by OCR).
      timeout: Duration.minutes(2),
      memorySize: INDEXING_MEMORY_MB,
      environment,
      onFailure: new destinations.SqsDestination(this.failures),
    });
    // The sweep makes good what a lost event left behind, within the stated window.
    this.sweep = new VaultFunction(this, 'Sweep', {
      code: { entry: 'catalogue/sweep-index.ts' },
      description: 'Catalogue sweep: reconciles statement records with the files in the bucket',
      functionName: props.sweepFunctionName,
      // It may index up to SWEEP_INDEXES_PER_RUN statements whose postings are missing.
      timeout: Duration.minutes(15),
      memorySize: INDEXING_MEMORY_MB,
      environment,
    });

    this.scanResults = new VaultFunction(this, 'ScanResults', {
      code: { entry: 'catalogue/scan-results-index.ts' },
      description: 'Scan results: makes a statement available when its malware scan is clean, quarantines it otherwise',
      timeout: Duration.minutes(2),
      memorySize: INDEXING_MEMORY_MB,
      environment,
    });

    for (const fn of [this.handler, this.sweep, this.scanResults]) {
      for (const prefix of UPLOAD_PREFIXES) {
        // HeadObject and the first bytes to check an upload; DeleteObject for objects that break the contract.
        storage.grantRead(fn, prefix);
        storage.grantDelete(fn, prefix);
        // The malware scan's verdict is the object's tag.
        storage.grantReadTags(fn, prefix);
      }
      // Whether an object is gone (404) or refused (403) is only told to a caller who may list.
      storage.grantList(fn);
      // Records go in and out in transactions (record, list copies, summaries); a removal reads the
      // record first; a new record is written only while no statement of its id is in Recently deleted.
      grantRecords(
        table,
        fn,
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:DeleteItem',
        'dynamodb:UpdateItem',
        'dynamodb:ConditionCheckItem',
      );
      // A statement's search postings are written and removed in batches.
      grantRecords(table, fn, 'dynamodb:BatchWriteItem');
      // A protected PDF is read for search and balances with the password its owner keeps for its account.
      grantPdfPasswords(table, fn, ['dynamodb:GetItem']);
    }
    // The sweep reads each owner's partition with one Query, and deletes for good what stayed
    // in Recently deleted for its time: every version of the file.
    grantRecords(table, this.sweep, 'dynamodb:Query');
    // It moves the passwords an earlier release kept on account summaries into their own
    // partition, and deletes those their account no longer keeps.
    grantPdfPasswords(table, this.sweep, ['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem']);
    storage.grantListVersions(this.sweep, [`${STATEMENT_PREFIX}*`]);
    storage.grantDeleteVersions(this.sweep, STATEMENT_PREFIX);

    new events.Rule(this, 'SweepSchedule', {
      description: 'Runs the catalogue sweep',
      schedule: events.Schedule.rate(Duration.minutes(SWEEP_INTERVAL_MINUTES.aws)),
      targets: [new targets.LambdaFunction(this.sweep.function, { retryAttempts: 2 })],
    });

    const destination = new s3n.LambdaDestination(this.handler.function);
    for (const prefix of UPLOAD_PREFIXES) {
      storage.bucket.addEventNotification(s3.EventType.OBJECT_CREATED, destination, { prefix });
      storage.bucket.addEventNotification(s3.EventType.OBJECT_REMOVED, destination, { prefix });
    }
  }
}
