import type { Tracer } from '@aws-lambda-powertools/tracer';
import { SUB_PATTERN } from '../../contract/keys';
import type { HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createDynamoDbClient, createS3Client, type AwsAccess } from '../shared/runtime';
import { createCognitoClient, stsAssumeRole } from './clients';
import { resumeStalledDeletions, runDeletion, type DeletionDeps } from './deletion';
import type { DeletionWorkerEvent } from './handler';
import { cognitoIdentities } from './identities';
import { s3VersionedObjects } from './objects';
import { dynamoAccountRecords } from './records';
import { deletionSessionPolicy, mailAddressDeletionSessionPolicy, shareDeletionSessionPolicy } from './session-policy';
import { dynamoMailAddresses } from '../shared/mail/addresses';
import { ownerShareDeletion } from './shares';
import { dynamoShareStore } from '../shared/shares/store';

/** How long a job's credentials last: a run of the worker, with room to spare (a role assumed by a role lasts an hour at most). */
const JOB_SESSION_SECONDS = 30 * 60;

/** The worker with its clients, made at the first invocation (handler.ts). */
export const deletionWorkerOf = (
  settings: HandlerEnvironment,
  access: AwsAccess,
  roles: { userPoolId: string; jobRoleArn: string },
  log: Log,
  tracer: Tracer,
) => {
  const { userPoolId, jobRoleArn } = roles;
  const assumeRole = access.assumeRole ?? stsAssumeRole(access, JOB_SESSION_SECONDS);
  /** The job role, narrowed by a session policy. */
  const session = async (sessionName: string, policy: object): Promise<AwsAccess> => ({
    ...access,
    credentials: await assumeRole({ roleArn: jobRoleArn, sessionName, policy: JSON.stringify(policy) }),
  });
  const deps: DeletionDeps = {
    // The worker's own credentials reach the jobs' partition only.
    jobs: dynamoAccountRecords(settings.tableName, tracer.captureAWSv3Client(createDynamoDbClient(access))),
    async scopeFor(owner) {
      const policy = deletionSessionPolicy(owner, { bucketName: settings.bucketName, tableName: settings.tableName, userPoolId });
      const scoped = await session(`account-deletion-${owner}`, policy);
      const dynamo = tracer.captureAWSv3Client(createDynamoDbClient(scoped));
      return {
        objects: s3VersionedObjects(tracer.captureAWSv3Client(createS3Client(scoped)), settings.bucketName),
        records: {
          ...dynamoRecordStore(settings.tableName, dynamo),
          deleteOwnerPartition: dynamoAccountRecords(settings.tableName, dynamo).deleteOwnerPartition,
          partitionsHolding: dynamoAccountRecords(settings.tableName, dynamo).partitionsHolding,
        },
        shares: ownerShareDeletion({
          shares: async (of) =>
            (await dynamoShareStore(settings.tableName, dynamo).ownerShares(of)).map(({ shareId, secretHash }) => ({
              shareId,
              secretHash,
            })),
          // Each batch of shares through a session of its own, naming their partitions and copies only.
          async sessionFor(batch) {
            const forBatch = await session(
              `account-deletion-shares-${owner}`,
              shareDeletionSessionPolicy(batch, { tableName: settings.tableName, bucketName: settings.bucketName }),
            );
            return {
              partitions: dynamoAccountRecords(settings.tableName, tracer.captureAWSv3Client(createDynamoDbClient(forBatch))),
              objects: s3VersionedObjects(tracer.captureAWSv3Client(createS3Client(forBatch)), settings.bucketName),
            };
          },
        }),
        mail: {
          // The token from the owner's profile; its item through a session naming that item alone.
          async deleteAddress(of) {
            const token = await dynamoMailAddresses(settings.tableName, dynamo).tokenOf(of);
            if (!token) return;
            const forAddress = await session(
              `account-deletion-mail-${owner}`,
              mailAddressDeletionSessionPolicy(token, { tableName: settings.tableName }),
            );
            await dynamoMailAddresses(settings.tableName, tracer.captureAWSv3Client(createDynamoDbClient(forAddress))).retire(token);
          },
        },
        identities: cognitoIdentities(tracer.captureAWSv3Client(createCognitoClient(scoped)), userPoolId),
      };
    },
    log,
  };
  return async (event: DeletionWorkerEvent) => {
    if ('owner' in event) {
      // Only an owner's sub: the payload comes from the statements API, which took it from a verified token.
      if (typeof event.owner !== 'string' || !SUB_PATTERN.test(event.owner)) throw new Error('the event names no owner');
      await runDeletion(event.owner, deps);
      return;
    }
    const resumed = await resumeStalledDeletions(deps, 'staleAfterSeconds' in event ? event.staleAfterSeconds : undefined);
    if (resumed > 0) deps.log.info('stalled account deletions resumed', { resumed });
  };
};
