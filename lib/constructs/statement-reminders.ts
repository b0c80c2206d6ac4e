import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { LAMBDA_ENV, TABLE_KEYS } from '../../contract';
import { REMINDER_INTERVAL_MINUTES } from '../../contract/accounts/expected';
import type { PushNotifications } from './push-notifications';
import { VaultFunction } from './vault-function';

export interface StatementRemindersProps {
  readonly table: dynamodb.ITable;
  /** The files bucket's name: every handler's environment names it (the reminders never touch it). */
  readonly bucketName: string;
  /** Who sends the notices. */
  readonly push: PushNotifications;
  /** @default every REMINDER_INTERVAL_MINUTES.aws minutes */
  readonly schedule?: events.Schedule;
}

/** Every owner's account lists (`USER#{sub}|account|{key}`), as IAM matches a partition key. */
const ACCOUNT_LISTS = TABLE_KEYS.accountList('*', '*');

/**
 * Late statements told: each account's next statement is expected from its history
 * (contract/accounts/expected.ts), and the day it would turn late is kept in one partition
 * sorted by day (TABLE_KEYS.duePartition). A function run hourly reads only the entries due,
 * tells each late statement once (recorded before it is sent) and moves the entry on.
 * Functions that make statements available put an account's entry where its statements
 * say, through `grantDueRefresh`.
 */
export class StatementReminders extends Construct {
  readonly runner: VaultFunction;

  constructor(scope: Construct, id: string, props: StatementRemindersProps) {
    super(scope, id);
    this.runner = new VaultFunction(this, 'Runner', {
      code: { entry: 'reminders/index.ts' },
      description: 'Reminders: tells owners of statements that are late, once each',
      timeout: Duration.minutes(2),
      environment: { [LAMBDA_ENV.tableName]: props.table.tableName, [LAMBDA_ENV.bucketName]: props.bucketName },
    });
    props.push.grantSend(this.runner, props.table);
    this.grantDueRefresh(this.runner, props.table);
    // The due entries of the day: read with one Query, and removed as each moves on.
    iam.Grant.addToPrincipal({
      grantee: this.runner,
      actions: ['dynamodb:Query', 'dynamodb:DeleteItem'],
      resourceArns: [props.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.duePartition] } },
    });
    // A notice is recorded in its owner's partition before it is sent.
    iam.Grant.addToPrincipal({
      grantee: this.runner,
      actions: ['dynamodb:PutItem'],
      resourceArns: [props.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*')] } },
    });
    new events.Rule(this, 'Schedule', {
      description: 'Tells owners of late statements',
      schedule: props.schedule ?? events.Schedule.rate(Duration.minutes(REMINDER_INTERVAL_MINUTES.aws)),
      targets: [new targets.LambdaFunction(this.runner.function, { retryAttempts: 2 })],
    });
  }

  /**
   * Lets a function put an account's due entry where its statements say: read the account's
   * summary and list (owners' partitions only), write its `dueOn`, and put and remove entries
   * of the due partition.
   */
  grantDueRefresh(grantee: iam.IGrantable, table: dynamodb.ITable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:Query'],
      resourceArns: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [ACCOUNT_LISTS] } },
    });
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      resourceArns: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*')] } },
    });
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
      resourceArns: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.duePartition] } },
    });
  }
}
