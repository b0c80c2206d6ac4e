import { requireEnv } from '../shared/http';
import { powertoolsLog } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createS3Client, s3ObjectStore } from '../shared/s3';
import { createSweep } from './sweep';

/** Scheduled (EventBridge) reconciliation of the bucket and the table. */
export const handler = createSweep({
  objects: s3ObjectStore(createS3Client(), requireEnv('BUCKET_NAME')),
  records: dynamoRecordStore(requireEnv('TABLE_NAME')),
  log: powertoolsLog('catalogue-sweep'),
});
