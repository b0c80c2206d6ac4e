import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_ENV } from '../../contract';
import { VaultFunction } from './vault-function';

export interface EdgeLogRetentionProps {
  /** The Lambda@Edge function whose logs these are. */
  readonly edgeFunction: lambda.Function;
  /** How long its logs are kept in every region. @default one year, as the stack's other logs */
  readonly retention?: logs.RetentionDays;
  /** @default every day */
  readonly schedule?: events.Schedule;
}

/**
 * Lambda@Edge logs in the region of each edge location that runs it, to
 * `/aws/lambda/us-east-1.{function}`, a group it creates there with no retention. A stack
 * cannot create groups in other regions, so a function, run daily, gives that group the
 * retention in every region the account has enabled (where it exists: the function has
 * run there). It may set the retention of that one group name, in any region, and list the
 * account's regions; nothing else.
 */
export class EdgeLogRetention extends Construct {
  readonly setter: VaultFunction;

  constructor(scope: Construct, id: string, props: EdgeLogRetentionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const logGroupName = `/aws/lambda/us-east-1.${props.edgeFunction.functionName}`;
    this.setter = new VaultFunction(this, 'Setter', {
      code: { entry: 'edge-logs/index.ts' },
      description: "Edge log retention: keeps the Lambda@Edge function's logs in every region as long as the stack's own",
      timeout: Duration.minutes(2),
      environment: {
        [LAMBDA_ENV.edgeLogGroupName]: logGroupName,
        [LAMBDA_ENV.edgeLogRetentionDays]: String(props.retention ?? logs.RetentionDays.ONE_YEAR),
      },
    });
    iam.Grant.addToPrincipal({
      grantee: this.setter,
      actions: ['logs:PutRetentionPolicy'],
      // The group in any region (IAM names a group both bare and with `:*`); the region is where the viewer was.
      resourceArns: [
        `arn:${stack.partition}:logs:*:${stack.account}:log-group:${logGroupName}`,
        `arn:${stack.partition}:logs:*:${stack.account}:log-group:${logGroupName}:*`,
      ],
    });
    const edgeFunctionId = stack.getLogicalId(props.edgeFunction.node.defaultChild as CfnElement);
    for (const suffix of ['', ':*']) {
      Validations.of(this.setter.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:aws:logs:*:<AWS::AccountId>:log-group:/aws/lambda/us-east-1.<${edgeFunctionId}>${suffix}]`,
        reason:
          "Lambda@Edge logs in the region of each edge location that runs it, to this one group; the region cannot be named in advance ('*'), nor the group's streams (':*').",
      });
    }
    // EC2 authorizes DescribeRegions on no resource but "*".
    iam.Grant.addToPrincipal({ grantee: this.setter, actions: ['ec2:DescribeRegions'], resourceArns: ['*'] });
    Validations.of(this.setter.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "EC2's DescribeRegions takes no resource but '*' (it lists the account's regions, nothing else); X-Ray's two actions, as on every function, take '*' too.",
    });
    new events.Rule(this, 'Schedule', {
      description: "Sets the retention of the Lambda@Edge function's logs in every region",
      schedule: props.schedule ?? events.Schedule.rate(Duration.days(1)),
      targets: [new targets.LambdaFunction(this.setter.function, { retryAttempts: 2 })],
    });
  }
}
