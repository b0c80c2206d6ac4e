import { corsFromEnv, requireEnv } from '../shared/http';
import { powertoolsLog } from '../shared/log';
import { dynamoRecordStore } from '../shared/records';
import { Presigner, createS3Client, s3ObjectStore } from '../shared/s3';
import { createStatementsApi } from './core';

const s3 = createS3Client();
const bucket = requireEnv('BUCKET_NAME');

export const handler = createStatementsApi({
  presigner: new Presigner(s3, bucket),
  objects: s3ObjectStore(s3, bucket),
  records: dynamoRecordStore(requireEnv('TABLE_NAME')),
  log: powertoolsLog('statements-api'),
  cors: corsFromEnv(),
});
