import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { LAMBDA_ENV, STATEMENT_PREFIX, TABLE_KEYS } from '../../contract';
import { shareRecordReads } from '../../lambda/shares/session-policy';
import type { VaultStorage } from './storage';
import { VaultFunction } from './vault-function';

export interface ShareAccessProps {
  readonly storage: VaultStorage;
  readonly table: dynamodb.ITable;
}

/**
 * What serves a share's recipient, who has no account: the share function, behind the
 * statements API's IAM-authorized routes (only the web server may call them), and the
 * reader role it assumes for each read. The function itself reaches only the shares' and
 * the rate limits' partitions; the reader role may read statement records and files and
 * copy a file into the shares' copies, and every session of it is narrowed by its policy to
 * one owner's records and, for a file, that one object and its one copy
 * (lambda/shares/session-policy.ts). Nothing here can list or delete a file, write one
 * anywhere but a copy, or read a record of anyone the share does not belong to.
 */
export class ShareAccess extends Construct {
  readonly handler: VaultFunction;
  /** The role each read for a recipient works with, narrowed per read by its session policy. */
  readonly readerRole: iam.Role;

  constructor(scope: Construct, id: string, props: ShareAccessProps) {
    super(scope, id);
    const { storage, table } = props;
    this.handler = new VaultFunction(this, 'Handler', {
      code: { entry: 'shares/index.ts' },
      description: "Shares: a link's recipient's statements, through the web server, read by sessions narrowed to the share",
      environment: {
        [LAMBDA_ENV.bucketName]: storage.bucket.bucketName,
        [LAMBDA_ENV.tableName]: table.tableName,
      },
    });
    this.readerRole = new iam.Role(this, 'ReaderRole', {
      assumedBy: this.handler.role,
      description: "A read for a share's recipient: the owner's records and one file, narrowed per read by its session policy",
      maxSessionDuration: Duration.hours(1),
    });
    this.readerRole.grantAssumeRole(this.handler.role);
    // A shared file is copied (with its verdict, its tag) to a key that names the share, not
    // its owner, and the recipient's URL is the copy's.
    storage.grantRead(this.readerRole, STATEMENT_PREFIX);
    storage.grantReadTags(this.readerRole, STATEMENT_PREFIX);
    storage.grantShareCopies(this.readerRole);
    this.readerRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
        resources: [table.tableArn],
        // Statement records only ever lead with an owner's partition; of any item, only what a recipient is served.
        conditions: shareRecordReads([TABLE_KEYS.userPartition('*')]),
      }),
    );
    // The function itself: the share it is asked for (read, and its counts), its openings, and the rate limits.
    this.handler.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.sharePartition('*'), TABLE_KEYS.ratePartition('*', '*')] },
        },
      }),
    );
    // Whether the share's owner is closing their account: that owner's deletion job, and nothing else of the jobs.
    this.handler.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TABLE_KEYS.deletionsPartition] } },
      }),
    );
    this.handler.function.addEnvironment(LAMBDA_ENV.shareReaderRoleArn, this.readerRole.roleArn);
  }
}
