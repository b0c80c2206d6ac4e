import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { S3Event } from 'aws-lambda';
import { BUCKET_CORS, CHECKSUM, CHECKSUM_TYPES, REGION, S3_USER_METADATA_MAX_BYTES } from '../../contract';
import { verifySigV4 } from '../auth/sigv4';
import { listenInFront, readBody, requestTarget, safeHandler, upstreamAgent, type FrontedEmulator } from '../http';
import type { Authorizer } from '../iam/authorizer';
import type { Identities, Signer } from '../iam/identities';
import { HOST } from '../settings';
import {
  checksumHeaders,
  completeChecksum,
  createChecksumStore,
  declaredChecksum,
  digestProblem,
  partChecksumProblem,
  sha256Of,
  spoolAndHash,
  type Problem,
  type StoredChecksum,
} from './checksums';
import { preflight } from './cors';
import { listObjects, type ListingAnswer } from './listing';
import { listMultipartUploads, listObjectVersions } from './version-listing';

import { s3Operation, splitPath, type S3Operation } from './operations';

/** The listings the front answers itself, by operation: over the bucket's folder, or its uploads' for ListMultipartUploads. */
const LISTERS: Record<string, (dir: string, bucket: string, query: URLSearchParams) => ListingAnswer> = {
  ListObjects: listObjects,
  ListObjectsV2: listObjects,
  ListObjectVersions: listObjectVersions,
  ListMultipartUploads: listMultipartUploads,
};

// s3rver ships no types; this is the part we use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  on(event: 'event', listener: (event: S3Event) => void): void;
};

const corsXml = (origins: string[]): string =>
  `<CORSConfiguration><CORSRule>${origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('')}` +
  BUCKET_CORS.allowedMethods.map((method) => `<AllowedMethod>${method}</AllowedMethod>`).join('') +
  BUCKET_CORS.allowedHeaders.map((header) => `<AllowedHeader>${header}</AllowedHeader>`).join('') +
  BUCKET_CORS.exposedHeaders.map((header) => `<ExposeHeader>${header}</ExposeHeader>`).join('') +
  `<MaxAgeSeconds>${BUCKET_CORS.maxAgeSeconds}</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

const errorXml = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</Message></Error>`;

