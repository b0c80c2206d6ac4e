/**
 * What an S3 request asks for, in IAM's terms: the action, the ARN it is on and the
 * condition keys S3 puts in the request context. Path-style addressing only (the local
 * endpoint is an IP address, so every SDK uses it).
 */
export interface S3Operation {
  /** The S3 API operation, for messages and for the front's own handling. */
  name: string;
  bucket?: string;
  key?: string;
  /** Each IAM check the request needs (a copy needs more than one). */
  checks: { action: string; resource: string; context?: Record<string, string> }[];
  /** A copy's source object, whose tags are read (and copied, unless the request replaces them). */
  copySource?: { bucket: string; key: string; tagging: 'COPY' | 'REPLACE' };
}

const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;
const objectArn = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;

/** Splits `/bucket/key…` (still percent-encoded) into bucket and decoded key; undefined if the encoding is broken. */
export const splitPath = (rawPath: string): { bucket?: string; key?: string } | undefined => {
  const [, bucket, ...rest] = rawPath.split('/');
  try {
    const key = rest.length > 0 ? decodeURIComponent(rest.join('/')) : undefined;
    return { bucket: bucket ? decodeURIComponent(bucket) : undefined, key: key === '' ? undefined : key };
  } catch {
    return undefined;
  }
};

/** The list operations' condition keys, present only when the request carries them. */
const listContext = (query: URLSearchParams): Record<string, string> => {
  const context: Record<string, string> = {};
  if (query.has('prefix')) context['s3:prefix'] = query.get('prefix') ?? '';
  if (query.has('delimiter')) context['s3:delimiter'] = query.get('delimiter') ?? '';
  if (query.has('max-keys')) context['s3:max-keys'] = query.get('max-keys') ?? '';
  return context;
};

export const s3Operation = (
  method: string,
  rawPath: string,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
): S3Operation | undefined => {
  const parts = splitPath(rawPath);
  if (!parts) return undefined;
  const { bucket, key } = parts;
  if (!bucket) return method === 'GET' ? { name: 'ListBuckets', checks: [{ action: 's3:ListAllMyBuckets', resource: '*' }] } : undefined;

  if (key === undefined) {
    const on = (name: string, action: string, context?: Record<string, string>): S3Operation => ({
      name,
      bucket,
      checks: [{ action, resource: bucketArn(bucket), ...(context ? { context } : {}) }],
    });
    if (method === 'GET' && query.has('uploads')) return on('ListMultipartUploads', 's3:ListBucketMultipartUploads', listContext(query));
    if (method === 'GET' && query.has('versions')) return on('ListObjectVersions', 's3:ListBucketVersions', listContext(query));
    if (method === 'GET' && query.has('location')) return on('GetBucketLocation', 's3:GetBucketLocation');
    if (method === 'GET' && query.has('cors')) return on('GetBucketCors', 's3:GetBucketCORS');
    if (method === 'GET' && query.has('versioning')) return on('GetBucketVersioning', 's3:GetBucketVersioning');
    if (method === 'GET' && [...query.keys()].every((name) => LIST_PARAMETERS.has(name))) {
      return on(query.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects', 's3:ListBucket', listContext(query));
    }
    if (method === 'HEAD' && query.size === 0) return on('HeadBucket', 's3:ListBucket');
    if (method === 'POST' && query.has('delete')) return { name: 'DeleteObjects', bucket, checks: [] };
    return undefined;
  }

  const versioned = query.has('versionId');
  const on = (name: string, action: string): S3Operation => ({ name, bucket, key, checks: [{ action, resource: objectArn(bucket, key) }] });
  switch (method) {
    case 'GET':
      if (query.has('uploadId')) return on('ListParts', 's3:ListMultipartUploadParts');
      if (query.has('tagging')) return on('GetObjectTagging', versioned ? 's3:GetObjectVersionTagging' : 's3:GetObjectTagging');
      if (query.has('acl')) return on('GetObjectAcl', versioned ? 's3:GetObjectVersionAcl' : 's3:GetObjectAcl');
      return on('GetObject', versioned ? 's3:GetObjectVersion' : 's3:GetObject');
    case 'HEAD':
      return on('HeadObject', versioned ? 's3:GetObjectVersion' : 's3:GetObject');
    case 'PUT': {
      if (query.has('tagging')) return on('PutObjectTagging', versioned ? 's3:PutObjectVersionTagging' : 's3:PutObjectTagging');
      if (query.has('acl')) return on('PutObjectAcl', 's3:PutObjectAcl');
      const copySource = headers['x-amz-copy-source'];
      const operation = on(
        query.has('partNumber') ? (copySource ? 'UploadPartCopy' : 'UploadPart') : copySource ? 'CopyObject' : 'PutObject',
        's3:PutObject',
      );
      if (typeof copySource === 'string') {
        const source = splitPath(`/${copySource.replace(/^\//, '').split('?')[0]}`);
        if (!source?.bucket || !source.key) return undefined;
        operation.checks.push({ action: 's3:GetObject', resource: objectArn(source.bucket, source.key) });
        const tagging = String(headers['x-amz-tagging-directive'] ?? 'COPY').toUpperCase() === 'REPLACE' ? 'REPLACE' : 'COPY';
        operation.copySource = { bucket: source.bucket, key: source.key, tagging };
      }
      return operation;
    }
    case 'POST':
      if (query.has('uploads')) return on('CreateMultipartUpload', 's3:PutObject');
      if (query.has('uploadId')) return on('CompleteMultipartUpload', 's3:PutObject');
      return undefined;
    case 'DELETE':
      if (query.has('uploadId')) return on('AbortMultipartUpload', 's3:AbortMultipartUpload');
      if (query.has('tagging')) return on('DeleteObjectTagging', 's3:DeleteObjectTagging');
      return on('DeleteObject', versioned ? 's3:DeleteObjectVersion' : 's3:DeleteObject');
    default:
      return undefined;
  }
};

/** Query parameters of ListObjects (v1 and v2); a bucket GET with anything else is another operation. */
const LIST_PARAMETERS = new Set([
  'list-type',
  'prefix',
  'delimiter',
  'max-keys',
  'continuation-token',
  'start-after',
  'fetch-owner',
  'encoding-type',
  'marker',
  'x-id',
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
]);
