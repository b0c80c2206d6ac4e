import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_ENV, TABLE_KEYS } from '../../contract';
import { RESOLVERS, SCHEMA_PATH, tableActions, type DataSourceName } from '../../graphql/resolvers';
import { grantPdfPasswords, grantRecords } from './records-grants';
import { VaultFunction } from './vault-function';

export interface VaultDataProps {
  readonly userPool: cognito.IUserPool;
  /** @default RETAIN: the table holds people's records (RETAIN also turns on deletion protection). */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Metadata for profiles and statements: one DynamoDB table (on demand, point-in-time
 * recovery, deletion protection, retained) behind an AppSync GraphQL API whose default
 * mode is the API key and whose private fields need a Cognito user pool token. The
 * resolvers are the VTL of `graphql/resolvers/`, the same ones the local stack runs.
 */
export class VaultData extends Construct {
  readonly table: dynamodb.Table;
  readonly api: appsync.GraphqlApi;
  readonly apiKey: string;
  /** The API key's id, which the key renewal names. */
  readonly apiKeyId: string;
  /** The resolvers' DynamoDB data source; its role may do only what the resolvers do, outside the kept PDF passwords. */
  readonly tableSource: appsync.BackedDataSource;
  /**
   * The DynamoDB data source of the steps that keep and answer a person's PDF password: its
   * role may do what they do, in the kept passwords' partitions only (no other role of
   * the API reaches them).
   */
  readonly pdfPasswordSource: appsync.BackedDataSource;
  /**
   * The `editStatements` resolver: a statement's record, list copies and summaries move in
   * one transaction, which VTL cannot build (the record store's code does, as everywhere).
   */
  readonly statementEdits: VaultFunction;
  /**
   * The `search` and `statementNeighbours` resolvers: they rank an owner's search postings
   * and read the list's order key, which VTL cannot compute.
   */
  readonly statementSearch: VaultFunction;

