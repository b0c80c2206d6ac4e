import { requireEnv } from '../shared/http';
import { powertoolsLog } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { createS3Client, s3ObjectStore } from '../shared/s3';
import { createCatalogue } from './core';

export const handler = createCatalogue({
  objects: s3ObjectStore(createS3Client(), requireEnv('BUCKET_NAME')),
  records: dynamoRecordStore(requireEnv('TABLE_NAME')),
  log: powertoolsLog('catalogue'),
});
