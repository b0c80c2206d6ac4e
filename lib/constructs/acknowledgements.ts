import { CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag names a wildcard finding by the resource it allows; this builds that name for
 * a key prefix of a bucket, so an acknowledgement covers that one prefix and nothing more.
 */
export const acknowledgeKeyPrefixWildcard = (scope: IConstruct, bucket: s3.IBucket, keyPrefix: string, reason: string): void => {
  const bucketLogicalId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement);
  Validations.of(scope).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${keyPrefix}*]`,
    reason,
  });
};
