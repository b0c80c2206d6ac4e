import * as fs from 'node:fs';
import * as path from 'node:path';
import { byBytes, invalidArgument, storedObjects, xmlEscape, type ListingAnswer } from './listing';

const MAX_KEYS = 1000;
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const maxOf = (query: URLSearchParams, name: string): number | undefined => {
  const raw = query.get(name);
  if (raw === null) return MAX_KEYS;
  return /^\d+$/.test(raw) ? Math.min(MAX_KEYS, Number(raw)) : undefined;
};

const field = (name: string, value: string | number | boolean) => `<${name}>${typeof value === 'string' ? value : String(value)}</${name}>`;

/**
 * ListObjectVersions as S3 answers it for a bucket whose versioning was never enabled
 * (the local bucket keeps one copy of each key): every object is its only version, with
 * the version id `null`, and there are no delete markers. Prefix, key marker and max-keys
 * page as S3's do; a delimiter is not offered (nothing here lists versions by folder).
 */
export const listObjectVersions = (bucketDir: string, bucket: string, query: URLSearchParams): ListingAnswer => {
  if (query.has('delimiter'))
    return { ok: false, status: 501, code: 'NotImplemented', message: 'The local bucket lists versions without a delimiter.' };
  const maxKeys = maxOf(query, 'max-keys');
  if (maxKeys === undefined) return invalidArgument('Provided max-keys not an integer or within integer range');
  const prefix = query.get('prefix') ?? '';
  const keyMarker = query.get('key-marker') ?? '';
  const all = storedObjects(bucketDir, prefix).filter((object) => byBytes(object.key, keyMarker) > 0);
  const page = all.slice(0, maxKeys);
  const truncated = all.length > page.length;
  const versions = page.map((object) => {
    const stat = fs.statSync(object.file);
    const md5File = `${object.file}.md5`;
    const etag = fs.existsSync(md5File) ? fs.readFileSync(md5File, 'utf8') : '';
    return (
      `<Version><Key>${xmlEscape(object.key)}</Key><VersionId>null</VersionId><IsLatest>true</IsLatest>` +
      `<LastModified>${stat.mtime.toISOString()}</LastModified><ETag>&quot;${xmlEscape(etag)}&quot;</ETag>` +
      `<Size>${stat.size}</Size><StorageClass>STANDARD</StorageClass></Version>`
    );
  });
  const head = [
    field('Name', xmlEscape(bucket)),
    field('Prefix', xmlEscape(prefix)),
    field('KeyMarker', xmlEscape(keyMarker)),
    field('VersionIdMarker', xmlEscape(query.get('version-id-marker') ?? '')),
    field('MaxKeys', maxKeys),
    field('IsTruncated', truncated),
    ...(truncated ? [field('NextKeyMarker', xmlEscape(page[page.length - 1].key)), field('NextVersionIdMarker', 'null')] : []),
  ].join('');
  return {
    ok: true,
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n<ListVersionsResult xmlns="${XMLNS}">${head}${versions.join('')}</ListVersionsResult>`,
  };
};

/**
 * ListMultipartUploads over the uploads the local bucket holds (each a folder with its
 * key), in key then upload-id order, paged by key and upload-id markers as S3 pages them.
 */
export const listMultipartUploads = (uploadsDir: string, bucket: string, query: URLSearchParams): ListingAnswer => {
  if (query.has('delimiter'))
    return { ok: false, status: 501, code: 'NotImplemented', message: 'The local bucket lists uploads without a delimiter.' };
  const maxUploads = maxOf(query, 'max-uploads');
  if (maxUploads === undefined) return invalidArgument('Provided max-uploads not an integer or within integer range');
  const prefix = query.get('prefix') ?? '';
  const keyMarker = query.get('key-marker') ?? '';
  const uploadIdMarker = query.get('upload-id-marker') ?? '';
  const uploads = (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [])
    .map((uploadId) => ({ uploadId, keyFile: path.join(uploadsDir, uploadId, 'key') }))
    .filter(({ keyFile }) => fs.existsSync(keyFile))
    .map(({ uploadId, keyFile }) => ({ uploadId, key: fs.readFileSync(keyFile, 'utf8'), initiated: fs.statSync(keyFile).mtime }))
    .filter(({ key }) => key.startsWith(prefix))
    .sort((a, b) => byBytes(a.key, b.key) || a.uploadId.localeCompare(b.uploadId))
    // After the markers: a later key, or the marker's key with a later upload id (with an upload-id marker only).
    .filter(({ key, uploadId }) => {
      const order = byBytes(key, keyMarker);
      return order > 0 || (order === 0 && uploadIdMarker !== '' && uploadId > uploadIdMarker) || keyMarker === '';
    });
  const page = uploads.slice(0, maxUploads);
  const truncated = uploads.length > page.length;
  const last = page[page.length - 1];
  const head = [
    field('Bucket', xmlEscape(bucket)),
    field('KeyMarker', xmlEscape(keyMarker)),
    field('UploadIdMarker', xmlEscape(uploadIdMarker)),
    ...(truncated ? [field('NextKeyMarker', xmlEscape(last.key)), field('NextUploadIdMarker', last.uploadId)] : []),
    field('Prefix', xmlEscape(prefix)),
    field('MaxUploads', maxUploads),
    field('IsTruncated', truncated),
  ].join('');
  const entries = page.map(
    (upload) =>
      `<Upload><Key>${xmlEscape(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId>` +
      `<Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
  );
  return {
    ok: true,
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="${XMLNS}">${head}${entries.join('')}</ListMultipartUploadsResult>`,
  };
};
