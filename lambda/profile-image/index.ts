import { corsFromEnv, requireEnv } from '../shared/http';
import { powertoolsLog } from '../shared/log';
import { Presigner, createS3Client, s3ObjectStore } from '../shared/s3';
import { createProfileImageApi } from './core';

const s3 = createS3Client();
const bucket = requireEnv('BUCKET_NAME');

export const handler = createProfileImageApi({
  presigner: new Presigner(s3, bucket),
  objects: s3ObjectStore(s3, bucket),
  log: powertoolsLog('profile-image-api'),
  cors: corsFromEnv(),
});
