import { Match, type Template } from 'aws-cdk-lib/assertions';
import {
  API_STAGE,
  PASSWORD_POLICY,
  PROFILE_IMAGE_ROUTES,
  REGION,
  STATEMENT_ROUTES,
  SHARE_ROUTES,
  SWEEP_INTERVAL_MINUTES,
  MAIL_LIMITS,
  isErrorBody,
} from '../../contract';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { OUTPUT_NAMES } from '../../lib/outputs';
import { SHARE_READ_FIELDS, TABLE_KEYS, WEB_CONFIG_ENV, WEB_SECURITY_HEADERS } from '../../contract';
import type { StatementVaultStack, VaultPrincipals } from '../../lib/statement-vault-stack';
import { VaultFunction } from '../../lib/constructs/vault-function';
import { PAGE_BROTLI, readOpenNextArtifact } from '../../lib/web-artifact';
import { WEB_ARTIFACT_STUB } from '../../local/iam/access-model';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEST_WEB_ORIGIN, alarmMetrics, synthVault, type TemplateAlarm } from '../support/vault-app';

let template: Template;
let region: string;
let stack: StatementVaultStack;
beforeAll(() => {
  const synthesized = synthVault();
  template = synthesized.template;
  region = synthesized.stack.region;
  stack = synthesized.stack;
});

const resourcesOf = (type: string) => Object.values(template.findResources(type)) as { Properties: any }[];

const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

/** A policy resource as a reviewer reads it: "bucket/statements/*", "bucket", "table", "own log group". */
const describeResource = (resource: unknown): string => {
  if (resource === '*') return '*';
  const text = JSON.stringify(resource);
  const bucket = logicalId(stack.storage.bucket);
  const table = logicalId(stack.data.table);
  if (text.includes(bucket)) return text.includes('/') ? `bucket${/"(\/[^"]*)"/.exec(text)![1]}` : 'bucket';
  if (text.includes(table)) return 'table';
  if (text.includes('AuthUserPool')) return 'user pool';
  if (text.includes('CatalogueFailures')) return 'failure queue';
  if (text.includes('AccountDeletionWorkerFunction')) return 'deletion worker';
  if (text.includes('DataStatementEditsFunction')) return 'statement edits function';
  if (text.includes('DataStatementSearchFunction')) return 'statement search function';
  if (text.includes('AccountDeletionJobRole')) return 'deletion job role';
  if (text.includes('SharesReaderRole')) return 'share reader role';
  if (text.includes('PushVapidKeys')) return 'vapid secret';
  if (text.includes('AccountIdentifiersSecret')) return 'identifier secret';
  if (text.includes('PushNotifierFunction')) return 'push notifier';
  if (text.includes('StatementsApi') && text.includes('execute-api')) return `statements API ${/"(\/prod\/[^"]*)"/.exec(text)![1]}`;
  if (text.includes('log-group:/aws/lambda/us-east-1.')) return `edge log group${text.endsWith(':*"]]}') ? ' (:*)' : ''}, any region`;
  if (text.includes('Logs')) return 'log group';
  return text;
};

/** Every "action on resource" a principal's role is allowed, sorted, from the synthesized template. */
/** The functions of ours (not CDK's deployment-time handlers). */
const ourFunctions = () => {
  const ids = Object.values(stack.principals)
    .filter((principal): principal is VaultFunction => principal instanceof VaultFunction)
    .map((principal) => logicalId(principal.function));
  return Object.entries(template.findResources('AWS::Lambda::Function'))
    .filter(([id]) => ids.includes(id))
    .map(([, fn]) => fn as { Properties: any });
};

/** CDK's BucketDeployment handler: it copies the web app's static files while a deploy runs. */
const deploymentHandlerRole = () =>
  Object.keys(template.findResources('AWS::IAM::Role')).filter((id) => id.startsWith('CustomCDKBucketDeployment'));

/** Every identity policy but those CDK writes for its deployment-time handlers. */
const ourPolicies = () =>
  resourcesOf('AWS::IAM::Policy').filter(
    (policy) => !deploymentHandlerRole().some((role) => JSON.stringify(policy.Properties.Roles).includes(role)),
  );

const grantsOf = (name: keyof VaultPrincipals): string[] => {
  const roleId = logicalId(stack.principals[name]!.grantPrincipal as unknown as IConstruct);
  return resourcesOf('AWS::IAM::Policy')
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
    .flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[],
    )
    .flatMap((statement) => {
      const resources =
        Array.isArray(statement.Resource) && !('Fn::Join' in (statement.Resource as object)) ? statement.Resource : [statement.Resource];
      const condition = statement.Condition ? ` if ${JSON.stringify(statement.Condition)}` : '';
      return [statement.Action]
        .flat()
        .flatMap((action) => resources.map((resource) => `${action} ${describeResource(resource)}${condition}`));
    })
    .sort();
};

const actionsOf = (name: keyof VaultPrincipals): string[] => [...new Set(grantsOf(name).map((grant) => grant.split(' ')[0]))];

describe('the product constants', () => {
  test('everything is in us-east-1', () => {
    expect(REGION).toBe('us-east-1');
    expect(region).toBe('us-east-1');
  });

  test('e-mail is the username and is verified by a code', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    });
  });

  test('the minimum password length is 8 and no character class is required', () => {
    expect(PASSWORD_POLICY.minLength).toBe(8);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  test('MFA is OFF', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OFF' });
    const [pool] = resourcesOf('AWS::Cognito::UserPool');
    expect(pool.Properties.EnabledMfas).toBeUndefined();
  });

  test('the user pool is retained and protected from deletion', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
      DeletionPolicy: 'Retain',
    });
  });

  test('account recovery is by e-mail only', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  test('the web client has no secret and allows SRP, password and refresh flows', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    });
  });
});

describe('identity pool', () => {
  test('serves signed-in users only', () => {
    template.hasResourceProperties('AWS::Cognito::IdentityPool', { AllowUnauthenticatedIdentities: false });
  });

  test('its authenticated role grants nothing (files move only through presigned URLs)', () => {
    const attachment = resourcesOf('AWS::Cognito::IdentityPoolRoleAttachment')[0];
    const authenticatedRoleId = attachment.Properties.Roles.authenticated['Fn::GetAtt'][0];
    const role = template.toJSON().Resources[authenticatedRoleId];
    expect(role.Properties.Policies).toBeUndefined();
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const policiesOnRole = resourcesOf('AWS::IAM::Policy').filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes(authenticatedRoleId),
    );
    expect(policiesOnRole).toEqual([]);
  });
});

describe('GraphQL API', () => {
  test('API_KEY is the default mode and Cognito user pools an additional one', () => {
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'API_KEY',
      AdditionalAuthenticationProviders: [Match.objectLike({ AuthenticationType: 'AMAZON_COGNITO_USER_POOLS' })],
    });
  });

  test('the template sets no expiry on the API key (the key renewal does): nothing in it comes from the clock at synth', () => {
    const [key] = resourcesOf('AWS::AppSync::ApiKey');
    expect(key.Properties.Expires).toBeUndefined();
  });

  test('request logging is on without verbose content', () => {
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      LogConfig: { FieldLogLevel: 'ERROR', ExcludeVerboseContent: true, CloudWatchLogsRoleArn: Match.anyValue() },
    });
  });

  test('every resolver is VTL (the local simulator runs VTL only)', () => {
    const resolvers = resourcesOf('AWS::AppSync::Resolver');
    expect(resolvers.length).toBeGreaterThan(0);
    for (const resolver of resolvers) {
      expect(resolver.Properties.RequestMappingTemplate).toEqual(expect.any(String));
      expect(resolver.Properties.Runtime).toBeUndefined();
    }
  });
});

describe('table', () => {
  test('is on demand, has point-in-time recovery and deletion protection, and is retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  test("expires items by the contract's time-to-live attribute (a finished account deletion's record)", () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.expiryAttribute, Enabled: true },
    });
  });
});

