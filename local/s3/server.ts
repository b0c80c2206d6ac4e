import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
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
        response
          .writeHead(verdict.status, { 'Content-Type': 'application/xml', ...corsHeaders(request.headers.origin) })
          .end(errorXml(verdict.code, verdict.message));
        return;
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
        return forward(request, response, body);
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
