import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_STAGE } from '../../contract';

/** The actions API Gateway uses to write execution and access logs (those of AWS's own AmazonAPIGatewayPushToCloudWatchLogs). */
const API_GATEWAY_LOG_ACTIONS = [
  'logs:CreateLogGroup',
  'logs:CreateLogStream',
  'logs:DescribeLogGroups',
  'logs:DescribeLogStreams',
  'logs:PutLogEvents',
  'logs:GetLogEvents',
  'logs:FilterLogEvents',
];

/**
 * The account's API Gateway logging role, and the account setting that names it: API
 * Gateway writes every REST API's execution and access logs of an account and region with
 * this one role. It may write any log group of this account and region (what AWS's own
 * managed policy allows, kept to the one account and region), because every API of the
 * account logs through it, each to groups its owner names: a role narrowed to one stack's
 * groups silently stops every other API's logs, including another stage's. The role and
 * the setting are retained when their stack is deleted: the setting must never point at a
 * role that is gone.
 */
export class ApiGatewayAccountRole extends Construct {
  readonly role: iam.Role;
  readonly account: apigateway.CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { region, account, partition } = Stack.of(this);
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: "The account's API Gateway logging role: execution and access logs of every REST API in this account and region",
      inlinePolicies: {
        Logs: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              actions: API_GATEWAY_LOG_ACTIONS,
              resources: [`arn:${partition}:logs:${region}:${account}:log-group:*`],
            }),
          ],
        }),
      },
    });
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${partition}:logs:${region}:<AWS::AccountId>:log-group:*]`,
      reason:
        'API Gateway allows one logging role per account and region, and every REST API of the account writes its execution logs (groups API Gateway names itself) and access logs (groups their owners name) with it; the role reaches log groups of this account and region only.',
    });
    this.account = new apigateway.CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}

export interface ApiGatewayLoggingProps {
  /** How long execution logs are kept. @default one year */
  readonly executionLogRetention?: logs.RetentionDays;
  /** What happens to the execution-log groups with the stack. @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The execution-log groups of a stack's REST APIs: API Gateway names each
 * `API-Gateway-Execution-Logs_{apiId}/{stage}` and would create it with no retention, to
 * live forever; created here first, with a retention, before its stage. API Gateway writes
 * to them with the account's logging role (ApiGatewayAccountRole, or the account's own).
 */
export class ApiGatewayLogging extends Construct {
  private readonly executionLogRetention: logs.RetentionDays;
  private readonly removalPolicy: RemovalPolicy;

  constructor(scope: Construct, id: string, props: ApiGatewayLoggingProps = {}) {
    super(scope, id);
    this.executionLogRetention = props.executionLogRetention ?? logs.RetentionDays.ONE_YEAR;
    this.removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
  }

  /** The execution-log group of one API, created before its stage. */
  addApi(id: string, api: apigateway.RestApi): logs.LogGroup {
    const executionLogs = new logs.LogGroup(this, `${id}ExecutionLogs`, {
      // The stage's name as a literal: `stage.stageName` refers to the stage, which waits for this group.
      logGroupName: `API-Gateway-Execution-Logs_${api.restApiId}/${API_STAGE}`,
      retention: this.executionLogRetention,
      removalPolicy: this.removalPolicy,
    });
    api.deploymentStage.node.addDependency(executionLogs);
    return executionLogs;
  }
}