describe('bucket', () => {
  const filesBucket = () => {
    const buckets = template.findResources('AWS::S3::Bucket', {
      Properties: { CorsConfiguration: Match.anyValue() },
    });
    const ids = Object.keys(buckets);
    expect(ids).toHaveLength(1);
    return { id: ids[0], bucket: buckets[ids[0]] };
  };

  test("there is exactly one files bucket (plus its access logs, the web app's static files and the web access logs)", () => {
    expect(resourcesOf('AWS::S3::Bucket')).toHaveLength(4);
    expect(filesBucket().id).toBe(logicalId(stack.storage.bucket));
  });

  test('is not public: every public-access block is on', () => {
    for (const bucket of resourcesOf('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  test('enforces TLS in its bucket policy', () => {
    const { id } = filesBucket();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  test('is encrypted, versioned, retained and aborts incomplete multipart uploads', () => {
    const { bucket } = filesBucket();
    expect(bucket).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0]).toMatchObject({
      ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' },
    });
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' })]),
    );
  });

  test("a share's copies and packets go by themselves a day after they are made, and their older versions a day later; a mailed file waiting in Arrived after its 30 days; nothing else of the bucket does", () => {
    const { bucket } = filesBucket();
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules.filter((rule) => 'ExpirationInDays' in rule)).toEqual([
      {
        Id: 'expire-share-copies',
        Prefix: 'shared/',
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      },
      {
        Id: 'expire-arrived',
        Prefix: 'arrived/',
        ExpirationInDays: MAIL_LIMITS.arrivedKeepDays,
        Status: 'Enabled',
      },
      {
        Id: 'expire-packets',
        Prefix: 'packets/',
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      },
    ]);
    expect(MAIL_LIMITS.arrivedKeepDays).toBe(30);
  });

  test('CORS allows the web origin and nothing else', () => {
    const { bucket } = filesBucket();
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({
        AllowedOrigins: [TEST_WEB_ORIGIN],
        AllowedMethods: ['PUT', 'GET', 'HEAD'],
        ExposedHeaders: ['ETag'],
      }),
    ]);
  });

  test('S3 events for both prefixes reach the catalogue', () => {
    const [notifications] = resourcesOf('Custom::S3BucketNotifications');
    const configs = notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations as {
      Events: string[];
      Filter: { Key: { FilterRules: { Name: string; Value: string }[] } };
    }[];
    const seen = configs.map((config) => `${config.Events.join()} ${config.Filter.Key.FilterRules[0].Value}`).sort();
    expect(seen).toEqual([
      's3:ObjectCreated:* profile-images/',
      's3:ObjectCreated:* statements/',
      's3:ObjectRemoved:* profile-images/',
      's3:ObjectRemoved:* statements/',
    ]);
  });
});

describe('operations: tracing', () => {
  test('X-Ray traces API Gateway, every function and AppSync', () => {
    for (const stage of resourcesOf('AWS::ApiGateway::Stage')) expect(stage.Properties.TracingEnabled).toBe(true);
    const ours = ourFunctions();
    // Every principal but the GraphQL data sources, GuardDuty's role, the deletion jobs' role and the share reader's role is a function.
    expect(ours).toHaveLength(Object.keys(stack.principals).length - 5);
    for (const fn of ours) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', { XrayEnabled: true });
  });
});

describe('operations: alarms to one topic, and a dashboard', () => {
  const alarms = () => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as { Properties: any }[];
  const alarmNamed = (pattern: RegExp) => alarms().filter((alarm) => pattern.test(alarm.Properties.AlarmName));

  test.each<[string, RegExp, number]>([
    ['5xx rate of both REST APIs and the GraphQL API', /-(profile-image-api|statements-api|graphql)-Fault-Rate-Critical$/, 3],
    ['p99 latency of both REST APIs and the GraphQL API', /-(profile-image-api|statements-api|graphql)-Latency-P99-Critical$/, 3],
    [
      'errors of every function, the web server among them',
      /-(profile-image-api|statements-api|catalogue|catalogue-sweep|web-server)-Fault-Count-Critical$/,
      5,
    ],
    [
      'throttles of every function',
      /-(profile-image-api|statements-api|catalogue|catalogue-sweep|web-server)-Throttled-Count-Critical$/,
      5,
    ],
    [
      "every function's duration near its timeout",
      /-(profile-image-api|statements-api|catalogue|catalogue-sweep|web-server)-Latency-P99-Warning$/,
      5,
    ],
    ["the 5xx rate of the web app's distribution", /-web-Fault-Rate-Critical$/, 1],
    ['throttled reads and writes of the table', /-table-(Read|Write)-Throttled-Events-Critical$/, 2],
    ["an event in the catalogue's failure queue", /-catalogue-failures-Queue-Message-Count-Max-Critical$/, 1],
  ])('an alarm for %s', (_what, pattern, count) => {
    expect(alarmNamed(pattern)).toHaveLength(count);
  });

  test('every alarm notifies the one alarm topic, which takes TLS only', () => {
    const topics = Object.keys(template.findResources('AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topics[0] }]);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  test('alarmEmail subscribes an address to the alarms; a bad one is refused', () => {
    synthVault({ alarmEmail: 'oncall@vault.example.com' }).template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@vault.example.com',
    });
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() => synthVault({ alarmEmail: 'on call' })).toThrow('alarmEmail: "on call" is not an e-mail address');
  });
});

describe('catalogue failures', () => {
  test("events the catalogue still fails on after Lambda's two retries go to an encrypted, TLS-only queue kept 14 days", () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const [queueId, queue] = Object.entries(queues)[0] as [string, { Properties: any }];
    expect(Object.keys(queues)).toHaveLength(1);
    expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    const outputs = template.toJSON().Outputs as Record<string, unknown>;
    expect(outputs.CatalogueFailureQueueUrl).toBeDefined();
    expect(outputs.CatalogueFunctionName).toBeDefined();
  });
});

describe('catalogue sweep', () => {
  test('runs on a schedule within the stated window', () => {
    expect(SWEEP_INTERVAL_MINUTES.aws).toBe(60);
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 hour)' });
  });

  test('reads the table owner by owner (Query), never with a Scan', () => {
    expect(actionsOf('sweep')).toContain('dynamodb:Query');
    for (const policy of resourcesOf('AWS::IAM::Policy')) expect(JSON.stringify(policy.Properties)).not.toContain('dynamodb:Scan');
  });
});

describe('REST APIs', () => {
  test('there are two, each deployed on stage prod with access logs, throttling and execution logs', () => {
    expect(resourcesOf('AWS::ApiGateway::RestApi')).toHaveLength(2);
    const stages = resourcesOf('AWS::ApiGateway::Stage');
    expect(stages).toHaveLength(2);
    for (const stage of stages) {
      expect(stage.Properties.StageName).toBe(API_STAGE);
      expect(API_STAGE).toBe('prod');
      expect(stage.Properties.AccessLogSetting.DestinationArn).toBeDefined();
      expect(stage.Properties.MethodSettings).toEqual([
        expect.objectContaining({
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: expect.any(Number),
          ThrottlingBurstLimit: expect.any(Number),
        }),
      ]);
    }
  });

  test("every method but the CORS preflight has the Cognito authorizer, but the share routes, which take the web server's IAM-signed calls", () => {
    const methods = resourcesOf('AWS::ApiGateway::Method');
    const nonPreflight = methods.filter((method) => method.Properties.HttpMethod !== 'OPTIONS');
    const iamSigned = nonPreflight.filter((method) => method.Properties.AuthorizationType === 'AWS_IAM');
    const routeCount = Object.keys(PROFILE_IMAGE_ROUTES).length + Object.keys(STATEMENT_ROUTES).length;
    expect(iamSigned).toHaveLength(Object.keys(SHARE_ROUTES).length);
    expect(nonPreflight).toHaveLength(routeCount + iamSigned.length);
    for (const method of nonPreflight.filter((method) => !iamSigned.includes(method))) {
      expect(method.Properties.AuthorizationType).toBe('COGNITO_USER_POOLS');
      expect(method.Properties.AuthorizerId).toEqual({ Ref: expect.any(String) });
      expect(method.Properties.RequestValidatorId).toEqual({ Ref: expect.any(String) });
    }
    for (const method of methods.filter((m) => m.Properties.HttpMethod === 'OPTIONS')) {
      expect(method.Properties.AuthorizationType).toBe('NONE');
      expect(method.Properties.Integration.Type).toBe('MOCK');
    }
    for (const authorizer of resourcesOf('AWS::ApiGateway::Authorizer')) {
      expect(authorizer.Properties).toMatchObject({
        Type: 'COGNITO_USER_POOLS',
        IdentitySource: 'method.request.header.Authorization',
      });
    }
  });

  test('request validation checks bodies against the contract schemas', () => {
    for (const validator of resourcesOf('AWS::ApiGateway::RequestValidator')) {
      expect(validator.Properties).toMatchObject({ ValidateRequestBody: true, ValidateRequestParameters: true });
    }
    template.hasResourceProperties('AWS::ApiGateway::Model', {
      Schema: Match.objectLike({
        required: ['fileName', 'contentType', 'size', 'accountLabel', 'period', 'checksum'],
        additionalProperties: false,
      }),
    });
  });

  test("gateway errors answer in the contract's error shape", () => {
    const responses = resourcesOf('AWS::ApiGateway::GatewayResponse');
    const byType = new Map<string, string>();
    for (const response of responses) {
      const body = JSON.parse(response.Properties.ResponseTemplates['application/json']);
      expect(isErrorBody(body)).toBe(true);
      byType.set(response.Properties.ResponseType, body.error.code);
    }
    expect(byType.get('UNAUTHORIZED')).toBe('UNAUTHORIZED');
    expect(byType.get('BAD_REQUEST_BODY')).toBe('BAD_REQUEST');
    expect(byType.get('DEFAULT_5XX')).toBe('INTERNAL');
  });

  test('API Gateway holds one invoke permission per function, scoped to its API, however many routes the API has', () => {
    const apiPermissions = resourcesOf('AWS::Lambda::Permission').filter(
      (permission) => permission.Properties.Principal === 'apigateway.amazonaws.com',
    );
    const apiOf = (api: IConstruct) => stack.getLogicalId(api.node.defaultChild as CfnElement);
    const functions = [
      [stack.principals.profileImageApi, apiOf(stack.restApis.profileImageApi)],
      [stack.principals.statementsApi, apiOf(stack.restApis.statementsApi)],
      [stack.principals.shareApi, apiOf(stack.restApis.statementsApi)],
    ] as const;
    expect(apiPermissions).toHaveLength(functions.length);
    for (const [fn, api] of functions) {
      const own = apiPermissions.filter((permission) =>
        JSON.stringify(permission.Properties.FunctionName).includes(logicalId(fn.function)),
      );
      expect(own).toHaveLength(1);
      expect(own[0].Properties.Action).toBe('lambda:InvokeFunction');
      // arn:…:execute-api:region:account:{api id}/*/*/*: any method and stage of that one API.
      const sourceArn = JSON.stringify(own[0].Properties.SourceArn);
      expect(sourceArn).toContain(`{"Ref":"${api}"},"/*/*/*"]`);
    }
  });
});

