import { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ACCOUNT_DELETION, DELETION_JOB_TABLE_ACTIONS, LAMBDA_ENV, OWNER_FOLDERS, SHARED_COPY_PREFIX, TABLE_KEYS } from '../../contract';
import { grantPdfPasswords, grantRecords } from './records-grants';
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
 * The worker itself may only read and write the jobs; for each job it assumes the job role
 * with a session policy naming the job's owner (which the API recorded from a verified
 * token), so what a job can delete is that owner's files, records and sign-in.
 */
export class AccountDeletion extends Construct {
  readonly worker: VaultFunction;
  /** The role each job works with, narrowed to its owner by the session policy the worker assumes it with. */
  readonly jobRole: iam.Role;

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
    // What jobs may do, for every owner: the worker assumes this role once per job with a
    // session policy naming that job's owner, so a job's credentials reach that owner only.
    this.jobRole = new iam.Role(this, 'JobRole', {
      assumedBy: this.worker.role,
      description: "An account deletion job: one owner's files, records and sign-in, narrowed per job by its session policy",
      maxSessionDuration: Duration.hours(1),
    });
    this.jobRole.grantAssumeRole(this.worker.role);
    for (const prefix of OWNER_FOLDERS) {
      storage.grantDelete(this.jobRole, prefix);
      storage.grantDeleteVersions(this.jobRole, prefix);
      storage.grantAbortMultipartUpload(this.jobRole, prefix);
    }
    // The copies of the owner's shared files, under each of their shares' folders.
    storage.grantDeleteVersions(this.jobRole, SHARED_COPY_PREFIX);
    storage.grantListVersions(this.jobRole, [...OWNER_FOLDERS.map((folder) => `${folder}*`), `${SHARED_COPY_PREFIX}*`]);
    storage.grantListMultipartUploads(this.jobRole);
    grantRecords(table, this.jobRole, ...DELETION_JOB_TABLE_ACTIONS);
    // The owner's kept PDF passwords go by their keys: listed with nothing but the keys, deleted in batches.
    grantPdfPasswords(table, this.jobRole, ['dynamodb:Query', 'dynamodb:BatchWriteItem'], [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
    userPool.grant(this.jobRole, 'cognito-idp:AdminDeleteUser');
    // The worker itself reads and writes only the jobs' partition: which jobs there are, and how far each is.
    this.worker.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TABLE_KEYS.deletionsPartition] } },
      }),
    );
    this.worker.function.addEnvironment(LAMBDA_ENV.deletionJobRoleArn, this.jobRole.roleArn);

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
