import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface FailureQueueProps {
  /** The command that reads the queue and runs the function again on each event (`npm run catalogue:replay`). */
  readonly replayCommand: string;
  /**
   * How long a failure waits for its replay.
   * @default 14 days
   */
  readonly retention?: Duration;
}

/**
 * Where a function's asynchronous invocations go once Lambda's two retries failed too (its
 * on-failure destination, `new destinations.SqsDestination(queue)`): an encrypted, TLS-only
 * queue in `scope` under `id`, read by a replay command. The queue is itself the end of the
 * line, so it has no dead-letter queue of its own.
 */
export const failureQueue = (scope: Construct, id: string, props: FailureQueueProps): sqs.Queue => {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: props.retention ?? Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself a function's failure destination (what Lambda could not deliver after its retries); \`${props.replayCommand}\` reads it, so no further queue is needed behind it.`,
  });
  return queue;
};
