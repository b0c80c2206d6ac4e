import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PresignedDownload, PresignedPut } from '../../contract';
import { badRequest, notFound } from './errors';

const metadataHeaders = (metadata: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]));

/**
 * Presigned URLs whose limits S3 enforces itself: the type, exact length and metadata of
 * an upload are signed headers, so a request that changes any of them fails S3's
 * signature check; the key is in the signed path.
 */
export class Presigner {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private expiry(seconds: number, signingDate: Date): string {
    return new Date(signingDate.getTime() + seconds * 1000).toISOString();
  }

  async put(input: {
    key: string;
    contentType: string;
    contentLength: number;
    metadata?: Record<string, string>;
    expiresIn: number;
  }): Promise<PresignedPut> {
    const signingDate = this.now();
    const metadata = input.metadata ?? {};
    const headers = { 'content-type': input.contentType, ...metadataHeaders(metadata) };
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: input.key,
        ContentType: input.contentType,
        ContentLength: input.contentLength,
        Metadata: metadata,
      }),
      {
        expiresIn: input.expiresIn,
        signingDate,
        signableHeaders: new Set(['content-type', 'content-length']),
        // Kept as headers (not query parameters) so they are signed and S3 stores them.
        unhoistableHeaders: new Set(Object.keys(metadataHeaders(metadata))),
      },
    );
    return { method: 'PUT', url, headers, expiresAt: this.expiry(input.expiresIn, signingDate) };
  }

  async uploadPart(input: {
    key: string;
    uploadId: string;
    partNumber: number;
    contentLength: number;
    expiresIn: number;
  }): Promise<{ url: string; expiresAt: string }> {
    const signingDate = this.now();
    const url = await getSignedUrl(
      this.client,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: input.key,
        UploadId: input.uploadId,
        PartNumber: input.partNumber,
        ContentLength: input.contentLength,
      }),
      { expiresIn: input.expiresIn, signingDate, signableHeaders: new Set(['content-length']) },
    );
    return { url, expiresAt: this.expiry(input.expiresIn, signingDate) };
  }

  async get(input: {
    key: string;
    expiresIn: number;
    contentDisposition?: string;
    contentType?: string;
  }): Promise<PresignedDownload> {
    const signingDate = this.now();
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: input.key,
        ResponseContentDisposition: input.contentDisposition,
        ResponseContentType: input.contentType,
      }),
      { expiresIn: input.expiresIn, signingDate },
    );
    return { url, expiresAt: this.expiry(input.expiresIn, signingDate) };
  }
}

export interface ObjectInfo {
  contentType: string;
  size: number;
  metadata: Record<string, string>;
  lastModified: string;
}

/** The S3 calls the handlers make, as a port so the core can be tested without a network. */
export interface ObjectStore {
  head(key: string): Promise<ObjectInfo | undefined>;
  delete(key: string): Promise<void>;
  createMultipart(input: { key: string; contentType: string; metadata: Record<string, string> }): Promise<string>;
  completeMultipart(input: { key: string; uploadId: string; parts: { partNumber: number; etag: string }[] }): Promise<void>;
  abortMultipart(input: { key: string; uploadId: string }): Promise<void>;
  /** Every key under a prefix (the reconciliation sweep). */
  list(prefix: string): AsyncIterable<string>;
}

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
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        contentType: head.ContentType ?? '',
        size: head.ContentLength ?? 0,
        metadata: head.Metadata ?? {},
        lastModified: (head.LastModified ?? new Date()).toISOString(),
      };
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes(errorName(error) ?? '')) return undefined;
      throw error;
    }
  },
  async delete(key) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },
  async createMultipart({ key, contentType, metadata }) {
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType, Metadata: metadata }),
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
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
    } catch (error) {
      throw multipartError(error);
    }
  },
  async abortMultipart({ key, uploadId }) {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      throw multipartError(error);
    }
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
