import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { LAMBDA_ENV, REGION } from '../../contract';

/**
 * What a handler factory needs from its runtime: its environment (parsed once, at cold
 * start) and how to reach AWS. On Lambda both come from the runtime (`process.env`, the
 * SDK's default credentials and endpoints); the local stack passes each function its own
 * credentials and the local endpoints, so several functions, each with its own role, run
 * in one process.
 */
export interface AwsAccess {
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  endpoints?: { s3?: string; dynamodb?: string; cognito?: string; appsync?: string };
  /**
   * Invokes a function asynchronously (Lambda's `Event` invocation) with a JSON payload.
   * @default Lambda's Invoke API
   */
  invokeAsync?: (functionName: string, payload: unknown) => Promise<void>;
  /**
   * Credentials of a role assumed with a session policy (STS AssumeRole).
   * @default STS's AssumeRole API
   */
  assumeRole?: (request: AssumeRoleRequest) => Promise<NonNullable<AwsAccess['credentials']>>;
  /**
   * A secret's current value (Secrets Manager's GetSecretValue, with this access's role).
   * @default Secrets Manager's API
   */
  readSecret?: (secretArn: string) => Promise<string>;
}

export interface AssumeRoleRequest {
  roleArn: string;
  sessionName: string;
  /** The session policy, as JSON: the session may do only what both it and the role allow. */
  policy: string;
}

const notSet = (name: string) => `environment variable ${name} is not set`;

const text = (name: string) => z.string({ error: notSet(name) }).min(1, `environment variable ${name} is empty`);

/** A setting only some functions need, required where one uses it: its absence stops the call, naming it. */
export const required = (value: string | undefined, name: string): string => {
  if (!value) throw new Error(notSet(name));
  return value;
};

const environmentSchema = z.object({
  [LAMBDA_ENV.bucketName]: text(LAMBDA_ENV.bucketName),
  [LAMBDA_ENV.tableName]: text(LAMBDA_ENV.tableName),
  [LAMBDA_ENV.allowedOrigins]: z.string().optional(),
  [LAMBDA_ENV.logLevel]: z.string().optional(),
  [LAMBDA_ENV.metricsDisabled]: z.string().optional(),
  [LAMBDA_ENV.deletionFunctionName]: z.string().optional(),
  [LAMBDA_ENV.userPoolId]: z.string().optional(),
  [LAMBDA_ENV.deletionJobRoleArn]: z.string().optional(),
  [LAMBDA_ENV.shareReaderRoleArn]: z.string().optional(),
  [LAMBDA_ENV.notifierFunctionName]: z.string().optional(),
  [LAMBDA_ENV.pushVapidSecretArn]: z.string().optional(),
  [LAMBDA_ENV.pushVapidSubject]: z.string().optional(),
  [LAMBDA_ENV.pushExtraOrigins]: z.string().optional(),
});

export interface HandlerEnvironment {
  bucketName: string;
  tableName: string;
  allowedOrigins: string[];
  logLevel?: string;
  metricsDisabled: boolean;
  /** Set for the functions that start or run account deletions. */
  deletionFunctionName?: string;
  userPoolId?: string;
  deletionJobRoleArn?: string;
  /** Set for the share API. */
  shareReaderRoleArn?: string;
  /** Set for the share API: who tells an owner of a share's first opening. */
  notifierFunctionName?: string;
  /** Set for the functions that send web push. */
  push?: { vapidSecretArn: string; subject: string; extraOrigins: string[] };
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Parses a handler's environment; a missing variable stops the cold start, naming it. */
export const parseEnvironment = (env: Record<string, string | undefined>): HandlerEnvironment => {
  const result = environmentSchema.safeParse(env);
  if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join('; '));
  const values = result.data;
  return {
    bucketName: values[LAMBDA_ENV.bucketName],
    tableName: values[LAMBDA_ENV.tableName],
    allowedOrigins: list(values[LAMBDA_ENV.allowedOrigins]),
    logLevel: values[LAMBDA_ENV.logLevel],
    metricsDisabled: values[LAMBDA_ENV.metricsDisabled] === 'true',
    deletionFunctionName: values[LAMBDA_ENV.deletionFunctionName] || undefined,
    userPoolId: values[LAMBDA_ENV.userPoolId] || undefined,
    deletionJobRoleArn: values[LAMBDA_ENV.deletionJobRoleArn] || undefined,
    shareReaderRoleArn: values[LAMBDA_ENV.shareReaderRoleArn] || undefined,
    notifierFunctionName: values[LAMBDA_ENV.notifierFunctionName] || undefined,
    ...(values[LAMBDA_ENV.pushVapidSecretArn]
      ? {
          push: {
            vapidSecretArn: values[LAMBDA_ENV.pushVapidSecretArn] as string,
            subject: required(values[LAMBDA_ENV.pushVapidSubject], LAMBDA_ENV.pushVapidSubject),
            extraOrigins: list(values[LAMBDA_ENV.pushExtraOrigins]),
          },
        }
      : {}),
  };
};

/**
 * `WHEN_REQUIRED`: since 3.729 the SDK adds a CRC32 of an EMPTY body to presigned PUTs,
 * which S3 then holds every real upload against. An explicit endpoint (the local S3, an
 * IP host) is addressed path-style, as the SDK does for IP hosts.
 */
/** What every AWS SDK client of ours is built with: the region, and the access's credentials if it names any. */
export const clientOptions = (access: AwsAccess = {}) => ({
  region: REGION,
  ...(access.credentials ? { credentials: access.credentials } : {}),
});

export const createS3Client = (access: AwsAccess = {}): S3Client =>
  new S3Client({
    ...clientOptions(access),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(access.endpoints?.s3 ? { endpoint: access.endpoints.s3, forcePathStyle: true } : {}),
  });

export const createDynamoDbClient = (access: AwsAccess = {}): DynamoDBClient =>
  new DynamoDBClient({
    ...clientOptions(access),
    ...(access.endpoints?.dynamodb ? { endpoint: access.endpoints.dynamodb } : {}),
  });