  constructor(scope: Construct, id: string, props: VaultDataProps) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // A finished account deletion's record goes a day after it ends.
      timeToLiveAttribute: TABLE_KEYS.expiryAttribute,
      deletionProtection: (props.removalPolicy ?? RemovalPolicy.RETAIN) === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });

    const logRole = new iam.Role(this, 'ApiLogRole', {
      assumedBy: new iam.ServicePrincipal('appsync.amazonaws.com'),
      description: 'Lets AppSync write the GraphQL API logs',
    });
    this.api = new appsync.GraphqlApi(this, 'Api', {
      name: `${Stack.of(this).stackName}-graphql`,
      definition: appsync.Definition.fromFile(SCHEMA_PATH),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: appsync.AuthorizationType.API_KEY,
          apiKeyConfig: {
            description: 'Web app key: reads public fields only (upload limits, service status)',
            // No expiry in the template: one taken from the clock at synth would make every
            // synth a new template. AppSync gives a new key a week; the key renewal
            // (ApiKeyRenewal) moves it a year ahead within a day, and every day after.
          },
        },
        additionalAuthorizationModes: [
          {
            authorizationType: appsync.AuthorizationType.USER_POOL,
            userPoolConfig: { userPool: props.userPool },
          },
        ],
      },
      introspectionConfig: appsync.IntrospectionConfig.DISABLED,
      xrayEnabled: true,
      queryDepthLimit: 10,
    });
    this.apiKey = this.api.apiKey!;
    this.apiKeyId = (this.api.node.findChild('DefaultApiKey') as appsync.CfnApiKey).attrApiKeyId;
    // AppSync fixes the log group's name (/aws/appsync/apis/{apiId}); creating it here
    // sets its retention without CDK's log-retention custom resource.
    const logGroup = new logs.LogGroup(this, 'ApiLogs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    logRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    // Set on the L1: the L2's logConfig always adds CDK's log-retention custom resource
    // (a Lambda with a managed policy), which the log group above makes unnecessary.
    (this.api.node.defaultChild as appsync.CfnGraphQLApi).logConfig = {
      fieldLogLevel: appsync.FieldLogLevel.ERROR,
      // Verbose content carries request headers (tokens) and resolved data (people's records).
      excludeVerboseContent: true,
      cloudWatchLogsRoleArn: logRole.roleArn,
    };
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-ASC3',
      reason:
        'Request and error logging are on; verbose content stays off because it would put request headers (tokens) and personal records into the logs.',
    });

    this.tableSource = new ResolverTableDataSource(this, 'TableSource', {
      api: this.api,
      table: this.table,
      actions: tableActions('table'),
    });
    this.pdfPasswordSource = new ResolverTableDataSource(this, 'PdfPasswordSource', {
      api: this.api,
      table: this.table,
      actions: tableActions('pdfPasswords'),
      pdfPasswords: true,
    });
    this.statementEdits = new VaultFunction(this, 'StatementEdits', {
      code: { entry: 'statement-edits/index.ts' },
      description:
        'Statement edits: renames a statement or moves it to another account or period, with its list copies and summaries; renames an account',
      timeout: Duration.seconds(30),
      environment: { [LAMBDA_ENV.tableName]: this.table.tableName },
    });
    // The record is read, then it, its list copies and its summaries are written in one
    // transaction, which holds the account's name to the account it was read to file under.
    grantRecords(
      this.table,
      this.statementEdits,
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    );
    // An edit writes the statement's new filing terms to its search postings, and removes the old.
    grantRecords(this.table, this.statementEdits, 'dynamodb:BatchWriteItem');
    this.statementSearch = new VaultFunction(this, 'StatementSearch', {
      code: { entry: 'statement-search/index.ts' },
      description: "Statement search: ranks the caller's search postings, and finds a statement's neighbours in their list",
      timeout: Duration.seconds(10),
      memorySize: 512,
      environment: { [LAMBDA_ENV.tableName]: this.table.tableName },
    });
    // Read-only: the postings of each word (Query), the records of the best (BatchGetItem), a record and its neighbours.
    grantRecords(this.table, this.statementSearch, 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:BatchGetItem');
    const dataSources: Record<DataSourceName, appsync.BaseDataSource> = {
      table: this.tableSource,
      pdfPasswords: this.pdfPasswordSource,
      none: this.api.addNoneDataSource('NoneSource'),
      statementEdits: new ResolverFunctionDataSource(this, 'StatementEditsSource', {
        api: this.api,
        function: this.statementEdits.function,
      }),
      statementSearch: new ResolverFunctionDataSource(this, 'StatementSearchSource', {
        api: this.api,
        function: this.statementSearch.function,
      }),
    };
    for (const resolver of RESOLVERS) {
      const dataSource = dataSources[resolver.dataSource];
      const id = `${resolver.typeName}${resolver.fieldName}Resolver`;
      const templates = {
        requestMappingTemplate: appsync.MappingTemplate.fromString(resolver.requestTemplate),
        responseMappingTemplate: appsync.MappingTemplate.fromString(resolver.responseTemplate),
      };
      if (!resolver.steps) {
        dataSource.createResolver(id, { typeName: resolver.typeName, fieldName: resolver.fieldName, ...templates });
        continue;
      }
      // Scoped where `createResolver` puts a unit resolver (the API), so a field that becomes
      // a pipeline keeps its logical id and is updated in place (a new id would be created
      // before the old one is gone, and AppSync allows one resolver per field).
      new appsync.Resolver(this.api, id, {
        api: this.api,
        typeName: resolver.typeName,
        fieldName: resolver.fieldName,
        ...templates,
        pipelineConfig: resolver.steps.map(
          (step) =>
            new appsync.AppsyncFunction(this, `${step.name}Function`, {
              api: this.api,
              name: step.name,
              dataSource: step.dataSource ? dataSources[step.dataSource] : dataSource,
              requestMappingTemplate: appsync.MappingTemplate.fromString(step.requestTemplate),
              responseMappingTemplate: appsync.MappingTemplate.fromString(step.responseTemplate),
            }),
        ),
      });
    }
  }

  /**
   * Lets the grantee check, inside a transaction that writes something new under an owner,
   * that the owner's account is not being closed: ConditionCheckItem on the jobs' partition only.
   */
  grantClosingCheck(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:ConditionCheckItem'],
      resourceArns: [this.table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [TABLE_KEYS.deletionsPartition] } },
    });
  }
}

/**
 * A Lambda data source whose role may invoke that function only, as it is (not its
 * versions: `addLambdaDataSource` grants `arn:*` too).
 */
class ResolverFunctionDataSource extends appsync.BackedDataSource {
  constructor(scope: Construct, id: string, props: appsync.BackedDataSourceProps & { readonly function: lambda.IFunction }) {
    super(scope, id, props, { type: 'AWS_LAMBDA', lambdaConfig: { lambdaFunctionArn: props.function.functionArn } });
    this.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.function.functionArn] }),
    );
  }
}

/**
 * A DynamoDB data source whose role may perform only the given item actions on the table,
 * outside the kept PDF passwords' partitions or (`pdfPasswords`) in them only.
 * (`addDynamoDbDataSource` grants read and write of everything, including Scan and
 * BatchWriteItem, which no resolver here uses.)
 */
class ResolverTableDataSource extends appsync.BackedDataSource {
  constructor(
    scope: Construct,
    id: string,
    props: appsync.BackedDataSourceProps & {
      readonly table: dynamodb.ITable;
      readonly actions: string[];
      /** @default false */
      readonly pdfPasswords?: boolean;
    },
  ) {
    super(scope, id, props, {
      type: 'AMAZON_DYNAMODB',
      dynamoDbConfig: { tableName: props.table.tableName, awsRegion: Stack.of(scope).region },
    });
    if (props.pdfPasswords) grantPdfPasswords(props.table, this, props.actions);
    else grantRecords(props.table, this, ...props.actions);
  }
}