describe('presign Lambdas', () => {
  test('run Node.js 24 on arm64, like every function of ours', () => {
    const ours = ourFunctions();
    expect(ours).toHaveLength(15);
    for (const fn of ours) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  test('each may sign only under its own key prefix', () => {
    const policies = ourPolicies().map((policy) => JSON.stringify(policy.Properties.PolicyDocument));
    // GuardDuty's role writes one object of its own, to check it may use the bucket; the share
    // reader writes the copies of shared files, under their own prefix only.
    const s3Statements = policies.filter(
      (doc) =>
        doc.includes('s3:PutObject') &&
        !doc.includes('malware-protection-resource-validation-object') &&
        !/"s3:PutObject".{0,200}\/shared\/\*/s.test(doc),
    );
    expect(s3Statements).toHaveLength(2);
    expect(s3Statements.filter((doc) => doc.includes('/profile-images/*') && !doc.includes('/statements/*'))).toHaveLength(1);
    expect(s3Statements.filter((doc) => doc.includes('/statements/*') && !doc.includes('/profile-images/*'))).toHaveLength(1);
  });
});

describe('outputs', () => {
  test('one output per deployment-specific web-config value', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    for (const name of Object.values(OUTPUT_NAMES)) expect(outputs[name]?.Value).toBeDefined();
  });
});

describe('least privilege: each principal may do exactly what its code does', () => {
  const TRACING = ['xray:PutTelemetryRecords *', 'xray:PutTraceSegments *'];
  /** The records table anywhere but the kept PDF passwords' partitions (grantRecords). */
  const records = (action: string) => `dynamodb:${action} table if {"ForAllValues:StringNotLike":{"dynamodb:LeadingKeys":["PDFPW#*"]}}`;
  /** The kept PDF passwords' partitions only (grantPdfPasswords). */
  const pdfPasswords = (action: string) => `dynamodb:${action} table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["PDFPW#*"]}}`;
  /** Reading a record and writing it with its list copies and summaries, and the function's own logs. */
  // Records go in transactions; a statement's search postings in batches (BatchWriteItem).
  const RECORD_WRITES = [
    ...['BatchWriteItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem'].map(records),
    'logs:CreateLogStream log group',
    'logs:PutLogEvents log group',
  ];
  // Reads the secret each owner's identifier key is derived from (contract/accounts/identifier-keys).
  const DERIVES_OWNER_KEYS = ['secretsmanager:DescribeSecret identifier secret', 'secretsmanager:GetSecretValue identifier secret'];
  const CATALOGUE_GRANTS = [
    ...RECORD_WRITES,
    // A new record only while no statement of its id is in Recently deleted.
    records('ConditionCheckItem'),
    // A protected PDF is read with the password its owner keeps for its account.
    pdfPasswords('GetItem'),
    's3:DeleteObject bucket/profile-images/*',
    's3:DeleteObject bucket/statements/*',
    's3:GetObject bucket/profile-images/*',
    's3:GetObject bucket/statements/*',
    's3:GetObjectTagging bucket/profile-images/*',
    's3:GetObjectTagging bucket/statements/*',
    's3:ListBucket bucket',
    // Hashes the account numbers in a statement's text under its owner's key (contract/search/identifiers).
    ...DERIVES_OWNER_KEYS,
    ...TRACING,
  ];

  // What sends web push: the key pair, and the owners' devices (listed, touched, removed when gone).
  const PUSH_SENDS = [
    'dynamodb:DeleteItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
    'dynamodb:Query table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
    'dynamodb:UpdateItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
    'secretsmanager:DescribeSecret vapid secret',
    'secretsmanager:GetSecretValue vapid secret',
  ];
  // What moves an account's due day on (StatementReminders.grantDueRefresh): its summary and list, and the due partition.
  const DUE_REFRESH = [
    'dynamodb:DeleteItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["DUE"]}}',
    'dynamodb:GetItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
    'dynamodb:PutItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["DUE"]}}',
    'dynamodb:Query table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*|account|*"]}}',
    'dynamodb:UpdateItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
  ];

  test.each<[keyof VaultPrincipals, string[]]>([
    [
      'profileImageApi',
      [
        records('GetItem'),
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        's3:GetObject bucket/profile-images/*',
        's3:PutObject bucket/profile-images/*',
        ...TRACING,
      ].sort(),
    ],
    [
      'statementsApi',
      [
        // Shares: the owner's shares with their counts, and an account's statements over a span.
        records('BatchGetItem'),
        // Signing, restoring and sharing check, in their transaction, that no deletion has begun.
        'dynamodb:ConditionCheckItem table if {"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["DELETIONS"]}}',
        ...['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map(records),
        // Starts an account deletion: the worker's own function, nothing else of Lambda.
        'lambda:InvokeFunction deletion worker',
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        's3:AbortMultipartUpload bucket/statements/*',
        // A delete moves the record to Recently deleted and leaves the file; deleting for good
        // removes every version of it (listed only under the statements' prefix).
        's3:DeleteObjectVersion bucket/statements/*',
        's3:GetObject bucket/statements/*',
        's3:ListBucketVersions bucket if {"StringLike":{"s3:prefix":["statements/*"]}}',
        's3:ListMultipartUploadParts bucket/statements/*',
        's3:PutObject bucket/statements/*',
        // Writes a packet as a stream of parts (aborted when it fails), tags it with the clean verdict of the
        // files it holds, and signs its download: under the packets' prefix only.
        's3:AbortMultipartUpload bucket/packets/*',
        's3:GetObject bucket/packets/*',
        's3:PutObject bucket/packets/*',
        's3:PutObjectTagging bucket/packets/*',
        // Derives each owner's identifier key, for the owner's browser.
        ...DERIVES_OWNER_KEYS,
        ...PUSH_SENDS,
        ...TRACING,
      ].sort(),
    ],
    // The catalogue and the sweep: read, refuse and list objects; write records. Lambda
    // delivers the events the catalogue failed on with the catalogue's own role; the
    // sweep reads each owner's partition with a Query.
    [
      'catalogue',
      [
        ...new Set([
          ...CATALOGUE_GRANTS,
          ...PUSH_SENDS,
          ...DUE_REFRESH,
          'sqs:GetQueueAttributes failure queue',
          'sqs:GetQueueUrl failure queue',
          'sqs:SendMessage failure queue',
        ]),
      ].sort(),
    ],
    // The sweep also deletes for good what stayed 30 days in Recently deleted: every version of the file;
    // and sends a file whose malware verdict never came to be scanned again (GuardDuty's on-demand scan).
    [
      'sweep',
      [
        ...CATALOGUE_GRANTS,
        records('Query'),
        'guardduty:SendObjectMalwareScan *',
        // Moves the passwords an earlier release kept on account summaries, and deletes those no account keeps.
        ...['DeleteItem', 'PutItem', 'Query'].map(pdfPasswords),
        's3:DeleteObjectVersion bucket/statements/*',
        's3:ListBucketVersions bucket if {"StringLike":{"s3:prefix":["statements/*"]}}',
      ].sort(),
    ],
    // The scan results: the verdict on a statement or avatar, which it may also catalogue or refuse.
    // IAM keeps one statement where two grants give the same (the devices' and the due day's updates).
    ['scanResults', [...new Set([...CATALOGUE_GRANTS, ...PUSH_SENDS, ...DUE_REFRESH])].sort()],
    // The deletion worker: the jobs' partition only, and the job role, which it assumes per job.
    [
      'accountDeletion',
      [
        'dynamodb:GetItem table if {"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["DELETIONS"]}}',
        'dynamodb:PutItem table if {"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["DELETIONS"]}}',
        'dynamodb:Query table if {"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["DELETIONS"]}}',
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        'sts:AssumeRole deletion job role',
        ...TRACING,
      ],
    ],
    // The job role: every version under the owner's three prefixes (statements, avatar, packets;
    // listed only there), the uploads under way, the table's items and the pool's users; each
    // job's session policy narrows it to one owner (test/lambda/session-policy.test.ts).
    [
      'accountDeletionJob',
      [
        'cognito-idp:AdminDeleteUser user pool',
        ...['BatchWriteItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map(records),
        // The owner's kept PDF passwords, listed by their keys only and deleted in batches: never read.
        ...['BatchWriteItem', 'Query'].map(
          (action) =>
            `dynamodb:${action} table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["PDFPW#*"],"dynamodb:Attributes":["pk","sk"]},"StringEqualsIfExists":{"dynamodb:Select":"SPECIFIC_ATTRIBUTES"}}`,
        ),
        's3:AbortMultipartUpload bucket/arrived/*',
        's3:AbortMultipartUpload bucket/packets/*',
        's3:AbortMultipartUpload bucket/profile-images/*',
        's3:AbortMultipartUpload bucket/statements/*',
        's3:DeleteObject bucket/arrived/*',
        's3:DeleteObject bucket/packets/*',
        's3:DeleteObject bucket/profile-images/*',
        's3:DeleteObject bucket/statements/*',
        's3:DeleteObjectVersion bucket/arrived/*',
        's3:DeleteObjectVersion bucket/packets/*',
        's3:DeleteObjectVersion bucket/profile-images/*',
        // The copies of the owner's shared files, each share's folder named by its session.
        's3:DeleteObjectVersion bucket/shared/*',
        's3:DeleteObjectVersion bucket/statements/*',
        's3:ListBucketMultipartUploads bucket',
        's3:ListBucketVersions bucket if {"StringLike":{"s3:prefix":["statements/*","profile-images/*","packets/*","arrived/*","shared/*"]}}',
      ].sort(),
    ],
    // The web server: its config arrives in its environment; of AWS it calls only the share
    // routes, each method by itself, for a link's recipient.
    [
      'webServer',
      [
        'execute-api:Invoke statements API /prod/GET/shared',
        'execute-api:Invoke statements API /prod/GET/shared/*/url',
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        ...TRACING,
      ],
    ],
    // The share function: the shares' and the rate limits' partitions, the deletion jobs' (to read), and its reader role; nothing of a file or an owner's records.
    [
      'shareApi',
      [
        // Whether the share's owner is closing their account.
        'dynamodb:GetItem table if {"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["DELETIONS"]}}',
        'dynamodb:GetItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["SHARE#*","RATE#*|*"]}}',
        'dynamodb:PutItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["SHARE#*","RATE#*|*"]}}',
        'dynamodb:UpdateItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["SHARE#*","RATE#*|*"]}}',
        // A first opening is told by the notifier, which reaches owners' devices; this function does not.
        'lambda:InvokeFunction push notifier',
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        'sts:AssumeRole share reader role',
        ...TRACING,
      ].sort(),
    ],
    // The notifier: the owner's own item of the share (what the notice may say) and the devices.
    [
      'pushNotifier',
      [
        // The owner's own item of the share: owners' partitions only.
        'dynamodb:GetItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
        ...PUSH_SENDS,
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        ...TRACING,
      ].sort(),
    ],
    // The reminders: the due partition (read, and entries removed as they move on), the accounts' facts,
    // a notice recorded in its owner's partition before it is sent, and the devices.
    [
      'reminders',
      [
        ...new Set([
          ...DUE_REFRESH,
          'dynamodb:Query table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["DUE"]}}',
          'dynamodb:PutItem table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"]}}',
          ...PUSH_SENDS,
          'logs:CreateLogStream log group',
          'logs:PutLogEvents log group',
          ...TRACING,
        ]),
      ].sort(),
    ],
    // The custom resource's function: the key pair's secret, read and written once; nothing else.
    [
      'vapidKeyMaker',
      [
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        'secretsmanager:DescribeSecret vapid secret',
        'secretsmanager:GetSecretValue vapid secret',
        'secretsmanager:PutSecretValue vapid secret',
        ...TRACING,
      ].sort(),
    ],
    // The API key renewal: UpdateApiKey, which AppSync authorizes on '*' only (the next test), and nothing else.
    ['apiKeyRenewal', ['appsync:UpdateApiKey *', 'logs:CreateLogStream log group', 'logs:PutLogEvents log group', ...TRACING].sort()],
    // The retention of the Lambda@Edge function's one log group, in whichever region it is, and the list of regions.
    [
      'edgeLogRetention',
      [
        'ec2:DescribeRegions *',
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        'logs:PutRetentionPolicy edge log group (:*), any region',
        'logs:PutRetentionPolicy edge log group, any region',
        ...TRACING,
      ].sort(),
    ],
    // The reader role: statement records and files, to read; each session of it reaches one owner's records and one file
    // (test/lambda/share-session-policy.test.ts).
    [
      'shareReader',
      [
        // Owners' items only, and of them only what a recipient is served, by name.
        ...['BatchGetItem', 'GetItem'].map(
          (action) =>
            `dynamodb:${action} table if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["USER#*"],"dynamodb:Attributes":${JSON.stringify(SHARE_READ_FIELDS)}},"StringEqualsIfExists":{"dynamodb:Select":"SPECIFIC_ATTRIBUTES"}}`,
        ),
        // A shared file is copied, with its verdict (its tags), under its share; the recipient's URL is the copy's.
        's3:GetObject bucket/shared/*',
        's3:GetObject bucket/statements/*',
        's3:GetObjectTagging bucket/statements/*',
        's3:PutObject bucket/shared/*',
        's3:PutObjectTagging bucket/shared/*',
      ],
    ],
    // The GraphQL resolvers: GetItem (me, statement), Query (statements, Recently deleted), UpdateItem (updateProfile).
    ['graphqlTable', ['GetItem', 'Query', 'UpdateItem'].map(records)],
    // The steps that keep and answer a person's PDF password, in the caller's passwords partition (the VTL names it).
    ['graphqlPdfPasswords', ['DeleteItem', 'GetItem', 'PutItem'].map(pdfPasswords)],
    // The editStatements and renameAccount resolver: reads a record, then writes it, its list copies and summaries in
    // one transaction, holding the account's name to the account it files under (ConditionCheckItem).
    ['statementEdits', [...RECORD_WRITES, records('ConditionCheckItem'), ...TRACING].sort()],
    // The search resolvers: each word's postings (Query), the best's records (BatchGetItem), a record and its neighbours; nothing written.
    [
      'statementSearch',
      [
        ...['BatchGetItem', 'GetItem', 'Query'].map(records),
        'logs:CreateLogStream log group',
        'logs:PutLogEvents log group',
        // Hashes an account number typed whole under the caller's key, as the catalogue hashed those of their statements.
        ...DERIVES_OWNER_KEYS,
        ...TRACING,
      ].sort(),
    ],
  ])('%s', (name, expected) => {
    expect(grantsOf(name)).toEqual(expected);
  });

  test("each Lambda resolver's data source may invoke its function only (not its versions), and nothing else", () => {
    const sources = resourcesOf('AWS::AppSync::DataSource').filter((source) => source.Properties.Type === 'AWS_LAMBDA');
    const grants = sources.map((source) => {
      const roleId = (source.Properties.ServiceRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      return resourcesOf('AWS::IAM::Policy')
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string; Resource: unknown }[])
        .map((statement) => `${statement.Action} ${describeResource(statement.Resource)}`);
    });
    expect(grants.sort()).toEqual([
      ['lambda:InvokeFunction statement edits function'],
      ['lambda:InvokeFunction statement search function'],
    ]);
  });

  test('only the deletion worker may assume the job role', () => {
    const jobRoleId = logicalId(stack.principals.accountDeletionJob as unknown as IConstruct);
    const workerRoleId = logicalId(stack.principals.accountDeletion.grantPrincipal as unknown as IConstruct);
    const role = template.toJSON().Resources[jobRoleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { AWS: { 'Fn::GetAtt': [workerRoleId, 'Arn'] } } },
    ]);
    expect(role.MaxSessionDuration).toBe(3600);
  });

  test('only the share function may assume the share reader role', () => {
    const readerRoleId = logicalId(stack.principals.shareReader as unknown as IConstruct);
    const functionRoleId = logicalId(stack.principals.shareApi.grantPrincipal as unknown as IConstruct);
    const role = template.toJSON().Resources[readerRoleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { AWS: { 'Fn::GetAtt': [functionRoleId, 'Arn'] } } },
    ]);
    // And nothing else may invoke the share routes but the web server (the least-privilege table above).
    const invokers = (Object.keys(stack.principals) as (keyof VaultPrincipals)[]).filter((name) =>
      grantsOf(name).some((grant) => grant.startsWith('execute-api:Invoke')),
    );
    expect(invokers).toEqual(['webServer']);
  });

  test("nothing but X-Ray's two actions, the key renewal's UpdateApiKey, the edge log retention's DescribeRegions and the sweep's SendObjectMalwareScan (which take no resource) is granted on every resource ('*')", () => {
    const alsoOnEvery: Record<string, string> = {
      [logicalId(stack.principals.apiKeyRenewal.role)]: 'appsync:UpdateApiKey',
      [logicalId(stack.principals.sweep.role)]: 'guardduty:SendObjectMalwareScan',
      [logicalId(stack.principals.edgeLogRetention.role)]: 'ec2:DescribeRegions',
    };
    for (const policy of ourPolicies()) {
      const own = Object.entries(alsoOnEvery).find(([role]) => JSON.stringify(policy.Properties.Roles).includes(role))?.[1];
      for (const statement of policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]) {
        if (statement.Resource !== '*') continue;
        const actions = [statement.Action].flat().sort();
        // CDK merges statements on the same resource: a function's '*' is one statement of three actions.
        expect(actions).toEqual([...(own ? [own] : []), 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'].sort());
      }
    }
  });

  test("the key renewal runs daily on the web app's API and key", () => {
    const renewal = logicalId(stack.principals.apiKeyRenewal.function);
    const fn = template.findResources('AWS::Lambda::Function')[renewal].Properties;
    const keys = template.findResources('AWS::AppSync::ApiKey');
    expect(Object.keys(keys)).toHaveLength(1);
    expect(fn.Environment.Variables.GRAPHQL_API_KEY_ID).toEqual({ 'Fn::GetAtt': [Object.keys(keys)[0], 'ApiKeyId'] });
    expect(fn.Environment.Variables.GRAPHQL_API_ID).toEqual({ 'Fn::GetAtt': [logicalId(stack.data.api), 'ApiId'] });
    const rules = resourcesOf('AWS::Events::Rule').filter((rule) => JSON.stringify(rule.Properties.Targets).includes(renewal));
    expect(rules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(1 day)']);
    // The alarm: two days without a renewal (missing data breaches), or a key under 358 days.
    const alarm = resourcesOf('AWS::CloudWatch::Alarm').find((a) => a.Properties.MetricName === 'ApiKeyDaysLeft')!.Properties;
    expect(alarm).toMatchObject({
      Namespace: 'StatementVault',
      Dimensions: [
        { Name: 'service', Value: 'api-key-renewal' },
        { Name: 'stage', Value: 'prod' },
      ],
      Statistic: 'Minimum',
      Period: 86400,
      Threshold: 358,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
    });
  });

  test("CDK's deployment-time copy of the static files reaches neither people's files nor the table", () => {
    const roles = deploymentHandlerRole();
    expect(roles).toHaveLength(1);
    const policies = resourcesOf('AWS::IAM::Policy').filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roles[0]));
    const text = JSON.stringify(policies);
    expect(text).toContain(logicalId(stack.web.assetsBucket));
    for (const construct of [stack.storage.bucket, stack.storage.accessLogBucket, stack.data.table])
      expect(text).not.toContain(logicalId(construct));
  });

  test('no policy of ours grants a wildcard action', () => {
    for (const policy of ourPolicies()) {
      for (const statement of policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]) {
        for (const action of [statement.Action].flat()) expect(action).not.toMatch(/\*/);
      }
    }
  });
});

