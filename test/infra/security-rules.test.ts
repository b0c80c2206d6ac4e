import { Match, type Template } from 'aws-cdk-lib/assertions';
import {
  API_STAGE,
  PASSWORD_POLICY,
  PROFILE_IMAGE_ROUTES,
  REGION,
  STATEMENT_ROUTES,
  SWEEP_INTERVAL_MINUTES,
  isErrorBody,
} from '../../contract';
import { OUTPUT_NAMES } from '../../lib/outputs';
import { FROZEN_NOW, synthVault } from '../support/vault-app';

let template: Template;
let region: string;
beforeAll(() => {
  const synthesized = synthVault();
  template = synthesized.template;
  region = synthesized.stack.region;
});

const resourcesOf = (type: string) => Object.values(template.findResources(type)) as { Properties: any }[];

describe('seed constants', () => {
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
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
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
      AdditionalAuthenticationProviders: [
        Match.objectLike({ AuthenticationType: 'AMAZON_COGNITO_USER_POOLS' }),
      ],
    });
  });

  test('the API key expires 365 days after deploy (frozen clock)', () => {
    const expires = FROZEN_NOW / 1000 + 365 * 24 * 3600;
    template.hasResourceProperties('AWS::AppSync::ApiKey', { Expires: expires });
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
});

describe('bucket', () => {
  const filesBucket = () => {
    const buckets = template.findResources('AWS::S3::Bucket', {
      Properties: { LoggingConfiguration: Match.anyValue() },
    });
    const ids = Object.keys(buckets);
    expect(ids).toHaveLength(1);
    return { id: ids[0], bucket: buckets[ids[0]] };
  };

  test('there is exactly one files bucket (plus its access-log bucket)', () => {
    expect(resourcesOf('AWS::S3::Bucket')).toHaveLength(2);
    filesBucket();
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
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
      ]),
    );
  });

  test('CORS allows only the configured web origins', () => {
    const { bucket } = filesBucket();
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({
        AllowedOrigins: ['https://vault.example.com', 'http://localhost:3000'],
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

describe('catalogue sweep', () => {
  test('runs on a schedule within the stated window and lists only the product prefixes', () => {
    expect(SWEEP_INTERVAL_MINUTES.aws).toBe(60);
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 hour)' });
    const listing = resourcesOf('AWS::IAM::Policy')
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: unknown }[])
      .filter((statement) => [statement.Action].flat().includes('s3:ListBucket'));
    expect(listing).toEqual([
      expect.objectContaining({ Condition: { StringLike: { 's3:prefix': ['statements/', 'profile-images/'] } } }),
    ]);
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

  test('every method but the CORS preflight has the Cognito authorizer', () => {
    const methods = resourcesOf('AWS::ApiGateway::Method');
    const nonPreflight = methods.filter((method) => method.Properties.HttpMethod !== 'OPTIONS');
    const routeCount = Object.keys(PROFILE_IMAGE_ROUTES).length + Object.keys(STATEMENT_ROUTES).length;
    expect(nonPreflight).toHaveLength(routeCount);
    for (const method of nonPreflight) {
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
        required: ['fileName', 'contentType', 'size', 'accountLabel', 'period'],
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
});

describe('presign Lambdas', () => {
  const functions = () =>
    resourcesOf('AWS::Lambda::Function').filter((fn) => fn.Properties.Runtime?.startsWith('nodejs'));

  test('run Node.js 22 on arm64', () => {
    const ours = functions().filter((fn) => fn.Properties.Architectures);
    expect(ours).toHaveLength(4);
    for (const fn of ours) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  test('each may sign only under its own key prefix', () => {
    const policies = resourcesOf('AWS::IAM::Policy').map((policy) => JSON.stringify(policy.Properties.PolicyDocument));
    const s3Statements = policies.filter((doc) => doc.includes('s3:PutObject'));
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
