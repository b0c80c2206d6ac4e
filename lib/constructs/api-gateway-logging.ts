import { Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/**
 * API Gateway writes execution logs only when the account (per region) names a role
 * for it. That setting is account-wide, so one stack sets it once for both APIs, with an
 * inline policy instead of the broad AWS-managed one.
 */
export class ApiGatewayLogging extends Construct {
  readonly account: apigateway.CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { region, account } = Stack.of(this);
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: 'Lets API Gateway write execution logs to its own log groups',
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
              resources: [`arn:${Stack.of(this).partition}:logs:${region}:${account}:log-group:API-Gateway-Execution-Logs_*`],
            }),
          ],
        }),
      },
    });
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${Stack.of(this).partition}:logs:${region}:<AWS::AccountId>:log-group:API-Gateway-Execution-Logs_*]`,
      reason: 'API Gateway names its execution log groups API-Gateway-Execution-Logs_{apiId}/{stage} itself; the role reaches those groups only.',
    });
    this.account = new apigateway.CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
  }

  /** Stages must wait for the account setting, or their first deploy fails. */
  requiredBy(...apis: apigateway.RestApi[]): void {
    for (const api of apis) api.deploymentStage.node.addDependency(this.account);
  }
}