describe('malware scanning', () => {
  const bucketPolicyStatements = () =>
    resourcesOf('AWS::S3::BucketPolicy').find((policy) =>
      JSON.stringify(policy.Properties.Bucket).includes(logicalId(stack.storage.bucket)),
    )!.Properties.PolicyDocument.Statement as {
      Sid?: string;
      Effect: string;
      Action: string | string[];
      Condition?: Record<string, Record<string, unknown>>;
    }[];

  test('GuardDuty Malware Protection scans both prefixes of the files bucket and tags each object with its verdict', () => {
    template.hasResourceProperties('AWS::GuardDuty::MalwareProtectionPlan', {
      ProtectedResource: {
        S3Bucket: { BucketName: { Ref: logicalId(stack.storage.bucket) }, ObjectPrefixes: ['statements/', 'profile-images/'] },
      },
      Actions: { Tagging: { Status: 'ENABLED' } },
      Role: { 'Fn::GetAtt': [logicalId(stack.principals.malwareScan.grantPrincipal as unknown as IConstruct), 'Arn'] },
    });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'malware-protection-plan.guardduty.amazonaws.com' } })],
      }),
    });
  });

  test("the bucket policy refuses GetObject of anything not tagged clean, to everyone but GuardDuty and the catalogue's functions", () => {
    const deny = bucketPolicyStatements().find((statement) => statement.Sid === 'DenyReadUnlessScannedClean')!;
    expect(deny).toMatchObject({ Effect: 'Deny', Principal: { AWS: '*' }, Action: ['s3:GetObject', 's3:GetObjectVersion'] });
    expect(deny.Condition!.StringNotEquals).toEqual({ 's3:ExistingObjectTag/GuardDutyMalwareScanStatus': 'NO_THREATS_FOUND' });
    const exempt = JSON.stringify(deny.Condition!.ArnNotEquals['aws:PrincipalArn']);
    for (const name of ['malwareScan', 'catalogue', 'sweep', 'scanResults'] as const) {
      expect(exempt).toContain(logicalId(stack.principals[name].grantPrincipal as unknown as IConstruct));
    }
    // The presign APIs, which sign people's downloads, are not exempt.
    for (const name of ['statementsApi', 'profileImageApi'] as const) {
      expect(exempt).not.toContain(logicalId(stack.principals[name].grantPrincipal as unknown as IConstruct));
    }
  });

  test("GuardDuty's verdicts on this bucket reach the scan-result function", () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.guardduty'],
        'detail-type': ['GuardDuty Malware Protection Object Scan Result'],
        detail: { s3ObjectDetails: { bucketName: [{ Ref: logicalId(stack.storage.bucket) }] } },
      },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId(stack.principals.scanResults.function), 'Arn'] } })],
    });
  });

  test("a threat found raises an alarm, whichever function applied the verdict (the scan result's, the catalogue's, the sweep's)", () => {
    const [alarm] = resourcesOf('AWS::CloudWatch::Alarm').filter(
      (candidate) => candidate.Properties.AlarmName === 'StatementVault-prod-malware-threats-found-Critical',
    );
    expect(alarm.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(alarmMetrics(alarm as TemplateAlarm)).toEqual(
      ['scan-results', 'catalogue', 'catalogue-sweep'].map(
        (service) =>
          `StatementVault ThreatsFound ${JSON.stringify([
            { Name: 'service', Value: service },
            { Name: 'stage', Value: 'prod' },
          ])}`,
      ),
    );
  });

  test('a file with no verdict an hour after it arrived raises an alarm, on what the sweep counts, from one hourly run to the next', () => {
    const [alarm] = resourcesOf('AWS::CloudWatch::Alarm').filter(
      (candidate) => candidate.Properties.AlarmName === 'StatementVault-prod-malware-scans-overdue-Critical',
    );
    expect(alarm.Properties).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      Period: SWEEP_INTERVAL_MINUTES.aws * 60,
      TreatMissingData: 'notBreaching',
    });
    expect(alarmMetrics(alarm as TemplateAlarm)).toEqual([
      `StatementVault ScansOverdue ${JSON.stringify([
        { Name: 'service', Value: 'catalogue-sweep' },
        { Name: 'stage', Value: 'prod' },
      ])}`,
    ]);
    // The sweep alone may ask GuardDuty to scan a file again.
    const askers = (Object.keys(stack.principals) as (keyof VaultPrincipals)[]).filter((name) =>
      grantsOf(name).some((grant) => grant.startsWith('guardduty:SendObjectMalwareScan')),
    );
    expect(askers).toEqual(['sweep']);
  });
});

