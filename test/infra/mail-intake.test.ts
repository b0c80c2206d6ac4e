import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { LAMBDA_ENV, MAIL_INBOX_PREFIX, TABLE_KEYS } from '../../contract';
import { MAIL_LIMITS } from '../../contract/mail';
import { DEFAULT_MAIL_RULE_SET } from '../../lib/constructs/mail-intake';
import { OPERATIONS_OUTPUTS } from '../../lib/outputs';
import type { StatementVaultStack } from '../../lib/statement-vault-stack';
import { synthVault } from '../support/vault-app';

/**
 * Statements by mail, as the template holds them where a stage names a mail domain: SES's
 * receipt rule (scanning on, TLS required) storing each message under its own prefix of
 * the files bucket and then invoking the mail function; the prefix's lifecycle; the
 * function's least privilege; the statements API told the domain. Without the setting,
 * none of it.
 */
const DOMAIN = 'mail.vault.example.com';
let template: Template;
let stack: StatementVaultStack;
let without: Template;
beforeAll(() => {
  ({ template, stack } = synthVault({ mailDomain: DOMAIN }));
  without = synthVault().template;
});

const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

test('the receipt rule: the domain, spam and virus scanning, TLS, the message stored under its prefix, then the function invoked asynchronously', () => {
  template.resourceCountIs('AWS::SES::ReceiptRule', 1);
  const bucket = logicalId(stack.storage.bucket);
  const fn = logicalId(stack.principals.mailIntake!.function);
  template.hasResourceProperties('AWS::SES::ReceiptRule', {
    RuleSetName: DEFAULT_MAIL_RULE_SET,
    Rule: {
      Enabled: true,
      Recipients: [DOMAIN],
      ScanEnabled: true,
      TlsPolicy: 'Require',
      Actions: [
        { S3Action: { BucketName: { Ref: bucket }, ObjectKeyPrefix: MAIL_INBOX_PREFIX } },
        { LambdaAction: { FunctionArn: { 'Fn::GetAtt': [fn, 'Arn'] }, InvocationType: 'Event' } },
      ],
    },
  });
  // SES may write the bucket's mail prefix only, for this account.
  template.hasResourceProperties('AWS::S3::BucketPolicy', {
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({
          Action: 's3:PutObject',
          Principal: { Service: 'ses.amazonaws.com' },
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${MAIL_INBOX_PREFIX}*`]] },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        }),
      ]),
    },
  });
});

test("an invocation that still fails after Lambda's two retries goes to its own encrypted, TLS-only queue, kept as long as the stored message; alarmed on; named in the outputs for npm run mail:replay", () => {
  const fn = logicalId(stack.principals.mailIntake!.function);
  const queue = Object.keys(template.findResources('AWS::SQS::Queue')).find((id) => id.startsWith('MailFailures'))!;
  expect(template.findResources('AWS::SQS::Queue')[queue].Properties).toMatchObject({
    SqsManagedSseEnabled: true,
    MessageRetentionPeriod: MAIL_LIMITS.keepDays * 24 * 3600,
  });
  template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
    FunctionName: { Ref: fn },
    MaximumRetryAttempts: 2,
    DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
  });
  template.hasResourceProperties('AWS::SQS::QueuePolicy', {
    Queues: [{ Ref: queue }],
    PolicyDocument: {
      Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
    },
  });
  // The function may send to that queue alone.
  const role = logicalId(stack.principals.mailIntake!.role);
  const sends = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
    .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('sqs:')));
  expect(sends.map((statement) => statement.Resource)).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
    JSON.stringify(alarm.Properties.Dimensions ?? alarm.Properties.Metrics ?? '').includes(queue),
  );
  expect(alarms).toEqual([
    expect.objectContaining({
      Properties: expect.objectContaining({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', AlarmActions: expect.any(Array) }),
    }),
  ]);
  const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
  expect(outputs[OPERATIONS_OUTPUTS.mailFunctionName].Value).toEqual({ Ref: fn });
  expect(outputs[OPERATIONS_OUTPUTS.mailFailureQueueUrl].Value).toEqual({ Ref: queue });
  // Without a mail domain, none of it.
  expect((without.toJSON().Outputs as Record<string, unknown>)[OPERATIONS_OUTPUTS.mailFailureQueueUrl]).toBeUndefined();
  expect(Object.keys(without.findResources('AWS::SQS::Queue'))).toHaveLength(1);
});

test('a message never dealt with is removed by the lifecycle after MAIL_LIMITS.keepDays; nothing else of the bucket is', () => {
  const [bucketResource] = Object.values(template.findResources('AWS::S3::Bucket', { Properties: { BucketName: Match.anyValue() } }));
  const rules = (
    bucketResource.Properties.LifecycleConfiguration.Rules as { Id: string; Prefix?: string; ExpirationInDays?: number }[]
  ).filter((rule) => rule.Id === 'expire-received-mail');
  expect(rules).toEqual([
    expect.objectContaining({ Prefix: MAIL_INBOX_PREFIX, ExpirationInDays: MAIL_LIMITS.keepDays, Status: 'Enabled' }),
  ]);
});

test("the function's grants: the mail prefix read and deleted, statements written, Arrived written, read and deleted, the table by partition, the identifier secret, the notifier", () => {
  const role = logicalId(stack.principals.mailIntake!.role);
  const statements = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(role))
    .flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[],
    );
  const actions = [...new Set(statements.flatMap((statement) => [statement.Action].flat()))].sort();
  expect(actions).toEqual(
    [
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'lambda:InvokeFunction',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ].sort(),
  );
  const text = JSON.stringify(statements);
  for (const prefix of ['mail/*', 'statements/*', 'arrived/*']) expect(text).toContain(prefix);
  // No table action without a partition condition but the closing check's.
  for (const statement of statements.filter((one) => [one.Action].flat().some((action) => action.startsWith('dynamodb:')))) {
    expect(JSON.stringify(statement.Condition)).toMatch(/dynamodb:LeadingKeys/);
  }
  expect(text).toContain(TABLE_KEYS.mailPartition('*'));
  // It may neither delete a statement nor read one.
  expect(text).not.toMatch(/statements\/\*"\]?,?[^}]*s3:(Get|Delete)Object/); // It invokes the notifier alone, named in its environment, and holds no push key.
  const invoked = statements.filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
  expect(JSON.stringify(invoked.map((statement) => statement.Resource))).toBe(
    JSON.stringify([{ 'Fn::GetAtt': [logicalId(stack.principals.pushNotifier.function), 'Arn'] }]),
  );
  const variables =
    template.findResources('AWS::Lambda::Function')[logicalId(stack.principals.mailIntake!.function)].Properties.Environment.Variables;
  expect(JSON.stringify(variables[LAMBDA_ENV.notifierFunctionName])).toContain(logicalId(stack.principals.pushNotifier.function));
  expect(variables[LAMBDA_ENV.pushVapidSecretArn]).toBeUndefined();
});

test('the function reads received messages past the rule that refuses unscanned reads; the statements API knows the domain', () => {
  const role = logicalId(stack.principals.mailIntake!.role);
  const policy = Object.values(template.findResources('AWS::S3::BucketPolicy'))
    .flatMap((one) => one.Properties.PolicyDocument.Statement as { Sid?: string; Condition: { ArnNotEquals: unknown } }[])
    .find((statement) => statement.Sid === 'DenyReadUnlessScannedClean')!;
  expect(JSON.stringify(policy.Condition.ArnNotEquals)).toContain(role);
  const functions = template.findResources('AWS::Lambda::Function');
  for (const principal of [stack.principals.statementsApi, stack.principals.mailIntake!]) {
    expect(functions[logicalId(principal.function)].Properties.Environment.Variables[LAMBDA_ENV.mailDomain]).toBe(DOMAIN);
  }
});

test('the statements API may ask the mail function to file a waiting file, and delete one; it names the function', () => {
  const api = stack.principals.statementsApi;
  const statements = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(logicalId(api.role)))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
  const invoke = statements.filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
  expect(JSON.stringify(invoke)).toContain(logicalId(stack.principals.mailIntake!.function));
  const deletes = statements.filter((statement) => [statement.Action].flat().includes('s3:DeleteObject'));
  expect(JSON.stringify(deletes)).toContain('arrived/*');
  // It reads nothing under Arrived: only the mail function does, past the unscanned-read refusal.
  const reads = statements.filter((statement) => [statement.Action].flat().includes('s3:GetObject'));
  expect(JSON.stringify(reads)).not.toContain('arrived/');
  const variables = template.findResources('AWS::Lambda::Function')[logicalId(api.function)].Properties.Environment.Variables;
  expect(JSON.stringify(variables[LAMBDA_ENV.mailFunctionName])).toContain(logicalId(stack.principals.mailIntake!.function));
});

test('without a mail domain there is no receipt rule, no mail function and no domain in any environment', () => {
  without.resourceCountIs('AWS::SES::ReceiptRule', 0);
  expect(JSON.stringify(without.toJSON())).not.toContain(LAMBDA_ENV.mailDomain);
  expect(JSON.stringify(without.toJSON())).not.toContain('expire-received-mail');
});
