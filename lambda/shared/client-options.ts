import { REGION } from '../../contract/aws';
import type { AwsAccess } from './runtime';

/**
 * What every AWS SDK client of ours is built with: the region, and the access's credentials
 * if it names any. Apart from runtime.ts, so that a module which loads one client when it
 * first needs it does not bring the S3 and DynamoDB clients with it.
 */
export const clientOptions = (access: AwsAccess = {}) => ({
  region: REGION,
  ...(access.credentials ? { credentials: access.credentials } : {}),
});