describe('what AWS would break on a first deploy', () => {
  test('HEAD of a missing key: every function that asks S3 whether an object exists may list the bucket (else S3 answers 403, not 404)', () => {
    // The catalogue and the sweep HEAD objects that may be gone; the presign APIs never do.
    for (const name of ['catalogue', 'sweep'] as const) expect(actionsOf(name)).toContain('s3:ListBucket');
    for (const name of ['profileImageApi', 'statementsApi'] as const) expect(actionsOf(name)).not.toContain('s3:ListBucket');
    // The profile image download asks the table (avatarKey), not S3, whether there is an avatar.
    expect(actionsOf('profileImageApi')).toContain('dynamodb:GetItem');
  });

  test('e-mail sign-in is case-insensitive (fixed when the pool is created)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { UsernameConfiguration: { CaseSensitive: false } });
  });

  test('Cognito sends e-mail through SES from the configured address', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'no-reply@vault.example.com',
        SourceArn: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/vault.example.com$')])] },
      },
    });
  });

  test('the web client carries no OAuth flow: no implicit grant, no callback URL', () => {
    const [client] = resourcesOf('AWS::Cognito::UserPoolClient');
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client.Properties.AllowedOAuthScopes).toBeUndefined();
    expect(client.Properties.CallbackURLs).toBeUndefined();
  });

  test("API Gateway logs through one role for the whole account (the account stack's), which may write any log group of the account and region; the role and the setting outlive every stack", () => {
    const { account, stack: prod } = synthVault();
    const [setting] = Object.values(account!.findResources('AWS::ApiGateway::Account')) as { DeletionPolicy?: string; Properties: any }[];
    expect(setting.DeletionPolicy).toBe('Retain');
    const roleId = setting.Properties.CloudWatchRoleArn['Fn::GetAtt'][0];
    const role = account!.toJSON().Resources[roleId];
    expect(role.DeletionPolicy).toBe('Retain');
    expect(role.Properties.Policies).toEqual([
      {
        PolicyName: 'Logs',
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Action: [
                'logs:CreateLogGroup',
                'logs:CreateLogStream',
                'logs:DescribeLogGroups',
                'logs:DescribeLogStreams',
                'logs:FilterLogEvents',
                'logs:GetLogEvents',
                'logs:PutLogEvents',
              ],
              Resource: { 'Fn::Join': ['', ['arn:aws:logs:us-east-1:', { Ref: 'AWS::AccountId' }, ':log-group:*']] },
            },
          ],
        },
      },
    ]);
    // The stages' own templates hold neither: a stage deployed last no longer takes the setting from the other.
    template.resourceCountIs('AWS::ApiGateway::Account', 0);
    expect(prod.dependencies.map((dependency) => dependency.stackName)).toEqual(['StatementVaultAccount']);
  });

  test('execution logs go to groups the stack creates, with a retention, before each stage exists', () => {
    const groups = Object.entries(template.findResources('AWS::Logs::LogGroup')).filter(([, group]) =>
      JSON.stringify(group.Properties.LogGroupName ?? '').includes('API-Gateway-Execution-Logs_'),
    );
    expect(groups).toHaveLength(2);
    const stages = template.findResources('AWS::ApiGateway::Stage');
    for (const [id, group] of groups) {
      expect(group.Properties.RetentionInDays).toBe(365);
      expect(JSON.stringify(group.Properties.LogGroupName)).toContain(`/${API_STAGE}`);
      expect(Object.values(stages).filter((stage) => (stage.DependsOn ?? []).includes(id))).toHaveLength(1);
    }
  });
});