/** ListParts, which s3rver lacks: the parts on disk, their ETags and the checksums S3 verified. */
const listPartsXml = (
  uploadsDir: string,
  bucket: string,
  key: string,
  uploadId: string,
  checksumOf: (part: number) => string | undefined,
): string => {
  const dir = path.join(uploadsDir, uploadId);
  const numbers = fs
    .readdirSync(dir)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = numbers.map((partNumber) => {
    const file = path.join(dir, String(partNumber));
    const stat = fs.statSync(file);
    const md5 = fs.existsSync(`${file}.md5`)
      ? fs.readFileSync(`${file}.md5`, 'utf8')
      : createHash('md5').update(fs.readFileSync(file)).digest('hex');
    const checksum = checksumOf(partNumber);
    return (
      `<Part><PartNumber>${partNumber}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified>` +
      `<ETag>&quot;${md5}&quot;</ETag><Size>${stat.size}</Size>${checksum ? `<ChecksumSHA256>${checksum}</ChecksumSHA256>` : ''}</Part>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><UploadId>${uploadId}</UploadId>` +
    `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker>` +
    `<MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
  );
};

/**
 * What S3 checks of a multipart call and s3rver does not: the upload id must belong to the
 * key in the request (s3rver ignores the key, so a caller could complete someone else's
 * upload into their own key), and every part named on completion must exist (s3rver
 * crashes on a missing part file). Answers like S3: NoSuchUpload (404), InvalidPart (400).
 */
const multipartProblem = (uploadsDir: string, operation: S3Operation, query: URLSearchParams, body?: Buffer): Problem | undefined => {
  const uploadId = query.get('uploadId');
  if (uploadId === null || operation.key === undefined) return undefined;
  const noSuchUpload = {
    status: 404,
    code: 'NoSuchUpload',
    message: 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  };
  if (!/^[0-9a-f]{1,64}$/.test(uploadId)) return noSuchUpload;
  const keyFile = path.join(uploadsDir, uploadId, 'key');
  if (!fs.existsSync(keyFile) || fs.readFileSync(keyFile, 'utf8') !== operation.key) return noSuchUpload;
  if (body && operation.name === 'CompleteMultipartUpload') {
    const partNumbers = [...body.toString('utf8').matchAll(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/g)].map((match) => match[1]);
    if (partNumbers.some((partNumber) => !fs.existsSync(path.join(uploadsDir, uploadId, String(Number(partNumber)))))) {
      return { status: 400, code: 'InvalidPart', message: 'One or more of the specified parts could not be found.' };
    }
  }
  return undefined;
};

/** S3 keeps at most 2 KB of user metadata: the UTF-8 bytes of every name (without `x-amz-meta-`) and value. */
/** The event S3 sends for an object a multi-object delete removed (its key URL-encoded, as S3 encodes it). */
const objectRemovedEvent = (bucket: string, key: string): S3Event => ({
  Records: [
    {
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: REGION,
      eventTime: new Date().toISOString(),
      eventName: 'ObjectRemoved:Delete',
      userIdentity: { principalId: 'local' },
      requestParameters: { sourceIPAddress: '127.0.0.1' },
      responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': 'local' },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'local',
        bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
        object: {
          key: key.split('/').map(encodeURIComponent).join('/'),
          size: 0,
          eTag: '',
          sequencer: Date.now().toString(16).toUpperCase(),
        },
      },
    },
  ],
});

const metadataProblem = (headers: http.IncomingHttpHeaders): Problem | undefined => {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith('x-amz-meta-')) continue;
    bytes += Buffer.byteLength(name.slice('x-amz-meta-'.length), 'utf8') + Buffer.byteLength([value].flat().join(','), 'utf8');
  }
  return bytes > S3_USER_METADATA_MAX_BYTES
    ? { status: 400, code: 'MetadataTooLarge', message: 'Your metadata headers exceed the maximum allowed metadata size.' }
    : undefined;
};

export type LocalS3 = FrontedEmulator;

/**
 * S3 for the local stack: s3rver keeps the bucket (with the deployed CORS rule) on disk,
 * and a front in the place S3's endpoint would be does what S3 does before it serves a
 * request: it checks the SigV4 signature (every signed header, the whole credential
 * scope, expiry), then asks IAM whether the signer may do it, against the policies the
 * CDK app synthesizes (so a presigned URL works only while its signer's role allows it,
 * and a HEAD or GET of a missing key is 403 unless the signer may list the bucket). It
 * answers listings itself, keeps S3's 2 KB metadata limit, binds multipart uploads to
 * their key and implements abort. S3 event notifications go to `onEvent`.
 */
export const startLocalS3 = async (input: {
  port: number;
  directory: string;
  bucketName: string;
  webOrigins: string[];
  identities: Pick<Identities, 'secretFor' | 'signerOf' | 'all' | 'onIssued'>;
  authorizer: Authorizer;
  onEvent: (event: S3Event) => void;
  now?: () => Date;
}): Promise<LocalS3> => {
  fs.mkdirSync(input.directory, { recursive: true });
  // A spooled body belongs to a request of this process: what is there at start was cut off
  // by a crash (its request never answered), and nothing reads it again.
  const spoolDir = `${input.directory}.spool`;
  fs.rmSync(spoolDir, { recursive: true, force: true });
  const s3rver = new S3rver({
    address: HOST,
    port: 0,
    directory: input.directory,
    silent: true,
    configureBuckets: [{ name: input.bucketName, configs: [corsXml(input.webOrigins)] }],
  });
  s3rver.on('event', input.onEvent);
  // s3rver looks every access key up in its own registry (it never checks V4 signatures;
  // the front does), so each signer's key must be known to it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const account = require('s3rver/lib/models/account').DUMMY_ACCOUNT as { createKeyPair(id: string, secret: string): void };
  for (const pair of input.identities.all()) account.createKeyPair(pair.accessKeyId, pair.secretAccessKey);
  input.identities.onIssued((pair) => account.createKeyPair(pair.accessKeyId, pair.secretAccessKey));
  const { port: innerPort } = await s3rver.run();
  const agent = upstreamAgent();

  const bucketDir = path.join(input.directory, input.bucketName);
  const uploadsDir = path.join(bucketDir, '._S3rver_uploads');
  const checksums = createChecksumStore(path.join(`${input.directory}.checksums`, input.bucketName), uploadsDir);
  const objectFile = (key: string) => path.join(bucketDir, `${key}._S3rver_object`);

  /**
   * An object's tags, as s3rver keeps them beside it. S3 puts them in the IAM context of
   * a read (`s3:ExistingObjectTag/<key>`), which is how the bucket policy refuses files the
   * malware scan has not tagged clean.
   */
  const taggingFile = (key: string) => path.join(bucketDir, `${key}._S3rver_tagging.xml`);
  const tagsOf = (key: string): Record<string, string> => {
    let xml: string;
    try {
      xml = fs.readFileSync(taggingFile(key), 'utf8');
    } catch {
      return {};
    }
    const unescape = (text: string) =>
      text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    return Object.fromEntries(
      [...xml.matchAll(/<Tag>\s*<Key>([^<]*)<\/Key>\s*<Value>([^<]*)<\/Value>\s*<\/Tag>/g)].map((match) => [
        unescape(match[1]),
        unescape(match[2]),
      ]),
    );
  };
  /**
   * Tags belong to one object: a new object at the key (or none) has none, where s3rver
   * would keep them. They go when a write is passed on to s3rver, after every check.
   */
  const replacedKeys = new WeakMap<http.IncomingMessage, string[]>();
  const dropTags = (request: http.IncomingMessage) => {
    for (const key of replacedKeys.get(request) ?? []) fs.rmSync(taggingFile(key), { force: true });
  };

  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin && input.webOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};

  const refuse = (request: http.IncomingMessage, response: http.ServerResponse, problem: Problem): void => {
    request.resume();
    const headers = { 'Content-Type': 'application/xml', ...corsHeaders(request.headers.origin) };
    // A HEAD answer has no body, as S3's.
    if (request.method === 'HEAD') response.writeHead(problem.status, headers).end();
    else response.writeHead(problem.status, headers).end(errorXml(problem.code, problem.message));
  };

  /**
   * Passes a request on to s3rver: its body as read (a buffer), spooled to a file, or
   * streamed. `headers` adds S3's own headers to a successful answer; `rewrite` sees a
   * successful XML answer whole (small: CreateMultipartUpload, CompleteMultipartUpload);
   * `failed` runs when s3rver refuses.
   */
  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body?: Buffer | { file: string },
    after: { headers?: Record<string, string>; rewrite?: (xml: string) => string; failed?: () => void; succeeded?: () => void } = {},
    retried = false,
  ): void => {
    dropTags(request);
    const upstream = http.request(
      { agent, host: HOST, port: innerPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const ok = status >= 200 && status < 300;
        if (!ok) after.failed?.();
        else after.succeeded?.();
        const headers = { ...answer.headers, ...(ok ? after.headers : {}) };
        if (ok && after.rewrite) {
          const rewrite = after.rewrite;
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const xml = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')), 'utf8');
            delete headers['transfer-encoding'];
            response.writeHead(status, { ...headers, 'content-length': String(xml.length) }).end(xml);
          });
          return;
        }
        response.writeHead(status, headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // s3rver closed a kept-alive connection as this request went out on it: nothing reached
      // it, so a body held whole is sent once more on a fresh one (S3 itself never answers so).
      if (!retried && Buffer.isBuffer(body) && upstream.reusedSocket && error.code === 'ECONNRESET') {
        forward(request, response, body, after, true);
        return;
      }
      after.failed?.();
      if (!response.headersSent) response.writeHead(500).end(errorXml('InternalError', error.message));
      else response.destroy();
    });
    if (Buffer.isBuffer(body)) upstream.end(body);
    else if (body) {
      const file = fs.createReadStream(body.file);
      file.on('close', () => fs.rmSync(body.file, { force: true }));
      file.pipe(upstream);
    } else request.pipe(upstream);
  };

  /**
   * The body of a PutObject or UploadPart with a declared checksum, verified: from the
   * buffer already read, or spooled to a file while hashing. BadDigest leaves nothing behind.
   */
  const verifiedBody = async (
    request: http.IncomingMessage,
    body: Buffer | undefined,
    declared: string,
  ): Promise<{ body: Buffer | { file: string }; problem?: undefined } | { problem: Problem }> => {
    if (body) {
      const problem = digestProblem(declared, sha256Of(body));
      return problem ? { problem } : { body };
    }
    fs.mkdirSync(spoolDir, { recursive: true });
    const file = path.join(spoolDir, randomUUID());
    try {
      const problem = digestProblem(declared, await spoolAndHash(request, file));
      if (problem) {
        fs.rmSync(file, { force: true });
        return { problem };
      }
    } catch (error) {
      fs.rmSync(file, { force: true });
      throw error;
    }
    return { body: { file } };
  };

  /** The IAM verdict on every check of the operation; the account itself is never limited. */
  const denial = async (signer: Signer, checks: S3Operation['checks']): Promise<Problem | undefined> => {
    if (signer.kind === 'account') return undefined;
    for (const check of checks) {
      const decision = await input.authorizer.authorize(signer.principal, check);
      if (!decision.allowed) return { status: 403, code: 'AccessDenied', message: decision.message };
    }
    return undefined;
  };

  /** S3's handling of additional checksums, which s3rver lacks; undefined when s3rver answers alone. */
  const withChecksums = async (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    operation: S3Operation,
    query: URLSearchParams,
    body: Buffer | undefined,
  ): Promise<true | undefined> => {
    const key = operation.key!;
    const uploadId = query.get('uploadId') ?? '';
    const declared = declaredChecksum(request.headers);
    switch (operation.name) {
      case 'PutObject': {
        if (declared.problem) return (refuse(request, response, declared.problem), true);
        if (!declared.value) {
          checksums.setObjectChecksum(key, undefined);
          return undefined;
        }
        const verified = await verifiedBody(request, body, declared.value);
        if (verified.problem) return (refuse(request, response, verified.problem), true);
        const stored: StoredChecksum = { value: declared.value, type: CHECKSUM_TYPES.fullObject };
        checksums.setObjectChecksum(key, stored);
        forward(request, response, verified.body, {
          headers: checksumHeaders(stored),
          failed: () => checksums.setObjectChecksum(key, undefined),
        });
        return true;
      }
      case 'UploadPart': {
        const partNumber = Number(query.get('partNumber'));
        const problem = declared.problem ?? partChecksumProblem(checksums.uploadUsesSha256(uploadId), declared.value);
        if (problem) return (refuse(request, response, problem), true);
        if (!declared.value) return undefined;
        const verified = await verifiedBody(request, body, declared.value);
        if (verified.problem) return (refuse(request, response, verified.problem), true);
        const value = declared.value;
        forward(request, response, verified.body, {
          headers: { [CHECKSUM.header]: value },
          rewrite: (xml) => (checksums.setPartChecksum(uploadId, partNumber, value), xml),
        });
        return true;
      }
      case 'CreateMultipartUpload': {
        const algorithm = request.headers['x-amz-checksum-algorithm'];
        if (algorithm === undefined) return undefined;
        if (String(algorithm).toUpperCase() !== CHECKSUM.algorithm) {
          return (
            refuse(request, response, {
              status: 501,
              code: 'NotImplemented',
              message: `The local S3 verifies ${CHECKSUM.algorithm} checksums only.`,
            }),
            true
          );
        }
        const type = String(request.headers[CHECKSUM.typeHeader] ?? CHECKSUM_TYPES.composite).toUpperCase();
        if (type !== CHECKSUM_TYPES.composite) {
          return (
            refuse(request, response, {
              status: 400,
              code: 'InvalidRequest',
              message: `The ${type} checksum type cannot be used with the sha256 checksum algorithm.`,
            }),
            true
          );
        }
        forward(request, response, body, {
          headers: { 'x-amz-checksum-algorithm': CHECKSUM.algorithm, [CHECKSUM.typeHeader]: CHECKSUM_TYPES.composite },
          rewrite: (xml) => {
            const created = /<UploadId>([^<]+)<\/UploadId>/.exec(xml)?.[1];
            if (created) checksums.setUploadAlgorithm(created);
            return xml;
          },
        });
        return true;
      }
      case 'CompleteMultipartUpload': {
        const xml = (body ?? (await readBody(request))).toString('utf8');
        const complete = await completeChecksum(checksums, uploadId, xml);
        if (complete.problem) return (refuse(request, response, complete.problem), true);
        const previous = checksums.objectChecksum(key);
        checksums.setObjectChecksum(key, complete.checksum);
        const stored = complete.checksum;
        forward(request, response, Buffer.from(xml, 'utf8'), {
          failed: () => checksums.setObjectChecksum(key, previous),
          rewrite: (answer) =>
            stored
              ? answer.replace(
                  '</CompleteMultipartUploadResult>',
                  `<ChecksumSHA256>${stored.value}</ChecksumSHA256><ChecksumType>${stored.type}</ChecksumType></CompleteMultipartUploadResult>`,
                )
              : answer,
        });
        return true;
      }
      case 'ListParts':
        request.resume();
        response
          .writeHead(200, { 'Content-Type': 'application/xml', ...corsHeaders(request.headers.origin) })
          .end(listPartsXml(uploadsDir, input.bucketName, key, uploadId, (part) => checksums.partChecksum(uploadId, part)));
        return true;
      case 'CopyObject': {
        checksums.setObjectChecksum(key, undefined);
        // s3rver copies no tags: S3 copies the source's unless the request replaces them.
        const source = operation.copySource!;
        if (source.tagging === 'REPLACE') return undefined;
        forward(request, response, body, {
          succeeded: () => {
            fs.rmSync(taggingFile(key), { force: true });
            if (fs.existsSync(taggingFile(source.key))) fs.copyFileSync(taggingFile(source.key), taggingFile(key));
          },
        });
        return true;
      }
      case 'DeleteObject':
        if (!query.has('versionId')) checksums.setObjectChecksum(key, undefined);
        return undefined;
      case 'HeadObject':
      case 'GetObject': {
        const wanted = String(request.headers[CHECKSUM.modeHeader] ?? '').toUpperCase() === 'ENABLED' && !request.headers.range;
        const stored = wanted ? checksums.objectChecksum(key) : undefined;
        if (!stored) return undefined;
        forward(request, response, body, { headers: checksumHeaders(stored) });
        return true;
      }
      default:
        return undefined;
    }
  };

  const server = http.createServer(
    safeHandler('s3', async (request, response) => {
      // CORS preflights carry no signature; they are answered from the bucket's rule.
      if (request.method === 'OPTIONS') {
        request.resume();
        const answer = preflight(request, input.webOrigins);
        response.writeHead(answer.status, { ...answer.headers, ...(answer.error ? { 'Content-Type': 'application/xml' } : {}) });
        response.end(answer.error ? errorXml(answer.error.code, answer.error.message) : undefined);
        return;
      }
      const target = requestTarget(request.url);
      if (!target) return refuse(request, response, { status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." });
      const { pathname: rawPath, query, originForm: rawUrl } = target;

      const verdict = verifySigV4(
        { method: request.method ?? 'GET', url: rawUrl, headers: request.headers },
        input.identities.secretFor,
        input.now?.(),
        {
          region: REGION,
          service: 's3',
        },
      );
      if (!verdict.ok) return refuse(request, response, verdict);
      const signer = input.identities.signerOf(verdict.accessKeyId)!;

      const operation = s3Operation(request.method ?? 'GET', rawPath, query, request.headers);
      if (!operation && splitPath(rawPath) === undefined) {
        return refuse(request, response, { status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." });
      }
      if (!operation) {
        // Nothing the stack maps to IAM: the account may still use s3rver for it; a role may not.
        if (signer.kind === 'principal') {
          return refuse(request, response, {
            status: 403,
            code: 'AccessDenied',
            message: `${request.method} ${rawPath} is not an operation the local IAM check knows; refused.`,
          });
        }
        return forward(request, response);
      }
      if (operation.bucket !== undefined && operation.bucket !== input.bucketName) {
        return refuse(request, response, { status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' });
      }

      // A signed payload hash must match the body (SDK calls are small; presigned uploads are UNSIGNED-PAYLOAD).
      let body: Buffer | undefined;
      if (!['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'].includes(verdict.payloadHash)) {
        body = await readBody(request, 64 * 1024 * 1024);
        if (createHash('sha256').update(body).digest('hex') !== verdict.payloadHash) {
          return refuse(request, response, {
            status: 400,
            code: 'XAmzContentSHA256Mismatch',
            message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
          });
        }
      }

      const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      const deletedObjects =
        operation.name === 'DeleteObjects'
          ? [...(body ?? Buffer.alloc(0)).toString('utf8').matchAll(/<Object>([\s\S]*?)<\/Object>/g)].map((match) => ({
              key: unescape(/<Key>([^<]*)<\/Key>/.exec(match[1])?.[1] ?? ''),
              versioned: /<VersionId>/.test(match[1]),
            }))
          : [];
      const deletedKeys = deletedObjects.map((object) => object.key);
      const readsObject = operation.name === 'GetObject' || operation.name === 'HeadObject';
      const tagContext = (key: string) =>
        Object.fromEntries(Object.entries(tagsOf(key)).map(([name, value]) => [`s3:ExistingObjectTag/${name}`, value]));
      const source = operation.copySource;
      const sourceArn = source && `arn:aws:s3:::${source.bucket}/${source.key}`;
      // A copy reads its source as a GET does (its tags in the context, so the bucket policy
      // applies), and copying the source's tags needs their reading and writing too.
      const copiesTags = source?.tagging === 'COPY' && Object.keys(tagsOf(source.key)).length > 0;
      const checks =
        operation.name === 'DeleteObjects'
          ? deletedObjects.map(({ key, versioned }) => ({
              action: versioned ? 's3:DeleteObjectVersion' : 's3:DeleteObject',
              resource: `arn:aws:s3:::${input.bucketName}/${key}`,
            }))
          : readsObject
            ? operation.checks.map((check) => ({ ...check, context: { ...check.context, ...tagContext(operation.key!) } }))
            : source
              ? [
                  ...operation.checks.map((check) =>
                    check.resource === sourceArn ? { ...check, context: { ...check.context, ...tagContext(source.key) } } : check,
                  ),
                  ...(copiesTags
                    ? [
                        { action: 's3:GetObjectTagging', resource: sourceArn! },
                        { action: 's3:PutObjectTagging', resource: `arn:aws:s3:::${input.bucketName}/${operation.key}` },
                      ]
                    : []),
                ]
              : operation.checks;
      const denied = await denial(signer, checks);
      if (denied) return refuse(request, response, denied);

      if (operation.name === 'PutObject' || operation.name === 'CreateMultipartUpload') {
        const tooLarge = metadataProblem(request.headers);
        if (tooLarge) return refuse(request, response, tooLarge);
      }
      if ((operation.name === 'GetObject' || operation.name === 'HeadObject') && !fs.existsSync(objectFile(operation.key!))) {
        // Whether a key exists is itself something only a caller who may list is told.
        const listing = await denial(signer, [{ action: 's3:ListBucket', resource: `arn:aws:s3:::${input.bucketName}` }]);
        if (listing) return refuse(request, response, { ...listing, message: 'Access Denied' });
      }
      const lister = LISTERS[operation.name];
      if (lister) {
        request.resume();
        const answer = lister(operation.name === 'ListMultipartUploads' ? uploadsDir : bucketDir, input.bucketName, query);
        if (!answer.ok) return refuse(request, response, answer);
        response.writeHead(200, { 'Content-Type': 'application/xml', ...corsHeaders(request.headers.origin) }).end(answer.xml);
        return;
      }
      const problem = multipartProblem(uploadsDir, operation, query, body);
      if (problem) return refuse(request, response, problem);
      if (
        ['PutObject', 'CopyObject', 'CompleteMultipartUpload'].includes(operation.name) ||
        (operation.name === 'DeleteObject' && !query.has('versionId'))
      ) {
        replacedKeys.set(request, [operation.key!]);
      }
      if (deletedKeys.length > 0) replacedKeys.set(request, deletedKeys);
      if (operation.key !== undefined && (await withChecksums(request, response, operation, query, body))) return;
      if (operation.name === 'AbortMultipartUpload') {
        // s3rver has no AbortMultipartUpload; the upload (already checked to belong to the key) is dropped here.
        request.resume();
        fs.rmSync(path.join(uploadsDir, query.get('uploadId')!), { recursive: true, force: true });
        response.writeHead(204, corsHeaders(request.headers.origin)).end();
        return;
      }
      // S3 notifies an ObjectRemoved:Delete for each object a multi-object delete removes; s3rver notifies none.
      if (operation.name === 'DeleteObjects')
        return forward(request, response, body, {
          succeeded: () => {
            for (const key of deletedKeys) input.onEvent(objectRemovedEvent(input.bucketName, key));
          },
        });
      return forward(request, response, body);
    }),
  );
  return listenInFront(server, input.port, agent, () => s3rver.close());
};
