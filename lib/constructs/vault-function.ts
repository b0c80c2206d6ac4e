import { AssetHashType, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { LAMBDA_ENV } from '../../contract';
import { bundleHandlerCached, LAMBDA_BUNDLE_ENTRY, LAMBDA_ROOT } from '../lambda-bundle';

/**
 * What runs: a handler module of ours under `lambda/` (e.g. `statements/index.ts`),
 * bundled here, or a directory another tool has already bundled (the web server, built
 * by OpenNext) with the handler it exports.
 */
export type VaultFunctionCode =
  | { readonly entry: string }
  | {
      readonly bundleDir: string;
      readonly handler: string;
      /** The asset's hash, when the bundle's maker knows what it was built from. @default the files' hash */
      readonly assetHash?: string;
    };

export interface VaultFunctionProps {
  readonly code: VaultFunctionCode;
  readonly description: string;
  /** The function's name, where something outside the stack names it (a deploy role's grant). @default one CloudFormation generates */
  readonly functionName?: string;
  readonly environment?: Record<string, string>;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** @default 256 MiB */
  readonly memorySize?: number;
  /** @default one year */
  readonly logRetention?: logs.RetentionDays;
  /** Where an asynchronous invocation goes once its retries are spent. @default none */
  readonly onFailure?: lambda.IDestination;
}

/** The Lambda runtime our handlers run on; lambda-bundle.ts's esbuild target names the same Node.js (a test holds them together). */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * A handler of ours as a Lambda asset: its entry bundled by lambda-bundle.ts with the local
 * esbuild (no Docker). The asset's hash is its bundle's; a stack whose bundling is skipped
 * (`cdk synth --exclusively`, or the bundling-stacks context) gets CDK's placeholder.
 */
const handlerCode = (entry: string): lambda.Code =>
  lambda.Code.fromAsset(path.join(LAMBDA_ROOT, '..'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never run: local bundling always succeeds or throws. CDK requires an image, and this
      // is the one a Docker build of this runtime would use.
      image: LAMBDA_RUNTIME.bundlingImage,
      // Names the entry, so that two functions bundled from one folder are two assets.
      command: ['bundle', entry],
      local: {
        tryBundle: (outputDir) => {
          bundleHandlerCached(entry, outputDir);
          return true;
        },
      },
    },
  });

/**
 * A handler of ours: Node.js 24 on arm64, bundled as ES modules by lambda-bundle.ts, with
 * its own role whose only built-in right is writing to its own log group.
 * It is `IGrantable`: other constructs grant it exactly what it needs through their
 * `grant*` methods. The AWS SDK is bundled rather than taken from the runtime so the
 * version we test (with `requestChecksumCalculation`) is the one that runs.
 */
export class VaultFunction extends Construct implements iam.IGrantable {
  readonly function: lambda.Function;
  readonly grantPrincipal: iam.IPrincipal;
  /** The function's own role (resource policies name it). */
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: VaultFunctionProps) {
    super(scope, id);

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    this.grantPrincipal = this.role;
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );

    // X-Ray's PutTraceSegments and PutTelemetryRecords take no resource but "*" (CDK adds them for active tracing).
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray allows on no resource but '*'; the least-privilege tests check that nothing else in these roles is granted on '*'.",
    });

    const common: lambda.FunctionOptions = {
      description: props.description,
      functionName: props.functionName,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup,
      ...(props.onFailure ? { onFailure: props.onFailure, retryAttempts: 2 } : {}),
      loggingFormat: lambda.LoggingFormat.JSON,
      // Every invocation is a trace; in our handlers Powertools Tracer adds their AWS calls.
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        // Our handlers' Powertools logger reads its level; a prebuilt bundle has its own logging.
        ...('entry' in props.code ? { [LAMBDA_ENV.logLevel]: 'INFO' } : {}),
        ...props.environment,
      },
    };
    this.function = new lambda.Function(this, 'Function', {
      ...common,
      runtime: LAMBDA_RUNTIME,
      ...('bundleDir' in props.code
        ? {
            code: lambda.Code.fromAsset(
              props.code.bundleDir,
              props.code.assetHash ? { assetHash: props.code.assetHash, assetHashType: AssetHashType.CUSTOM } : {},
            ),
            handler: props.code.handler,
          }
        : { code: handlerCode(props.code.entry), handler: `${path.basename(LAMBDA_BUNDLE_ENTRY, '.mjs')}.handler` }),
    });
  }
}