describe('AWS WAF (prod by default)', () => {
  const acls = () => template.findResources('AWS::WAFv2::WebACL') as Record<string, { Properties: any }>;
  const aclOf = (scope: string) => Object.entries(acls()).find(([, acl]) => acl.Properties.Scope === scope)!;
  const ruleNames = (acl: { Properties: any }) => acl.Properties.Rules.map((rule: { Name: string }) => rule.Name);

  test('one web ACL at CloudFront, in front of the distribution', () => {
    const [edgeId, edge] = aclOf('CLOUDFRONT');
    expect(Object.keys(acls())).toHaveLength(2);
    const distribution = resourcesOf('AWS::CloudFront::Distribution')[0].Properties.DistributionConfig;
    expect(distribution.WebACLId).toEqual({ 'Fn::GetAtt': [edgeId, 'Arn'] });
    expect(edge.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(ruleNames(edge)).toEqual(['RequestsPerAddress', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet']);
  });

  test('one regional web ACL in front of both REST API stages, AppSync and the user pool, and nothing else', () => {
    const [regionalId, regional] = aclOf('REGIONAL');
    const associations = resourcesOf('AWS::WAFv2::WebACLAssociation');
    for (const association of associations) expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [regionalId, 'Arn'] });
    const targets = associations.map((association) => JSON.stringify(association.Properties.ResourceArn));
    const stageOf = (api: IConstruct) => logicalId(api);
    expect(targets.filter((arn) => arn.includes('/stages/') && arn.includes(stageOf(stack.restApis.profileImageApi)))).toHaveLength(1);
    expect(targets.filter((arn) => arn.includes('/stages/') && arn.includes(stageOf(stack.restApis.statementsApi)))).toHaveLength(1);
    expect(targets).toContain(JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.data.api), 'Arn'] }));
    expect(targets.some((arn) => arn.includes('AuthUserPool') && arn.includes('"Arn"'))).toBe(true);
    expect(associations).toHaveLength(4);
    expect(ruleNames(regional)).toEqual([
      'AuthAttemptsPerAddress',
      'RequestsPerAddress',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesCommonRuleSet',
    ]);
  });

  test('rate rules count per address over five minutes; sign-in and sign-up attempts have their own, narrower limit', () => {
    const [, regional] = aclOf('REGIONAL');
    const rule = (name: string) => regional.Properties.Rules.find((r: { Name: string }) => r.Name === name);
    const auth = rule('AuthAttemptsPerAddress');
    expect(auth.Action).toEqual({ Block: {} });
    expect(auth.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300, Limit: 100 });
    const targets = auth.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map(
      (statement: any) => statement.ByteMatchStatement.SearchString,
    );
    expect(targets).toEqual(
      expect.arrayContaining(['AWSCognitoIdentityProviderService.InitiateAuth', 'AWSCognitoIdentityProviderService.SignUp']),
    );
    for (const statement of auth.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements)
      expect(statement.ByteMatchStatement).toMatchObject({
        FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
        PositionalConstraint: 'EXACTLY',
      });
    expect(rule('RequestsPerAddress').Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 1500 });
    // The managed groups block, but the body-size rule, which only counts.
    const common = rule('AWSManagedRulesCommonRuleSet');
    expect(common.OverrideAction).toEqual({ None: {} });
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    // Sampled requests would keep headers (tokens) in the console.
    for (const r of regional.Properties.Rules)
      expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: false });
  });

  test('a spike of blocked requests at either ACL raises an alarm, on the ACL by its name', () => {
    const alarms = resourcesOf('AWS::CloudWatch::Alarm').filter((alarm) => JSON.stringify(alarm.Properties).includes('BlockedRequests'));
    expect(alarms).toHaveLength(2);
    const dimensions = alarms.map((alarm) => alarm.Properties.Metrics[0].MetricStat.Metric.Dimensions);
    const names = Object.values(acls()).map((acl) => acl.Properties.Name);
    expect(names.sort()).toEqual(['StatementVault-prod-EdgeFirewall', 'StatementVault-prod-RegionalFirewall']);
    expect(dimensions).toEqual(
      expect.arrayContaining([
        expect.arrayContaining([
          { Name: 'WebACL', Value: 'StatementVault-prod-EdgeFirewall' },
          { Name: 'Rule', Value: 'ALL' },
        ]),
        expect.arrayContaining([
          { Name: 'WebACL', Value: 'StatementVault-prod-RegionalFirewall' },
          { Name: 'Region', Value: 'us-east-1' },
          { Name: 'Rule', Value: 'ALL' },
        ]),
      ]),
    );
    for (const alarm of alarms) expect(alarm.Properties).toMatchObject({ Threshold: 1000, ComparisonOperator: 'GreaterThanThreshold' });
  });

  test('dev has none unless asked (waf=true); prod turns it off with waf=false; anything else is refused', () => {
    const count = (context: Record<string, unknown>) =>
      Object.keys(synthVault(context).template.findResources('AWS::WAFv2::WebACL')).length;
    expect(count({ stage: 'dev' })).toBe(0);
    expect(count({ stage: 'dev', waf: 'true' })).toBe(2);
    expect(count({ waf: 'false' })).toBe(0);
    expect(count({ waf: false })).toBe(0);
    expect(() => synthVault({ waf: 'yes' })).toThrow('waf: expected true or false, got "yes"');
  });
});

