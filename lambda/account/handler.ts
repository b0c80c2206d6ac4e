import { Tracer } from '@aws-lambda-powertools/tracer';
import { LAMBDA_ENV, SUB_PATTERN } from '../../contract';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createDynamoDbClient, createS3Client, parseEnvironment, required, type AwsAccess } from '../shared/runtime';
import { createCognitoClient, stsAssumeRole } from './clients';
import { resumeStalledDeletions, runDeletion, type DeletionDeps } from './deletion';
import { cognitoIdentities } from './identities';
import { s3VersionedObjects } from './objects';
import { dynamoAccountRecords } from './records';
import { dynamoRecordStore } from '../shared/records';
import { deletionSessionPolicy } from './session-policy';

/** What starts the worker: the statements API, for one owner; or its schedule (an EventBridge event), to resume stalled jobs. */
export type DeletionWorkerEvent = { owner: string } | { source: string; staleAfterSeconds?: number };

/** How long a job's credentials last: a run of the worker, with room to spare (a role assumed by a role lasts an hour at most). */
const JOB_SESSION_SECONDS = 30 * 60;

/** The account deletion worker's Lambda handler. */
export const createAccountDeletionHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger('account-deletion', settings.logLevel);
  const tracer = new Tracer({ serviceName: 'account-deletion' });
  const userPoolId = required(settings.userPoolId, LAMBDA_ENV.userPoolId);
  const jobRoleArn = required(settings.deletionJobRoleArn, LAMBDA_ENV.deletionJobRoleArn);
  const assumeRole = access.assumeRole ?? stsAssumeRole(access, JOB_SESSION_SECONDS);
  const deps: DeletionDeps = {
    // The worker's own credentials reach the jobs' partition only.
    jobs: dynamoAccountRecords(settings.tableName, tracer.captureAWSv3Client(createDynamoDbClient(access))),
    async scopeFor(owner) {
      const policy = deletionSessionPolicy(owner, { bucketName: settings.bucketName, tableName: settings.tableName, userPoolId });
      const credentials = await assumeRole({
        roleArn: jobRoleArn,
        sessionName: `account-deletion-${owner}`,
        policy: JSON.stringify(policy),
      });
      const scoped: AwsAccess = { ...access, credentials };
      const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(scoped));
      return {
        objects: s3VersionedObjects(tracer.captureAWSv3Client(createS3Client(scoped)), settings.bucketName),
        records: {
          ...dynamoRecordStore(settings.tableName, dynamo),
          deleteOwnerPartition: dynamoAccountRecords(settings.tableName, dynamo).deleteOwnerPartition,
        },
        identities: cognitoIdentities(tracer.captureAWSv3Client(createCognitoClient(scoped)), userPoolId),
      };
    },
    log: powertoolsLog(logger),
  };
  return withLambdaContext(
    logger,
    CORRELATION_ID_PATHS.eventBridge,
    async (event: DeletionWorkerEvent) => {
      if ('owner' in event) {
        // Only an owner's sub: the payload comes from the statements API, which took it from a verified token.
        if (typeof event.owner !== 'string' || !SUB_PATTERN.test(event.owner)) throw new Error('the event names no owner');
        await runDeletion(event.owner, deps);
        return;
      }
      const resumed = await resumeStalledDeletions(deps, 'staleAfterSeconds' in event ? event.staleAfterSeconds : undefined);
      if (resumed > 0) deps.log.info('stalled account deletions resumed', { resumed });
    },
    { tracer },
  );
};
