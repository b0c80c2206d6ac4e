import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { formatUrl } from '@aws-sdk/core/util';
import { S3RequestPresigner, getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { HttpRequest } from '@smithy/types';
import { CHECKSUM } from '../../contract/checksums';
import type { PresignedDownload, PresignedPut } from '../../contract/api';

const metadataHeaders = (metadata: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]));

/** S3's path encoding of a key: each segment as RFC 3986 unreserved characters, `/` kept. */
const encodeKey = (key: string): string =>
  key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

interface Endpoint {
  protocol: string;
  hostname: string;
  port?: number;
  /** The path every key's path starts with: empty for virtual-hosted style, `/bucket` for path style. */
  basePath: string;
}

/**
 * Presigned URLs whose limits S3 enforces itself: the type, exact length, metadata and
 * SHA-256 checksum of an upload are signed headers, so a request that changes any of them,
 * or sends a body with another hash, fails at S3; the key is in the signed path.
 *
 * The SDK's `getSignedUrl` resolves the endpoint and builds a middleware stack for every
 * URL (about 1 ms each). Here the endpoint is resolved once, by the SDK itself, and each
 * URL is signed by the SDK's own `S3RequestPresigner` (SigV4, the client's credentials
 * and region): the URLs are byte-for-byte what `getSignedUrl` makes (a unit test compares
 * them), at a fraction of the cost.
 */
export class Presigner {
  private readonly signer: S3RequestPresigner;
  private endpoint?: Promise<Endpoint>;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.signer = new S3RequestPresigner({ ...client.config });
  }

  /** The bucket's endpoint as the SDK resolves it (region, path or virtual-hosted style, a custom endpoint), once. */
  private resolveEndpoint(): Promise<Endpoint> {
    this.endpoint ??= getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: 'k' }), { expiresIn: 1 }).then(
      (signed) => {
        const url = new URL(signed);
        return {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          basePath: url.pathname.slice(0, -'/k'.length),
        };
      },
    );
    return this.endpoint;
  }

  private expiry(seconds: number, signingDate: Date): string {
    return new Date(signingDate.getTime() + seconds * 1000).toISOString();
  }

  private async sign(input: {
    method: 'PUT' | 'GET';
    key: string;
    query: Record<string, string>;
    headers?: Record<string, string>;
    signed?: string[];
    expiresIn: number;
  }): Promise<{ url: string; expiresAt: string }> {
    const endpoint = await this.resolveEndpoint();
    const signingDate = this.now();
    const headers = input.headers ?? {};
    const request: HttpRequest = {
      method: input.method,
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      port: endpoint.port,
      path: `${endpoint.basePath}/${encodeKey(input.key)}`,
      query: input.query,
      headers: { ...headers },
    };
    const presigned = await this.signer.presign(request, {
      expiresIn: input.expiresIn,
      signingDate,
      signableHeaders: new Set(input.signed ?? []),
      // Kept as headers (not query parameters): S3 stores metadata and checks checksums only from headers.
      unhoistableHeaders: new Set(Object.keys(headers).filter((name) => name.startsWith('x-amz-'))),
    });
    return { url: formatUrl(presigned), expiresAt: this.expiry(input.expiresIn, signingDate) };
  }

  async put(input: {
    key: string;
    contentType: string;
    contentLength: number;
    /** The base64 SHA-256 of the body; S3 refuses any other body (BadDigest). */
    checksum: string;
    metadata?: Record<string, string>;
    expiresIn: number;
  }): Promise<PresignedPut> {
    const headers = { 'content-type': input.contentType, ...metadataHeaders(input.metadata ?? {}), [CHECKSUM.header]: input.checksum };
    const signed = await this.sign({
      method: 'PUT',
      key: input.key,
      query: { 'x-id': 'PutObject' },
      headers: { ...headers, 'content-length': String(input.contentLength) },
      signed: ['content-type', 'content-length'],
      expiresIn: input.expiresIn,
    });
    return { method: 'PUT', headers, ...signed };
  }

  async uploadPart(input: {
    key: string;
    uploadId: string;
    partNumber: number;
    contentLength: number;
    /** The base64 SHA-256 of the part; S3 refuses any other part (BadDigest). */
    checksum: string;
    expiresIn: number;
  }): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }> {
    const headers = { [CHECKSUM.header]: input.checksum };
    const signed = await this.sign({
      method: 'PUT',
      key: input.key,
      query: { partNumber: String(input.partNumber), uploadId: input.uploadId, 'x-id': 'UploadPart' },
      headers: { ...headers, 'content-length': String(input.contentLength) },
      signed: ['content-length'],
      expiresIn: input.expiresIn,
    });
    return { headers, ...signed };
  }

  async get(input: { key: string; expiresIn: number; contentDisposition?: string; contentType?: string }): Promise<PresignedDownload> {
    return this.sign({
      method: 'GET',
      key: input.key,
      query: {
        ...(input.contentDisposition ? { 'response-content-disposition': input.contentDisposition } : {}),
        ...(input.contentType ? { 'response-content-type': input.contentType } : {}),
        'x-id': 'GetObject',
      },
      expiresIn: input.expiresIn,
    });
  }
}
