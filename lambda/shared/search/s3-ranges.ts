import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { RangeSource } from '../../../contract/reading';

/** An object's bytes a range at a time (pdf.js asks for the ranges it needs, never the whole of a large file). */
export const s3RangeSource = (client: S3Client, bucket: string, key: string, size: number): RangeSource => ({
  size,
  async read(begin, end) {
    if (end <= begin) return new Uint8Array();
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${begin}-${end - 1}` }));
    return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  },
});
