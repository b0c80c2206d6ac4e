import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_STAGE } from '../../contract';

export interface ApiGatewayLoggingProps {
  /**
   * Set the account's API Gateway CloudWatch role (one per account and region, shared by
   * every REST API in it). Turn off where the account already has one, e.g. set by an
   * organisation; that role must then reach this stack's access-log groups.
   * @default true
   */
  readonly manageAccountRole?: boolean;
  /** How long execution logs are kept. @default one year */
  readonly executionLogRetention?: logs.RetentionDays;
}

/**
 * API Gateway writes both its execution logs and its access logs with the role the
 * account (per region) names for it. This construct sets that role, with an inline policy
 * instead of the broad AWS-managed one: the execution-log groups API Gateway names itself
 * and the access-log groups of the APIs added here. The setting is account-wide, so the
 * role and the setting are retained when the stack is deleted: deleting this stack must
 * not leave the account pointing at a role that no longer exists, which would stop the
 * logs of every other API in it. Each API's execution-log group is created here, with a
 * retention, before its stage, so API Gateway never creates one that lives forever.
 */
export class ApiGatewayLogging extends Construct {
  readonly role?: iam.Role;
  readonly account?: apigateway.CfnAccount;
  private readonly executionLogRetention: logs.RetentionDays;

  constructor(scope: Construct, id: string, props: ApiGatewayLoggingProps = {}) {
    super(scope, id);
    this.executionLogRetention = props.executionLogRetention ?? logs.RetentionDays.ONE_YEAR;
    if (props.manageAccountRole === false) return;

    const { region, account, partition } = Stack.of(this);
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: "The account's API Gateway logging role: execution logs, and this stack's access logs",
      inlinePolicies: {
        ExecutionLogs: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              actions: [
                'logs:CreateLogGroup',
                'logs:CreateLogStream',
                'logs:DescribeLogGroups',
                'logs:DescribeLogStreams',
                'logs:PutLogEvents',
                'logs:GetLogEvents',
                'logs:FilterLogEvents',
              ],
              resources: [`arn:${partition}:logs:${region}:${account}:log-group:API-Gateway-Execution-Logs_*`],
            }),
          ],
        }),
      },
    });
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${partition}:logs:${region}:<AWS::AccountId>:log-group:API-Gateway-Execution-Logs_*]`,
      reason:
        'API Gateway names execution log groups API-Gateway-Execution-Logs_{apiId}/{stage} itself, for every API of the account; the role reaches those groups only.',
    });
    this.account = new apigateway.CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }

  /** Logs of one API: its execution-log group, and the role's right to write its access logs. */
  addApi(id: string, api: apigateway.RestApi, accessLogs: logs.ILogGroup): void {
    const stage = api.deploymentStage;
    const executionLogs = new logs.LogGroup(this, `${id}ExecutionLogs`, {
      // The stage's name as a literal: `stage.stageName` refers to the stage, which waits for this group.
      logGroupName: `API-Gateway-Execution-Logs_${api.restApiId}/${API_STAGE}`,
      retention: this.executionLogRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    stage.node.addDependency(executionLogs);
    if (this.role && this.account) {
      accessLogs.grant(this.role, 'logs:CreateLogStream', 'logs:DescribeLogStreams', 'logs:PutLogEvents');
      // The stage's first deploy fails unless the account setting exists by then.
      stage.node.addDependency(this.account, this.role);
    }
  }
}
