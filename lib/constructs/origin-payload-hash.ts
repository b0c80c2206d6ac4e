import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { LAMBDA_ESBUILD_OPTIONS, LAMBDA_ROOT } from '../lambda-bundle';
import { EdgeLogRetention } from './edge-log-retention';

/**
 * Lambda@Edge on a function URL origin's requests: it puts each body's SHA-256 in
 * `x-amz-content-sha256`, which Origin Access Control needs to sign a POST or PUT for
 * Lambda and which browsers never send. Without it the server function refuses every
 * form and server action that reaches it through CloudFront. Lambda@Edge takes no
 * environment, no arm64 and no active tracing; the function reads nothing but the request.
 */
export class OriginPayloadHash extends Construct {
  /** The version CloudFront runs (Lambda@Edge takes a version, never `$LATEST`). */
  readonly version: lambda.IVersion;
  /** Keeps the function's logs in every region as long as the stack's own. */
  readonly logRetention: EdgeLogRetention;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.CompositePrincipal(
        new iam.ServicePrincipal('lambda.amazonaws.com'),
        new iam.ServicePrincipal('edgelambda.amazonaws.com'),
      ),
      description: "Lambda@Edge that hashes a request's body for Origin Access Control: its own logs only",
    });
    const fn = new NodejsFunction(this, 'Function', {
      entry: path.join(LAMBDA_ROOT, 'edge', 'payload-hash.ts'),
      handler: 'handler',
      description: "web: puts a request body's SHA-256 in x-amz-content-sha256, so CloudFront can sign forms for the server function",
      // Lambda@Edge's runtimes trail Lambda's; node:crypto is all this needs.
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.X86_64,
      memorySize: 128,
      timeout: Duration.seconds(5),
      role,
      bundling: {
        format: OutputFormat.CJS,
        minify: LAMBDA_ESBUILD_OPTIONS.minify,
        sourceMap: false,
        target: 'node22',
        externalModules: [],
        forceDockerBundling: false,
      },
      depsLockFilePath: path.join(LAMBDA_ROOT, '..', 'package-lock.json'),
      projectRoot: path.join(LAMBDA_ROOT, '..'),
    });
    // Each edge location's copy logs in its own region, to /aws/lambda/us-east-1.{name}, a group
    // it creates there (EdgeLogRetention gives it its retention). A policy of its own (not the
    // role's default one, which the function waits for) names the function without a cycle.
    const logs = new iam.Policy(this, 'Logs', {
      roles: [role],
      statements: [
        new iam.PolicyStatement({
          actions: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [`arn:${stack.partition}:logs:*:${stack.account}:log-group:/aws/lambda/us-east-1.${fn.functionName}:*`],
        }),
      ],
    });
    const fnId = stack.getLogicalId(fn.node.defaultChild as CfnElement);
    Validations.of(logs).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:aws:logs:*:<AWS::AccountId>:log-group:/aws/lambda/us-east-1.<${fnId}>:*]`,
      reason:
        "Lambda@Edge writes each edge location's logs in that location's region, to this function's group: the region and the log streams cannot be named in advance.",
    });
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Lambda@Edge supports fewer runtimes than Lambda, and later; this function hashes a body with node:crypto and runs on Node.js 22, which Lambda@Edge runs.',
    });
    this.version = fn.currentVersion;
    this.logRetention = new EdgeLogRetention(this, 'LogRetention', { edgeFunction: fn });
  }
}
