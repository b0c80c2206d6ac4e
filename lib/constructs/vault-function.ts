import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { LAMBDA_ENV } from '../../contract';

/**
 * What runs: a handler module of ours under `lambda/` (e.g. `statements/index.ts`),
 * bundled here, or a directory another tool has already bundled (the web server, built
 * by OpenNext) with the handler it exports.
 */
export type VaultFunctionCode = { readonly entry: string } | { readonly bundleDir: string; readonly handler: string };

export interface VaultFunctionProps {
  readonly code: VaultFunctionCode;
  readonly description: string;
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

export const LAMBDA_ROOT = path.join(__dirname, '..', '..', 'lambda');

/** The Lambda runtime and the matching esbuild target, written once. */
export const LAMBDA_RUNTIME = { runtime: lambda.Runtime.NODEJS_24_X, esbuildTarget: 'node24' } as const;

/**
 * How every handler is bundled, as esbuild options, written once: VaultFunction hands them
 * to NodejsFunction, and the bench runs esbuild with the same.
 */
export const LAMBDA_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  minify: true,
  // Handlers log error names, never stacks, so a source map would only add cold-start time.
  sourcemap: false,
  target: LAMBDA_RUNTIME.esbuildTarget,
  // ES module builds let esbuild drop what the handlers never import (zod's locales, SDK parts).
  mainFields: ['module', 'main'],
} as const;

/**
 * A handler of ours: Node.js 24 on arm64, bundled and minified by the local esbuild (no
 * Docker), with its own role whose only built-in right is writing to its own log group.
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
    if ('bundleDir' in props.code) {
      this.function = new lambda.Function(this, 'Function', {
        ...common,
        runtime: LAMBDA_RUNTIME.runtime,
        code: lambda.Code.fromAsset(props.code.bundleDir),
        handler: props.code.handler,
      });
      return;
    }
    this.function = new NodejsFunction(this, 'Function', {
      ...common,
      entry: path.join(LAMBDA_ROOT, props.code.entry),
      handler: 'handler',
      runtime: LAMBDA_RUNTIME.runtime,
      bundling: {
        format: LAMBDA_ESBUILD_OPTIONS.format === 'cjs' ? OutputFormat.CJS : OutputFormat.ESM,
        minify: LAMBDA_ESBUILD_OPTIONS.minify,
        sourceMap: LAMBDA_ESBUILD_OPTIONS.sourcemap,
        target: LAMBDA_ESBUILD_OPTIONS.target,
        mainFields: [...LAMBDA_ESBUILD_OPTIONS.mainFields],
        externalModules: [],
        forceDockerBundling: false,
      },
      depsLockFilePath: path.join(LAMBDA_ROOT, '..', 'package-lock.json'),
      projectRoot: path.join(LAMBDA_ROOT, '..'),
    });
  }
}
