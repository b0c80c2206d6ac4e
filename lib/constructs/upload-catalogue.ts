import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { PROFILE_IMAGE_PREFIX, STATEMENT_PREFIX, SWEEP_INTERVAL_MINUTES } from '../../contract';
import { acknowledgeKeyPrefixWildcard } from './acknowledgements';
import { VaultFunction } from './vault-function';

export interface UploadCatalogueProps {
  readonly bucket: s3.Bucket;
  readonly table: dynamodb.ITable;
}

/**
 * Keeps the table in step with the bucket: S3 tells this function about every object
 * created or removed under the product's prefixes, and it writes or deletes the record.
 * So a statement is listed only once its file is really in the bucket, and every file
 * that arrives gets its record without the browser having to come back and confirm. An
 * hourly sweep repairs what a lost event would leave (SWEEP_INTERVAL_MINUTES).
 */
export class UploadCatalogue extends Construct {
  readonly handler: VaultFunction;
  readonly sweep: VaultFunction;

  constructor(scope: Construct, id: string, props: UploadCatalogueProps) {
    super(scope, id);
    this.handler = new VaultFunction(this, 'Handler', {
      entry: 'catalogue/index.ts',
      description: 'Upload catalogue: records every statement and avatar S3 stores or removes',
      timeout: Duration.seconds(30),
      environment: { BUCKET_NAME: props.bucket.bucketName, TABLE_NAME: props.table.tableName },
    });
    this.grantCatalogueAccess(
      this.handler,
      props,
      ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
      'The catalogue reads (HeadObject) and, for objects that break the contract, deletes any object S3 reports under {prefix}; the owner is the {sub} segment of the key.',
    );

    // The sweep makes good what a lost event left behind, within the stated window.
    this.sweep = new VaultFunction(this, 'Sweep', {
      entry: 'catalogue/sweep-index.ts',
      description: 'Catalogue sweep: reconciles statement records with the files in the bucket',
      timeout: Duration.minutes(5),
      environment: { BUCKET_NAME: props.bucket.bucketName, TABLE_NAME: props.table.tableName },
    });
    this.sweep.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [STATEMENT_PREFIX, PROFILE_IMAGE_PREFIX] } },
      }),
    );
    this.grantCatalogueAccess(
      this.sweep,
      props,
      ['dynamodb:Scan', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
      'The sweep reads every object under {prefix} to find files whose S3 event was lost, and deletes those that break the contract, as the catalogue does.',
    );
    new events.Rule(this, 'SweepSchedule', {
      description: 'Runs the catalogue sweep',
      schedule: events.Schedule.rate(Duration.minutes(SWEEP_INTERVAL_MINUTES.aws)),
      targets: [new targets.LambdaFunction(this.sweep.function, { retryAttempts: 2 })],
    });

    const destination = new s3n.LambdaDestination(this.handler.function);
    for (const prefix of [STATEMENT_PREFIX, PROFILE_IMAGE_PREFIX]) {
      props.bucket.addEventNotification(s3.EventType.OBJECT_CREATED, destination, { prefix });
      props.bucket.addEventNotification(s3.EventType.OBJECT_REMOVED, destination, { prefix });
    }
  }

  /** Read and delete objects under both product prefixes, and write records: the catalogue's own rights. */
  private grantCatalogueAccess(fn: VaultFunction, props: UploadCatalogueProps, tableActions: string[], reason: string): void {
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:DeleteObject'],
        resources: [props.bucket.arnForObjects(`${STATEMENT_PREFIX}*`), props.bucket.arnForObjects(`${PROFILE_IMAGE_PREFIX}*`)],
      }),
    );
    for (const prefix of [STATEMENT_PREFIX, PROFILE_IMAGE_PREFIX]) {
      acknowledgeKeyPrefixWildcard(fn.role, props.bucket, prefix, reason.replace('{prefix}', prefix));
    }
    fn.role.addToPolicy(new iam.PolicyStatement({ actions: tableActions, resources: [props.table.tableArn] }));
  }
}
