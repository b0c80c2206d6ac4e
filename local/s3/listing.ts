import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * ListObjects (v1) and ListObjectsV2 over s3rver's files, answered by the front: s3rver's
 * own listing misses prefixes under a delimiter and builds continuation tokens with DES,
 * which Node 20's OpenSSL refuses (every second page was a 500). This one follows S3:
 * keys in UTF-8 byte order, at most 1,000 entries a page (objects and common prefixes
 * together), opaque continuation tokens, start-after, markers and URL encoding.
 */
const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_DIR = '._S3rver_uploads';
const MAX_KEYS = 1000;

export interface StoredObject {
  key: string;
  file: string;
}

export const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Every stored key under the directory part of `prefix` (no need to walk the rest of the bucket). */
export const storedObjects = (bucketDir: string, prefix: string): StoredObject[] => {
  const prefixDir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
  const start = path.join(bucketDir, prefixDir);
  if (!path.resolve(start).startsWith(path.resolve(bucketDir)) || !fs.existsSync(start)) return [];
  const found: StoredObject[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== UPLOADS_DIR) walk(full);
      } else if (entry.name.endsWith(OBJECT_SUFFIX)) {
        const key = path.relative(bucketDir, full).slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/');
        if (key.startsWith(prefix)) found.push({ key, file: full });
      }
    }
  };
  walk(start);
  return found.sort((a, b) => byBytes(a.key, b.key));
};

export const xmlEscape = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const invalidArgument = (message: string): ListingAnswer => ({ ok: false, status: 400, code: 'InvalidArgument', message });

export type ListingAnswer = { ok: true; xml: string } | { ok: false; status: number; code: string; message: string };

const encodeToken = (after: string): string => Buffer.from(`vault-list:${after}`, 'utf8').toString('base64');
const decodeToken = (token: string): string | undefined => {
  const text = Buffer.from(token, 'base64').toString('utf8');
  return text.startsWith('vault-list:') ? text.slice('vault-list:'.length) : undefined;
};

export const listObjects = (bucketDir: string, bucket: string, query: URLSearchParams): ListingAnswer => {
  const v2 = query.get('list-type') === '2';
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const urlEncoded = query.get('encoding-type') === 'url';
  if (query.has('encoding-type') && !urlEncoded) return invalidArgument('Invalid Encoding Method specified in Request');
  const rawMax = query.get('max-keys');
  if (rawMax !== null && !/^\d+$/.test(rawMax)) return invalidArgument('Provided max-keys not an integer or within integer range');
  const maxKeys = rawMax === null ? MAX_KEYS : Math.min(MAX_KEYS, Number(rawMax));

  let after: string;
  if (v2) {
    if (query.has('marker')) return invalidArgument('Marker unsupported with REST.GET.BUCKET in list-type=2');
    const token = query.get('continuation-token');
    if (token !== null) {
      const decoded = decodeToken(token);
      if (decoded === undefined) return invalidArgument('The continuation token provided is incorrect');
      after = decoded;
    } else after = query.get('start-after') ?? '';
  } else {
    if (query.has('continuation-token')) return invalidArgument('continuation-token only supported in REST.GET.BUCKET with list-type=2');
    after = query.get('marker') ?? '';
  }

  const encode = (value: string) => xmlEscape(urlEncoded ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
  const contents: string[] = [];
  const commonPrefixes: string[] = [];
  let last = '';
  let truncated = false;
  for (const object of storedObjects(path.join(bucketDir), prefix)) {
    if (byBytes(object.key, after) <= 0) continue;
    const cut = delimiter ? object.key.indexOf(delimiter, prefix.length) : -1;
    const rolledUp = cut >= 0 ? object.key.slice(0, cut + delimiter.length) : undefined;
    // Keys under a common prefix already returned (on this page or an earlier one) are folded into it.
    if (rolledUp !== undefined && (rolledUp === last || after.startsWith(rolledUp))) continue;
    if (contents.length + commonPrefixes.length >= maxKeys) {
      truncated = true;
      break;
    }
    if (rolledUp !== undefined) {
      commonPrefixes.push(`<CommonPrefixes><Prefix>${encode(rolledUp)}</Prefix></CommonPrefixes>`);
      last = rolledUp;
    } else {
      const stat = fs.statSync(object.file);
      const md5File = `${object.file}.md5`;
      const etag = fs.existsSync(md5File) ? fs.readFileSync(md5File, 'utf8') : '';
      contents.push(
        `<Contents><Key>${encode(object.key)}</Key><LastModified>${stat.mtime.toISOString()}</LastModified>` +
          `<ETag>&quot;${xmlEscape(etag)}&quot;</ETag><Size>${stat.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      );
      last = object.key;
    }
  }

  const field = (name: string, value: string | number | boolean | undefined) =>
    value === undefined ? '' : `<${name}>${typeof value === 'string' ? value : String(value)}</${name}>`;
  const head = [
    field('Name', xmlEscape(bucket)),
    field('Prefix', encode(prefix)),
    delimiter ? field('Delimiter', encode(delimiter)) : '',
    field('MaxKeys', maxKeys),
    urlEncoded ? field('EncodingType', 'url') : '',
    field('IsTruncated', truncated),
    ...(v2
      ? [
          field('KeyCount', contents.length + commonPrefixes.length),
          query.has('continuation-token') ? field('ContinuationToken', xmlEscape(query.get('continuation-token')!)) : '',
          query.has('start-after') ? field('StartAfter', encode(query.get('start-after')!)) : '',
          truncated ? field('NextContinuationToken', xmlEscape(encodeToken(last))) : '',
        ]
      : [field('Marker', encode(after)), truncated && delimiter ? field('NextMarker', encode(last)) : '']),
  ].join('');
  return {
    ok: true,
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${head}${contents.join('')}${commonPrefixes.join('')}</ListBucketResult>`,
  };
};
