import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectVersionsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { ObjectVersion, VersionedObjects } from './deletion';

/** DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000;

/** The bucket's versions and uploads under way, through the S3 API. */
export const s3VersionedObjects = (client: S3Client, bucket: string): VersionedObjects => ({
  async *listVersions(prefix) {
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker: keyMarker, VersionIdMarker: versionIdMarker }),
      );
      const versions: ObjectVersion[] = [
        ...(page.Versions ?? []).map((version) => ({ key: version.Key!, versionId: version.VersionId ?? 'null', size: version.Size ?? 0 })),
        ...(page.DeleteMarkers ?? []).map((marker) => ({ key: marker.Key!, versionId: marker.VersionId ?? 'null', size: 0 })),
      ];
      yield versions;
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      versionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
    } while (keyMarker);
  },
  async deleteVersions(versions) {
    for (let index = 0; index < versions.length; index += DELETE_BATCH) {
      const batch = versions.slice(index, index + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((version) => ({ Key: version.key, VersionId: version.versionId })), Quiet: true },
        }),
      );
      // DeleteObjects answers 200 with per-key errors: one refused key fails the step, which a retry repeats.
      const refused = result.Errors ?? [];
      if (refused.length > 0) {
        throw new Error(
          `S3 refused to delete ${refused.length} version(s), first ${refused[0].Key}: ${refused[0].Code} ${refused[0].Message}`,
        );
      }
    }
  },
  async *listMultipartUploads(prefix) {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
      );
      for (const upload of page.Uploads ?? []) if (upload.Key && upload.UploadId) yield { key: upload.Key, uploadId: upload.UploadId };
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  },
  async abortMultipart({ key, uploadId }) {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      // Aborted already (a repeated step): what this step wants is true.
      if ((error as Error).name !== 'NoSuchUpload') throw error;
    }
  },
});