describe('deployment choices by context', () => {
  test('each stage has its own stack; no stage given is dev', () => {
    expect(synthVault({ stage: 'prod' }).stack.stackName).toBe('StatementVault-prod');
    expect(synthVault({ stage: undefined, sesFromAddress: undefined }).stack.stackName).toBe('StatementVault-dev');
  });

  test('a dev stack takes its data with it; a prod stack keeps it, protected from deletion', () => {
    const dev = synthVault({ stage: 'dev', sesFromAddress: undefined, sesVerifiedDomain: undefined }).template;
    dev.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    dev.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
    for (const bucket of Object.values(dev.findResources('AWS::S3::Bucket'))) expect(bucket.DeletionPolicy).toBe('Delete');
    // Every version goes too: CDK empties the buckets before deleting them.
    dev.resourceCountIs('Custom::S3AutoDeleteObjects', 4);
    for (const group of Object.values(dev.findResources('AWS::Logs::LogGroup'))) expect(group.DeletionPolicy).toBe('Delete');

    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    // Only the web app's static files, which every deploy rebuilds, go with a prod stack.
    template.resourceCountIs('Custom::S3AutoDeleteObjects', 1);
    const kept = Object.entries(template.findResources('AWS::S3::Bucket')).filter(([, bucket]) => bucket.DeletionPolicy === 'Retain');
    expect(kept.map(([id]) => id).sort()).toEqual(
      [logicalId(stack.storage.bucket), logicalId(stack.storage.accessLogBucket), logicalId(stack.web.logBucket)].sort(),
    );
    for (const group of Object.values(template.findResources('AWS::Logs::LogGroup'))) expect(group.DeletionPolicy).toBe('Retain');
  });

  test("a dev deploy without SES uses Cognito's sender and says what it limits", () => {
    const { template: dev, assembly } = synthVault({ stage: 'dev', sesFromAddress: undefined, sesVerifiedDomain: undefined });
    dev.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
    const warnings = assembly
      .getStackByName('StatementVault-dev')
      .messages.filter((message) => message.level === 'warning')
      .map((message) => String(message.entry.data));
    expect(warnings).toContainEqual(expect.stringContaining('50 e-mails a day'));
  });

  test('a prod deploy refuses to synthesize without SES, naming the context to set', () => {
    expect(() => synthVault({ stage: 'prod', sesFromAddress: undefined, sesVerifiedDomain: undefined })).toThrow(
      /sesFromAddress: a prod deploy sends e-mail through SES/,
    );
  });

  test('a bad address or stage is refused with a clear message', () => {
    expect(() => synthVault({ sesFromAddress: 'not-an-address' })).toThrow('sesFromAddress: "not-an-address" is not an e-mail address');
    expect(() => synthVault({ stage: 'staging' })).toThrow('stage: "staging" is not one of dev, prod');
  });

  test("apiGatewayCloudWatchRole=existing leaves the account's API Gateway setting alone", () => {
    const { template: existing, account, stack: staged } = synthVault({ apiGatewayCloudWatchRole: 'existing' });
    // Nothing else asked of the account: no account stack at all (an empty one cannot deploy).
    expect(account).toBeUndefined();
    expect(staged.dependencies).toEqual([]);
    existing.resourceCountIs('AWS::ApiGateway::Account', 0);
    // The execution-log groups and their retention stay.
    expect(
      Object.values(existing.findResources('AWS::Logs::LogGroup')).filter((group) =>
        JSON.stringify(group.Properties.LogGroupName ?? '').includes('API-Gateway-Execution-Logs_'),
      ),
    ).toHaveLength(2);
  });
});

