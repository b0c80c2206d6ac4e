import { Tracer } from '@aws-lambda-powertools/tracer';
import { LAMBDA_ENV, SUB_PATTERN } from '../../contract';
import { CORRELATION_ID_PATHS, createLogger, powertoolsLog, withLambdaContext } from '../shared/log';
import { createDynamoDbClient, createS3Client, parseEnvironment, type AwsAccess } from '../shared/runtime';
import { createCognitoClient, required } from './clients';
import { resumeStalledDeletions, runDeletion, type DeletionDeps } from './deletion';
import { cognitoIdentities } from './identities';
import { s3VersionedObjects } from './objects';
import { dynamoAccountRecords } from './records';
import { dynamoRecordStore } from '../shared/records';

/** What starts the worker: the statements API, for one owner; or its schedule (an EventBridge event), to resume stalled jobs. */
export type DeletionWorkerEvent = { owner: string } | { source: string; staleAfterSeconds?: number };

/** The account deletion worker's Lambda handler. */
export const createAccountDeletionHandler = (env: Record<string, string | undefined>, access: AwsAccess = {}) => {
  const settings = parseEnvironment(env);
  const logger = createLogger('account-deletion', settings.logLevel);
  const tracer = new Tracer({ serviceName: 'account-deletion' });
  const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(access));
  const accountRecords = dynamoAccountRecords(settings.tableName, dynamo);
  const records = dynamoRecordStore(settings.tableName, dynamo);
  const deps: DeletionDeps = {
    objects: s3VersionedObjects(tracer.captureAWSv3Client(createS3Client(access)), settings.bucketName),
    records: { ...records, deleteOwnerPartition: accountRecords.deleteOwnerPartition },
    jobs: accountRecords,
    identities: cognitoIdentities(
      tracer.captureAWSv3Client(createCognitoClient(access)),
      required(settings.userPoolId, LAMBDA_ENV.userPoolId),
    ),
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
