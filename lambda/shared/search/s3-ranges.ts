import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { RangeSource } from '../../../contract/reading';

/** A range S3 answered with fewer or more bytes than asked for: the object is not the size its record says. */
export class ObjectSizeChanged extends Error {
  override name = 'ObjectSizeChanged';
}

/**
 * An object's bytes a range at a time, as a reader asks for them (pdf.js asks for the ranges
 * it needs, never the whole of a large file). `size` is the object's size as its record
 * holds it; every answer is checked against it, since a reader handed fewer bytes than it
 * asked for would read a different file. S3's own errors (throttling, a missing object) are
 * thrown as they are, for the caller's retry.
 */
export const s3RangeSource = (client: S3Client, bucket: string, key: string, size: number): RangeSource => ({
  size,
  async read(begin, end) {
    // An empty range has no last byte to name (and an empty object no byte 0: S3 would answer InvalidRange).
    if (end <= begin) return new Uint8Array();
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${begin}-${end - 1}` }));
    const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    if (bytes.length !== end - begin) throw new ObjectSizeChanged(`asked for bytes ${begin}-${end - 1}, read ${bytes.length}`);
    return bytes;
  },
});
