import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { CHECKSUM_TYPES, type ChecksumType } from '../../contract/checksums';
import { MALWARE_SCAN } from '../../contract/scanning';
import { badRequest, notFound } from './errors';

export { Presigner } from './presigner';

export interface ObjectInfo {
  contentType: string;
  size: number;
  metadata: Record<string, string>;
  lastModified: string;
  /** The SHA-256 checksum S3 verified and stores with the object, if it was uploaded with one. */
  checksum?: { value: string; type: ChecksumType };
}

/** A part S3 holds of a multipart upload in progress. */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
  checksum?: string;
}

/** The S3 calls the handlers make, as a port so the core can be tested without a network. */
export interface ObjectStore {
  head(key: string): Promise<ObjectInfo | undefined>;
  delete(key: string): Promise<void>;
  /** The malware scan's verdict on an object (its GuardDuty tag); undefined while unscanned or gone. */
  scanVerdict(key: string): Promise<string | undefined>;
  /** The first `bytes` bytes of an object (fewer if it is shorter); undefined if it is gone. */
  readStart(key: string, bytes: number): Promise<Uint8Array | undefined>;
  /** Starts a multipart upload whose parts S3 checks against their SHA-256 (composite checksum). */
  createMultipart(input: { key: string; contentType: string; metadata: Record<string, string> }): Promise<string>;
  completeMultipart(input: {
    key: string;
    uploadId: string;
    parts: { partNumber: number; etag: string; checksum: string }[];
  }): Promise<void>;
  /** The parts S3 already holds of an upload in progress, in part order. */
  listParts(input: { key: string; uploadId: string }): Promise<StoredPart[]>;
  abortMultipart(input: { key: string; uploadId: string }): Promise<void>;
  /** Every key under a prefix (the reconciliation sweep). */
  list(prefix: string): AsyncIterable<string>;
  /** An object's bytes as they arrive, never held whole; undefined if it is gone. */
  readStream(key: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  /**
   * Writes an object from a stream of unknown length, a part at a time (never held whole),
   * then tags it; a failure leaves no object and no parts behind.
   */
  putStream(input: { key: string; body: Readable; contentType: string; tags: Record<string, string> }): Promise<void>;
}

/** The part size of a streamed write: S3's smallest, so at most two parts are held while they travel. */
const STREAM_PART_BYTES = 5 * 1024 * 1024;

const errorName = (error: unknown): string | undefined =>
  error instanceof S3ServiceException ? error.name : (error as { name?: string } | undefined)?.name;

/** S3's answers about a caller's multipart upload, in the API's words. */
const multipartError = (error: unknown): unknown => {
  switch (errorName(error)) {
    case 'NoSuchUpload':
      return notFound('There is no such upload in progress; start the upload again.');
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
      return badRequest('The uploaded parts do not match the list sent; upload the missing parts and try again.');
    default:
      return error;
  }
};

export const s3ObjectStore = (client: S3Client, bucket: string): ObjectStore => ({
  async head(key) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
      const type = head.ChecksumType === CHECKSUM_TYPES.composite ? CHECKSUM_TYPES.composite : CHECKSUM_TYPES.fullObject;
      return {
        contentType: head.ContentType ?? '',
        size: head.ContentLength ?? 0,
        metadata: head.Metadata ?? {},
        lastModified: (head.LastModified ?? new Date()).toISOString(),
        ...(head.ChecksumSHA256 ? { checksum: { value: head.ChecksumSHA256, type } } : {}),
      };
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes(errorName(error) ?? '')) return undefined;
      throw error;
    }
  },
  async delete(key) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },
  async scanVerdict(key) {
    try {
      const tagging = await client.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
      return tagging.TagSet?.find((tag) => tag.Key === MALWARE_SCAN.tagKey)?.Value;
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes(errorName(error) ?? '')) return undefined;
      throw error;
    }
  },
  async readStart(key, bytes) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes(errorName(error) ?? '')) return undefined;
      // An empty object has no byte 0: S3 answers InvalidRange.
      if (errorName(error) === 'InvalidRange') return new Uint8Array();
      throw error;
    }
  },
  async createMultipart({ key, contentType, metadata }) {
    const created = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        Metadata: metadata,
        ChecksumAlgorithm: 'SHA256',
        ChecksumType: CHECKSUM_TYPES.composite,
      }),
    );
    if (!created.UploadId) throw new Error('S3 returned no upload id');
    return created.UploadId;
  },
  async completeMultipart({ key, uploadId, parts }) {
    try {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag, ChecksumSHA256: part.checksum })),
          },
        }),
      );
    } catch (error) {
      throw multipartError(error);
    }
  },
  async listParts({ key, uploadId }) {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
        for (const part of page.Parts ?? []) {
          parts.push({
            partNumber: part.PartNumber ?? 0,
            size: part.Size ?? 0,
            etag: part.ETag ?? '',
            ...(part.ChecksumSHA256 ? { checksum: part.ChecksumSHA256 } : {}),
          });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      throw multipartError(error);
    }
    return parts;
  },
  async abortMultipart({ key, uploadId }) {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      throw multipartError(error);
    }
  },
  async readStream(key) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return (object.Body as Readable | undefined) ?? (async function* () {})();
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes(errorName(error) ?? '')) return undefined;
      throw error;
    }
  },
  async putStream({ key, body, contentType, tags }) {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType, ChecksumAlgorithm: 'SHA256' },
      partSize: STREAM_PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
      tags: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })),
    });
    await upload.done();
  },
  async *list(prefix) {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  },
});
