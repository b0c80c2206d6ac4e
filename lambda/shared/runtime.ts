import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { clientOptions } from './client-options';

/**
 * How a handler factory reaches AWS (its environment is environment.ts's). On Lambda this
 * comes from the runtime (the SDK's default credentials and endpoints); the local stack
 * passes each function its own credentials and the local endpoints, so several functions,
 * each with its own role, run in one process.
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
  /**
   * Asks the malware scan to scan an object again (GuardDuty Malware Protection's
   * SendObjectMalwareScan, with this access's role).
   * @default GuardDuty's API (lambda/shared/malware-scans.ts)
   */
  requestMalwareScan?: (object: { bucket: string; key: string }) => Promise<void>;
}

export interface AssumeRoleRequest {
  roleArn: string;
  sessionName: string;
  /** The session policy, as JSON: the session may do only what both it and the role allow. */
  policy: string;
}

/**
 * `WHEN_REQUIRED`: since 3.729 the SDK adds a CRC32 of an EMPTY body to presigned PUTs,
 * which S3 then holds every real upload against. An explicit endpoint (the local S3, an
 * IP host) is addressed path-style, as the SDK does for IP hosts.
 */
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
