import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as actions from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { ARRIVED_PREFIX, MAIL_INBOX_PREFIX, STATEMENT_PREFIX, TABLE_KEYS } from '../../contract/keys';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { MAIL_LIMITS } from '../../contract/mail';
import { READING_BUDGET_MS } from '../../contract/reading/deadline';
import type { AccountIdentifiers } from './account-identifiers';
import type { VaultData } from './data';
import { failureQueue } from './failure-queue';
import { grantPdfPasswords } from './records-grants';
import type { VaultStorage } from './storage';
import { VaultFunction } from './vault-function';

/** The receipt rule set the account's stages add their rules to, unless one is named. */
export const DEFAULT_MAIL_RULE_SET = 'statement-vault';

export interface MailIntakeProps {
  /** The domain SES receives mail for (its MX record points to SES in this region). */
  readonly domain: string;
  readonly storage: VaultStorage;
  readonly data: Pick<VaultData, 'grantClosingCheck'> & { readonly table: dynamodb.ITable };
  /** Where each person's key for account identifiers comes from (a mailed file is matched to accounts as an upload is). */
  readonly identifiers: AccountIdentifiers;
  /**
   * The account's active receipt rule set: SES has one active set per region, so every
   * stage of an account adds its rule to the same one.
   * @default DEFAULT_MAIL_RULE_SET
   */
  readonly ruleSetName?: string;
}

/**
 * Statements by mail: an SES receipt rule for the domain (spam and virus scanning on, TLS
 * required) that stores each message in the files bucket under its own prefix and then
 * invokes the mail function, which files each statement for the person whose private
 * address it was sent to, through the same checks as an upload, and deletes the message.
 * An invocation that still fails after Lambda's two retries goes to the failure queue
 * (`npm run mail:replay` runs it again); the bucket's lifecycle removes a message never
 * dealt with after MAIL_LIMITS.keepDays, as long as the queue keeps its failure.
 */
export class MailIntake extends Construct {
  readonly handler: VaultFunction;
  readonly rule: ses.ReceiptRule;
  /** Invocations the function still failed on after Lambda's two retries, kept MAIL_LIMITS.keepDays for `npm run mail:replay`. */
  readonly failures: sqs.Queue;
  /** The domain people's private addresses are under. */
  readonly domain: string;

  constructor(scope: Construct, id: string, props: MailIntakeProps) {
    super(scope, id);
    this.domain = props.domain;
    const { storage, data } = props;
    storage.bucket.addLifecycleRule({
      id: 'expire-received-mail',
      prefix: MAIL_INBOX_PREFIX,
      expiration: Duration.days(MAIL_LIMITS.keepDays),
      noncurrentVersionExpiration: Duration.days(1),
    });

    this.failures = failureQueue(this, 'Failures', {
      replayCommand: 'npm run mail:replay',
      retention: Duration.days(MAIL_LIMITS.keepDays),
    });
    // A message of MAIL_LIMITS.maxMessageBytes is parsed whole and its ZIPs unzipped: a full vCPU's memory.
    this.handler = new VaultFunction(this, 'Function', {
      code: { entry: 'mail/index.ts' },
      description: "Files statements mailed to people's private addresses (SES stores each message, then invokes it)",
      memorySize: 1769,
      timeout: Duration.minutes(2),
      environment: {
        [LAMBDA_ENV.tableName]: data.table.tableName,
        [LAMBDA_ENV.bucketName]: storage.bucket.bucketName,
        [LAMBDA_ENV.mailDomain]: props.domain,
        // Each mailed file is read for at most this long; the next file is read after it.
        [LAMBDA_ENV.readingBudgetMs]: String(READING_BUDGET_MS),
      },
      onFailure: new destinations.SqsDestination(this.failures),
    });
    const handler = this.handler;
    // The message: read once, deleted once dealt with. Statements go where uploads go (the
    // catalogue and the malware scan take them from there); the rest waits in Arrived.
    storage.grantRead(handler, MAIL_INBOX_PREFIX);
    storage.grantDelete(handler, MAIL_INBOX_PREFIX);
    storage.grantPut(handler, STATEMENT_PREFIX);
    storage.grantPut(handler, ARRIVED_PREFIX);
    // A waiting file, filed on its owner's word: read, then let go once stored where uploads go.
    storage.grantRead(handler, ARRIVED_PREFIX);
    storage.grantDelete(handler, ARRIVED_PREFIX);
    props.identifiers.grantDerive(handler);
    // Who holds an address (MAIL#), and the person's own partition: their accounts, their
    // quota and places held (and the holds' index), what arrived and what was kept out.
    handler.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [data.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.mailPartition('*'), TABLE_KEYS.userPartition('*')] },
        },
      }),
    );
    handler.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [data.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*')] } },
      }),
    );
    handler.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [data.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*'), TABLE_KEYS.holdsPartition] } },
      }),
    );
    // A waiting file's record goes once the file is filed.
    handler.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DeleteItem'],
        resources: [data.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE_KEYS.userPartition('*')] } },
      }),
    );
    data.grantClosingCheck(handler);
    // A protected PDF is opened with the passwords its owner keeps.
    grantPdfPasswords(data.table, handler, ['dynamodb:Query']);

    const ruleSet = ses.ReceiptRuleSet.fromReceiptRuleSetName(this, 'RuleSet', props.ruleSetName ?? DEFAULT_MAIL_RULE_SET);
    this.rule = new ses.ReceiptRule(this, 'Rule', {
      ruleSet,
      recipients: [props.domain],
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.REQUIRE,
      actions: [
        new actions.S3({ bucket: storage.bucket, objectKeyPrefix: MAIL_INBOX_PREFIX }),
        new actions.Lambda({ function: handler.function, invocationType: actions.LambdaInvocationType.EVENT }),
      ],
    });
  }

  /**
   * Lets a function ask this one (asynchronously) to file a waiting file its owner placed:
   * the statements API, which checks the request against the caller's token first.
   */
  grantFileArrivals(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({ grantee, actions: ['lambda:InvokeFunction'], resourceArns: [this.handler.function.functionArn] });
  }
}
