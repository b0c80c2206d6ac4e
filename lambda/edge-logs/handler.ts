import { LAMBDA_ENV } from '../../contract/lambda-env';
import { SERVICE_NAMES } from '../../contract/metrics';
import { requireVariables } from '../shared/environment';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { clientOptions } from '../shared/client-options';
import type { AwsAccess } from '../shared/runtime';
import { createEdgeLogRetention, type EdgeLogPorts } from './retention';

/** EC2's list of the account's enabled regions, and CloudWatch Logs in each; the SDK clients load at the run's first call. */
export const awsEdgeLogPorts = (access: AwsAccess = {}): EdgeLogPorts => ({
  async regions() {
    const { EC2Client, DescribeRegionsCommand } = await import('@aws-sdk/client-ec2');
    const answer = await new EC2Client(clientOptions(access)).send(new DescribeRegionsCommand({ AllRegions: false }));
    return (answer.Regions ?? []).flatMap((region) => (region.RegionName ? [region.RegionName] : [])).sort();
  },
  async setRetention(region, logGroupName, days) {
    const { CloudWatchLogsClient, PutRetentionPolicyCommand } = await import('@aws-sdk/client-cloudwatch-logs');
    const client = new CloudWatchLogsClient({ ...clientOptions(access), region });
    try {
      await client.send(new PutRetentionPolicyCommand({ logGroupName, retentionInDays: days }));
      return 'set';
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') return 'absent';
      throw error;
    } finally {
      client.destroy();
    }
  },
});

/** The edge log retention's Lambda handler: EventBridge invokes it on a schedule. */
export const createEdgeLogRetentionHandler = (env: Record<string, string | undefined>, ports: EdgeLogPorts = awsEdgeLogPorts()) => {
  requireVariables(env, [LAMBDA_ENV.edgeLogGroupName, LAMBDA_ENV.edgeLogRetentionDays]);
  const days = Number(env[LAMBDA_ENV.edgeLogRetentionDays]);
  if (!Number.isInteger(days) || days <= 0)
    throw new Error(`environment variable ${LAMBDA_ENV.edgeLogRetentionDays} is not a number of days`);
  const logger = createLogger(SERVICE_NAMES.edgeLogRetention, env[LAMBDA_ENV.logLevel]);
  const run = createEdgeLogRetention({ ports, logGroupName: env[LAMBDA_ENV.edgeLogGroupName] as string, days, log: powertoolsLog(logger) });
  return withLambdaContext(logger, CORRELATION_ID_PATHS.eventBridge, (_event: unknown) => run());
};
