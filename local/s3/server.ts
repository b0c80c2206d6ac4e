import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { S3Event } from 'aws-lambda';
import { BUCKET_CORS } from '../../contract';
import { listen, readBody, safeHandler, type RunningServer } from '../http';
import { HOST } from '../settings';
import { verifySigV4 } from './sigv4';

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

/**
 * What S3 checks of a multipart call and s3rver does not: the upload id must belong to the
 * key in the request (s3rver ignores the key, so a caller could complete someone else's
 * upload into their own key), and every part named on completion must exist (s3rver
 * crashes on a missing part file). Answers like S3: NoSuchUpload (404), InvalidPart (400).
 */
const multipartProblem = (
  uploadsDir: string,
  bucket: string,
  url: string,
  body?: Buffer,
): { status: number; code: string; message: string } | undefined => {
  const parsed = new URL(url, 'http://s3.local');
  const uploadId = parsed.searchParams.get('uploadId');
  if (uploadId === null) return undefined;
  const noSuchUpload = {
    status: 404,
    code: 'NoSuchUpload',
    message: 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  };
  if (!/^[0-9a-f]{1,64}$/.test(uploadId)) return noSuchUpload;
  const [, pathBucket, ...keyParts] = parsed.pathname.split('/');
  const key = decodeURIComponent(keyParts.join('/'));
  const keyFile = path.join(uploadsDir, uploadId, 'key');
  if (pathBucket !== bucket || !fs.existsSync(keyFile) || fs.readFileSync(keyFile, 'utf8') !== key) return noSuchUpload;
  if (body) {
    const partNumbers = [...body.toString('utf8').matchAll(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/g)].map((match) => match[1]);
    if (partNumbers.some((partNumber) => !fs.existsSync(path.join(uploadsDir, uploadId, String(Number(partNumber)))))) {
      return { status: 400, code: 'InvalidPart', message: 'One or more of the specified parts could not be found.' };
    }
  }
  return undefined;
};

export interface LocalS3 {
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * S3 for the local stack: s3rver keeps the bucket (with the deployed CORS rule) on disk,
 * and a front in the place S3's endpoint would be checks every request's SigV4 signature
 * before s3rver sees it. So a presigned upload with another content type, another length,
 * another key, an expired URL or a tampered signature fails here exactly as at S3, which
 * s3rver alone does not check. S3 event notifications go to `onEvent`, as S3 sends them
 * to the catalogue Lambda.
 */
export const startLocalS3 = async (input: {
  port: number;
  directory: string;
  bucketName: string;
  webOrigins: string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  onEvent: (event: S3Event) => void;
  now?: () => Date;
}): Promise<LocalS3> => {
  fs.mkdirSync(input.directory, { recursive: true });
  const s3rver = new S3rver({
    address: HOST,
    port: 0,
    directory: input.directory,
    silent: true,
    configureBuckets: [{ name: input.bucketName, configs: [corsXml(input.webOrigins)] }],
  });
  s3rver.on('event', input.onEvent);
  // s3rver looks the access key up in its own registry (it never checks V4 signatures;
  // the front above does); our key must be known to it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('s3rver/lib/models/account').DUMMY_ACCOUNT.createKeyPair(
    input.credentials.accessKeyId,
    input.credentials.secretAccessKey,
  );
  const { port: innerPort } = await s3rver.run();
  const secretFor = (accessKeyId: string) =>
    accessKeyId === input.credentials.accessKeyId ? input.credentials.secretAccessKey : undefined;

  const uploadsDir = path.join(input.directory, input.bucketName, '._S3rver_uploads');
  const refuse = (response: http.ServerResponse, origin: string | undefined, problem: { status: number; code: string; message: string }): void => {
    response
      .writeHead(problem.status, { 'Content-Type': 'application/xml', ...corsHeaders(origin) })
      .end(errorXml(problem.code, problem.message));
  };

  // s3rver has no AbortMultipartUpload; the upload (already checked to belong to the key) is dropped here.
  const abortUpload = (url: string): boolean => {
    const uploadId = new URL(url, 'http://s3.local').searchParams.get('uploadId');
    if (!uploadId) return false;
    fs.rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
    return true;
  };

  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin && input.webOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};

  const forward = (request: http.IncomingMessage, response: http.ServerResponse, body?: Buffer) => {
    const upstream = http.request(
      { host: HOST, port: innerPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502).end(errorXml('InternalError', error.message));
      else response.destroy();
    });
    if (body) upstream.end(body);
    else request.pipe(upstream);
  };

  const server = http.createServer(
    safeHandler('s3', async (request, response) => {
      // CORS preflights carry no signature; s3rver answers them from the bucket's rule.
      if (request.method === 'OPTIONS') return forward(request, response);
      const verdict = verifySigV4(
        { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers },
        secretFor,
        input.now?.(),
      );
      if (!verdict.ok) {
        request.resume();
        return refuse(response, request.headers.origin, verdict);
      }
      // A signed payload hash must match the body (SDK calls from the Lambdas are small).
      if (!['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'].includes(verdict.payloadHash)) {
        const body = await readBody(request, 64 * 1024 * 1024);
        if (createHash('sha256').update(body).digest('hex') !== verdict.payloadHash) {
          response
            .writeHead(400, { 'Content-Type': 'application/xml' })
            .end(errorXml('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."));
          return;
        }
        const problem = multipartProblem(uploadsDir, input.bucketName, request.url ?? '/', request.method === 'POST' ? body : undefined);
        if (problem) return refuse(response, request.headers.origin, problem);
        if (request.method === 'DELETE' && abortUpload(request.url ?? '/')) {
          response.writeHead(204).end();
          return;
        }
        return forward(request, response, body);
      }
      const problem = multipartProblem(uploadsDir, input.bucketName, request.url ?? '/');
      if (problem) {
        request.resume();
        return refuse(response, request.headers.origin, problem);
      }
      return forward(request, response);
    }),
  );
  const front = await listen(server, input.port);
  return {
    server: front,
    async close() {
      await front.close();
      await s3rver.close();
    },
  };
};