describe('web hosting', () => {
  const distribution = () => resourcesOf('AWS::CloudFront::Distribution')[0].Properties.DistributionConfig;
  const originOf = (targetOriginId: string) =>
    (distribution().Origins as { Id: string; DomainName: unknown; S3OriginConfig?: unknown; OriginAccessControlId?: unknown }[]).find(
      (origin) => origin.Id === targetOriginId,
    )!;

  test('one distribution: HTTPS only, HTTP/2 and 3, access logs, the cheapest price class by default', () => {
    expect(resourcesOf('AWS::CloudFront::Distribution')).toHaveLength(1);
    const config = distribution();
    expect(config.PriceClass).toBe('PriceClass_100');
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logicalId(stack.web.logBucket), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors])
      expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  test('pages come from the server function (Node.js 24, arm64, streaming) through Origin Access Control, never cached', () => {
    const server = stack.web.server.function;
    template.hasResourceProperties('AWS::Lambda::Url', {
      TargetFunctionArn: { 'Fn::GetAtt': [logicalId(server), 'Arn'] },
      AuthType: 'AWS_IAM',
      InvokeMode: 'RESPONSE_STREAM',
    });
    // Only this distribution may invoke the URL.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunctionUrl',
      Principal: 'cloudfront.amazonaws.com',
      SourceArn: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
    });
    const fn = template.findResources('AWS::Lambda::Function')[logicalId(server)].Properties;
    expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
    // Pages stream compressed at the quality made for content compressed per request (test/web/page-compression).
    expect(fn.Environment.Variables[PAGE_BROTLI.env]).toBe(String(PAGE_BROTLI.quality));
    const behavior = distribution().DefaultCacheBehavior;
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    // Pages and the forms posted to them; each body's hash is added at the edge (below).
    expect([...behavior.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    // The new hashed files are uploaded before the new server goes live.
    const serverResource = template.findResources('AWS::Lambda::Function')[logicalId(server)];
    const hashedDeployment = Object.entries(template.findResources('Custom::CDKBucketDeployment')).find(([, resource]) =>
      JSON.stringify(resource.Properties.Include ?? []).includes('_next/static/*'),
    )![0];
    expect(serverResource.DependsOn).toContain(hashedDeployment);
    expect(originOf(behavior.TargetOriginId).OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always' }),
    });
  });

  test("every request to the server passes Lambda@Edge with its body, which adds the body's hash OAC signs a POST with; its role writes its logs only", () => {
    const config = distribution();
    const serverBehaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors].filter(
      (b: any) => b.TargetOriginId === config.DefaultCacheBehavior.TargetOriginId,
    );
    // The pages, the share page, and what lies under it.
    expect(serverBehaviors).toHaveLength(3);
    for (const behavior of serverBehaviors)
      expect(behavior.LambdaFunctionAssociations).toEqual([
        {
          EventType: 'origin-request',
          IncludeBody: true,
          LambdaFunctionARN: { Ref: expect.stringMatching(/^WebPayloadHashFunctionCurrentVersion/) },
        },
      ]);
    const [id, fn] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([logical]) =>
      logical.startsWith('WebPayloadHashFunction'),
    )!;
    // Lambda@Edge: no environment, x86_64, a short timeout.
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['x86_64'], Timeout: 5, MemorySize: 128 });
    expect(fn.Properties.Environment).toBeUndefined();
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const role = template.findResources('AWS::IAM::Role')[roleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement[0].Principal.Service.sort()).toEqual([
      'edgelambda.amazonaws.com',
      'lambda.amazonaws.com',
    ]);
    expect(role.ManagedPolicyArns).toBeUndefined();
    const grants = resourcesOf('AWS::IAM::Policy')
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(grants).toEqual([
      {
        Effect: 'Allow',
        Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: {
          'Fn::Join': ['', ['arn:aws:logs:*:', { Ref: 'AWS::AccountId' }, ':log-group:/aws/lambda/us-east-1.', { Ref: id }, ':*']],
        },
      },
    ]);
  });

  test("the share page (`/s`, exactly) and what lies under it (`/s/*`) go to the server as every page does, forms included, never indexed, never cached, with a referrer to the page's own origin at most", () => {
    const config = distribution();
    const behaviors = config.CacheBehaviors as Record<string, any>[];
    const share = ['s', 's/*'].map((pattern) => behaviors.find((behavior) => behavior.PathPattern === pattern)!);
    // As CloudFront matches them (`*` any characters, `?` one): these two take the share page and what lies under it, and
    // no other page (`s*` would take /sign-in and /shares).
    const takes = (pattern: string, path: string) =>
      new RegExp(
        `^/?${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      ).test(path);
    const patternsFor = (path: string) => behaviors.filter((behavior) => takes(behavior.PathPattern, path)).map((b) => b.PathPattern);
    expect(patternsFor('/s')).toEqual(['s']);
    expect(patternsFor('/s/file')).toEqual(['s/*']);
    expect(patternsFor(`/s/${'A'.repeat(43)}`)).toEqual(['s/*']);
    for (const page of ['/sign-in', '/sign-up', '/shares', '/shares/01HZZZZZZZZZZZZZZZZZZZZZZZ', '/statements/search', '/'])
      expect(patternsFor(page)).toEqual([]);
    for (const [behavior, referrerPolicy] of [
      // The page posts its forms and server action to itself: with an Origin, which `no-referrer` would make `null`.
      [share[0], 'same-origin'],
      [share[1], 'no-referrer'],
    ] as const) {
      const { PathPattern: _pattern, ResponseHeadersPolicyId: headersPolicy, ...rest } = behavior;
      const { ResponseHeadersPolicyId: _pagesPolicy, ...pages } = config.DefaultCacheBehavior;
      // The link's secret arrives in a POST body (the page's action, a file's form): every method, its body hashed at the edge, nothing cached.
      expect(rest).toEqual(pages);
      expect(rest.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST']));
      const policy = template.toJSON().Resources[headersPolicy.Ref].Properties.ResponseHeadersPolicyConfig;
      expect(policy.SecurityHeadersConfig).toMatchObject({
        ReferrerPolicy: { ReferrerPolicy: referrerPolicy, Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ContentTypeOptions: { Override: true },
      });
      expect(policy.CustomHeadersConfig.Items).toEqual(
        expect.arrayContaining([
          { Header: 'X-Robots-Tag', Value: 'noindex, nofollow, noarchive', Override: true },
          { Header: 'Cache-Control', Value: 'no-store, private', Override: true },
        ]),
      );
    }
  });

  test("a share link's secret travels in POST bodies, and in a header from the web server to the API: nothing logs a body, a cookie or that header", () => {
    // CloudFront's standard logs (a year) write a request's line, Referer and User-Agent, never its body; no cookies, no real-time logs with other fields.
    expect(distribution().Logging.IncludeCookies ?? false).toBe(false);
    expect(template.findResources('AWS::CloudFront::RealtimeLogConfig')).toEqual({});
    // WAF logs would hold every header of a request, the web server's `x-share-secret` to the API among them: none are kept.
    expect(template.findResources('AWS::WAFv2::LoggingConfiguration')).toEqual({});
    // API Gateway neither traces bodies and headers nor puts a header in its access log.
    for (const stage of resourcesOf('AWS::ApiGateway::Stage')) {
      expect(stage.Properties.MethodSettings).toEqual([expect.objectContaining({ DataTraceEnabled: false, LoggingLevel: 'ERROR' })]);
      expect(JSON.stringify(stage.Properties.AccessLogSetting.Format)).not.toMatch(/header|x-share|requestOverride|\$input/i);
    }
  });

  test("Lambda@Edge's logs, in whichever regions it runs, are kept a year (a daily run sets each group's retention), and its errors raise an alarm", () => {
    const setter = logicalId(stack.principals.edgeLogRetention.function);
    const [edgeId] = Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) => id.startsWith('WebPayloadHashFunction'));
    const fn = template.findResources('AWS::Lambda::Function')[setter].Properties;
    expect(fn.Environment.Variables).toMatchObject({
      EDGE_LOG_GROUP_NAME: { 'Fn::Join': ['', ['/aws/lambda/us-east-1.', { Ref: edgeId }]] },
      EDGE_LOG_RETENTION_DAYS: '365',
    });
    const rules = resourcesOf('AWS::Events::Rule').filter((rule) => JSON.stringify(rule.Properties.Targets).includes(setter));
    expect(rules.map((rule) => rule.Properties.ScheduleExpression)).toEqual(['rate(1 day)']);

    const [alarm] = resourcesOf('AWS::CloudWatch::Alarm').filter(
      (candidate) => candidate.Properties.AlarmName === 'StatementVault-prod-edge-function-edge-function-errors-Critical',
    );
    expect(alarm.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const watched = alarmMetrics(alarm as TemplateAlarm);
    const dimensions = JSON.stringify([
      { Name: 'DistributionId', Value: { Ref: logicalId(stack.web.distribution) } },
      { Name: 'Region', Value: 'Global' },
    ]);
    expect(watched).toEqual([`AWS/CloudFront LambdaExecutionError ${dimensions}`, `AWS/CloudFront LambdaValidationError ${dimensions}`]);
  });

  test('static files come from the private assets bucket through Origin Access Control; hashed files are immutable', () => {
    const behaviors = distribution().CacheBehaviors as {
      PathPattern: string;
      TargetOriginId: string;
      CachePolicyId: string;
      AllowedMethods: string[];
    }[];
    expect(behaviors.map((behavior) => behavior.PathPattern).sort()).toEqual(['BUILD_ID', '_next/*', 's', 's/*', 'sw.js']);
    for (const behavior of behaviors.filter((one) => !['s', 's/*'].includes(one.PathPattern))) {
      const origin = originOf(behavior.TargetOriginId);
      expect(JSON.stringify(origin.DomainName)).toContain(logicalId(stack.web.assetsBucket));
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD']);
    }
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    // The assets bucket admits CloudFront for this distribution only, and is otherwise private.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stack.web.assetsBucket) },
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
    });
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map((resource) => resource.Properties);
    const hashed = deployments.find((deployment) => JSON.stringify(deployment.Include ?? []).includes('_next/static/*'))!;
    expect(hashed.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.Prune).toBe(false);
    const others = deployments.find((deployment) => JSON.stringify(deployment.Exclude ?? []).includes('_next/static/*'))!;
    expect(others.SystemMetadata['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('every answer carries the security headers, the same ones Next.js sets', () => {
    const policy = resourcesOf('AWS::CloudFront::ResponseHeadersPolicy')[0].Properties.ResponseHeadersPolicyConfig;
    const hsts = WEB_SECURITY_HEADERS.strictTransportSecurity;
    expect(policy.SecurityHeadersConfig).toEqual({
      StrictTransportSecurity: { AccessControlMaxAgeSec: hsts.maxAgeSeconds, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    expect(policy.CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: WEB_SECURITY_HEADERS.permissionsPolicy, Override: true },
    ]);
    const config = distribution();
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(behavior.ResponseHeadersPolicyId).toBeDefined();
  });

  test('a custom domain brings its certificate and TLS 1.2 at least; the backend trusts exactly that origin', () => {
    const config = distribution();
    expect(config.Aliases).toEqual(['vault.example.com']);
    expect(config.ViewerCertificate).toMatchObject({ SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' });
    for (const fn of ourFunctions().filter((candidate) => candidate.Properties.Environment?.Variables?.ALLOWED_ORIGINS)) {
      expect(fn.Properties.Environment.Variables.ALLOWED_ORIGINS).toBe(TEST_WEB_ORIGIN);
    }
    const preflights = resourcesOf('AWS::ApiGateway::Method').filter((method) => method.Properties.HttpMethod === 'OPTIONS');
    expect(preflights.length).toBeGreaterThan(0);
    for (const method of preflights) {
      const headers = method.Properties.Integration.IntegrationResponses[0].ResponseParameters;
      expect(headers['method.response.header.Access-Control-Allow-Origin']).toBe(`'${TEST_WEB_ORIGIN}'`);
    }
    for (const response of resourcesOf('AWS::ApiGateway::GatewayResponse')) {
      expect(response.Properties.ResponseParameters['gatewayresponse.header.Access-Control-Allow-Origin']).toBe(`'${TEST_WEB_ORIGIN}'`);
    }
  });

  test("without a domain, the distribution's own name is the one origin the bucket and the APIs trust", () => {
    const { template: plain, stack: plainStack } = synthVault({ webDomain: undefined, webCertificateArn: undefined });
    const domain = { 'Fn::GetAtt': [logicalId(plainStack.web.distribution), 'DomainName'] };
    const origin = { 'Fn::Join': ['', ['https://', domain]] };
    plain.hasResourceProperties('AWS::S3::Bucket', { CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: [origin] })] } });
    for (const fn of Object.values(plain.findResources('AWS::Lambda::Function'))) {
      const allowed = fn.Properties.Environment?.Variables?.ALLOWED_ORIGINS;
      if (allowed) expect(allowed).toEqual(origin);
    }
    expect(plain.toJSON().Outputs.WebUrl.Value).toEqual(origin);
  });

  test("the server gets the web config at run time, in the Amplify outputs shape, naming this stack's resources", () => {
    const server = template.findResources('AWS::Lambda::Function')[logicalId(stack.web.server.function)].Properties;
    const document = JSON.stringify(server.Environment.Variables[WEB_CONFIG_ENV.json]);
    expect(document).toContain('\\"version\\":\\"1.4\\"');
    expect(document).toContain(logicalId(stack.data.api));
    expect(document).toContain('statement-vault-files-prod-');
  });

  test('the web app settings are checked: a domain needs its us-east-1 certificate', () => {
    expect(() => synthVault({ webCertificateArn: undefined })).toThrow(/webDomain and webCertificateArn go together/);
    expect(() =>
      synthVault({ webCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }),
    ).toThrow(/not an ACM certificate ARN in us-east-1/);
    expect(() => synthVault({ webDomain: 'https://vault.example.com/' })).toThrow(/is not a domain name/);
    expect(() => synthVault({ webPriceClass: '300' })).toThrow('webPriceClass: "300" is not one of 100, 200, All');
    expect(() => synthVault({ webArtifact: '/nonexistent' })).toThrow(/the web app is not built.*npm run web:build/);
  });
});

test("a build for OpenNext's local mode is refused: only the Lambda build deploys", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-next-'));
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_ARTIFACT_STUB, 'open-next.output.json'), 'utf8'));
    manifest.origins.default.wrapper = 'express-dev';
    fs.writeFileSync(path.join(dir, 'open-next.output.json'), JSON.stringify(manifest));
    expect(() => readOpenNextArtifact(dir)).toThrow(
      /a build for "express-dev", not for Lambda's response streaming; run `npm run web:build`/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
