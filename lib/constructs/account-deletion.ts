import { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ACCOUNT_DELETION, LAMBDA_ENV, PROFILE_IMAGE_PREFIX, STATEMENT_PREFIX } from '../../contract';
import type { VaultStorage } from './storage';
import { VaultFunction } from './vault-function';

export interface AccountDeletionProps {
  readonly storage: VaultStorage;
  readonly table: dynamodb.ITable;
  readonly userPool: cognito.IUserPool;
  /**
   * How long one run of the worker may take; a vault that needs longer is finished by the
   * next run (every step resumes where it stopped).
   * @default 15 minutes (Lambda's most)
   */
  readonly timeout?: Duration;
}

/**
 * Closes accounts: a worker the statements API starts for each deletion (asynchronously;
 * Lambda retries a failed run twice), and a schedule that resumes any job seen to stall.
 * The worker may delete every version under the product's two prefixes, every item of the
 * table, and users of the pool; which owner it works on comes only from the job, which the
 * API recorded from a verified token.
 */
export class AccountDeletion extends Construct {
  readonly worker: VaultFunction;

  constructor(scope: Construct, id: string, props: AccountDeletionProps) {
    super(scope, id);
    const { storage, table, userPool } = props;
    this.worker = new VaultFunction(this, 'Worker', {
      code: { entry: 'account/index.ts' },
      description: "Account deletion: removes an account's files (every version), records and sign-in",
      timeout: props.timeout ?? Duration.minutes(15),
      environment: {
        [LAMBDA_ENV.bucketName]: storage.bucket.bucketName,
        [LAMBDA_ENV.tableName]: table.tableName,
        [LAMBDA_ENV.userPoolId]: userPool.userPoolId,
      },
    });
    for (const prefix of [STATEMENT_PREFIX, PROFILE_IMAGE_PREFIX]) {
      storage.grantDelete(this.worker, prefix);
      storage.grantDeleteVersions(this.worker, prefix);
      storage.grantAbortMultipartUpload(this.worker, prefix);
    }
    storage.grantListVersions(this.worker, [`${STATEMENT_PREFIX}*`, `${PROFILE_IMAGE_PREFIX}*`]);
    storage.grantListMultipartUploads(this.worker);
    // The job record, the owner's partition (Query, BatchWriteItem), and each statement's removal (a transaction of these).
    table.grant(
      this.worker,
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:Query',
      'dynamodb:BatchWriteItem',
    );
    userPool.grant(this.worker, 'cognito-idp:AdminDeleteUser');

    new events.Rule(this, 'ResumeSchedule', {
      description: 'Resumes account deletions that stalled',
      schedule: events.Schedule.rate(Duration.seconds(ACCOUNT_DELETION.staleAfterSeconds)),
      targets: [new targets.LambdaFunction(this.worker.function, { retryAttempts: 2 })],
    });
  }

  /** Lets the grantee start a deletion: invoke the worker's latest version (no alias or other version, so no `:*`). */
  grantStart(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({ grantee, actions: ['lambda:InvokeFunction'], resourceArns: [this.worker.function.functionArn] });
  }
}
