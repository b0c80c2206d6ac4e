import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { REGION } from '../../contract/aws';

/**
 * AWS Signature Version 4 verification, written from the spec, for the local S3 and
 * DynamoDB fronts.
 * It rebuilds the canonical request from what actually arrived (method, path, query,
 * the headers the signature claims to cover) and compares signatures, so any change to a
 * signed header, the key, the query or the credential fails exactly as it would at S3.
 * Covers presigned URLs (query auth, UNSIGNED-PAYLOAD) and Authorization-header requests.
 */
export interface IncomingRequest {
  method: string;
  /** Raw request target as received: path and query, still percent-encoded. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Verdict = { ok: true; accessKeyId: string; payloadHash: string } | { ok: false; status: number; code: string; message: string };

const refuse = (code: string, message: string, status = 403): Verdict => ({ ok: false, status, code, message });

/** RFC 3986 encoding as SigV4 requires (encodeURIComponent leaves !'()* alone). */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const parseQuery = (search: string): [string, string][] =>
  search
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const index = pair.indexOf('=');
      return index < 0 ? [decode(pair), ''] : [decode(pair.slice(0, index)), decode(pair.slice(index + 1))];
    });

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** "20260301T120000Z" → Date */
const parseAmzDate = (value: string): Date | undefined => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
};

const headerValue = (headers: IncomingRequest['headers'], name: string): string | undefined => {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
};

export interface SignatureParts {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
}

/**
 * The canonical path of every service but S3: dot segments resolved and empty ones
 * dropped, then each character escaped again (the path as sent is already escaped once),
 * as AWS's signers and services compute it. S3 takes the path as it was sent.
 */
const canonicalPath = (path: string): string => {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const normalized = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return encode(normalized).replace(/%2F/g, '/');
};

const signatureFor = (
  secretAccessKey: string,
  parts: SignatureParts,
  request: IncomingRequest,
  query: [string, string][],
  payloadHash: string,
): string => {
  const [rawPath] = request.url.split('?');
  const canonicalQuery = query
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = parts.signedHeaders.map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`).join('');
  const canonicalRequest = [
    request.method.toUpperCase(),
    parts.service === 's3' ? rawPath || '/' : canonicalPath(rawPath || '/'),
    canonicalQuery,
    canonicalHeaders,
    parts.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${parts.date}/${parts.region}/${parts.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', parts.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, parts.date), parts.region), parts.service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
};

const sameSignature = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Largest clock skew S3 accepts for header-signed requests. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** S3's limit for a presigned URL's lifetime: 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

/** Headers a request may carry unsigned; every other `x-amz-*` header must be in SignedHeaders. */
const MAY_BE_UNSIGNED = new Set(['x-amz-content-sha256']);

export const verifySigV4 = (
  request: IncomingRequest,
  secretFor: (accessKeyId: string) => string | undefined,
  now: Date = new Date(),
  scope: { region: string; service: string } = { region: 'us-east-1', service: 's3' },
): Verdict => {
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const query = parseQuery(search);
  const queryValue = (name: string) => query.find(([key]) => key === name)?.[1];
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = queryValue('X-Amz-Signature') !== undefined;

  let credential: string | undefined;
  let signedHeaders: string | undefined;
  let signature: string | undefined;
  let amzDate: string | undefined;
  let payloadHash: string;
  let signedQuery = query;

  if (presigned) {
    if (queryValue('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      return refuse('AuthorizationQueryParametersError', 'Only AWS4-HMAC-SHA256 is supported.', 400);
    credential = queryValue('X-Amz-Credential');
    signedHeaders = queryValue('X-Amz-SignedHeaders');
    signature = queryValue('X-Amz-Signature');
    amzDate = queryValue('X-Amz-Date');
    payloadHash = 'UNSIGNED-PAYLOAD';
    signedQuery = query.filter(([key]) => key !== 'X-Amz-Signature');
    const expires = Number(queryValue('X-Amz-Expires'));
    const signedAt = amzDate ? parseAmzDate(amzDate) : undefined;
    if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return refuse('AuthorizationQueryParametersError', 'X-Amz-Date and X-Amz-Expires must be valid.', 400);
    }
    if (now.getTime() > signedAt.getTime() + expires * 1000) return refuse('AccessDenied', 'Request has expired');
    if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS) return refuse('AccessDenied', 'Request is not yet valid');
  } else if (authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
    const fields = Object.fromEntries(
      authorization
        .slice('AWS4-HMAC-SHA256 '.length)
        .split(',')
        .map((field) => field.trim().split('=') as [string, string]),
    );
    credential = fields.Credential;
    signedHeaders = fields.SignedHeaders;
    signature = fields.Signature;
    amzDate = headerValue(request.headers, 'x-amz-date');
    payloadHash = headerValue(request.headers, 'x-amz-content-sha256') ?? '';
    if (!payloadHash) return refuse('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256', 400);
    const signedAt = amzDate ? parseAmzDate(amzDate) : undefined;
    if (!signedAt) return refuse('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
      return refuse('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
  } else {
    return refuse('AccessDenied', 'Access Denied: the request is not signed.');
  }

  // Every part of the credential scope is checked, as S3 checks it, in S3's words.
  const malformed = (problem: string) =>
    presigned
      ? refuse('AuthorizationQueryParametersError', `Error parsing the X-Amz-Credential parameter; ${problem}`, 400)
      : refuse('AuthorizationHeaderMalformed', `The authorization header is malformed; ${problem}`, 400);
  const [accessKeyId, date, region, service, terminator, ...extra] = (credential ?? '').split('/');
  if (!accessKeyId || !date || !region || !service || !terminator || extra.length > 0 || !signedHeaders || !signature || !amzDate) {
    return malformed('the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
  }
  if (!/^\d{8}$/.test(date)) return malformed('incorrect date format. This date in the credential must be in the format "yyyyMMdd".');
  if (region !== scope.region) return malformed(`the region '${region}' is wrong; expecting '${scope.region}'`);
  if (service !== scope.service) return malformed(`incorrect service "${service}". This endpoint belongs to "${scope.service}".`);
  if (terminator !== 'aws4_request') return malformed(`incorrect terminal "${terminator}". This endpoint uses "aws4_request".`);
  if (!amzDate.startsWith(date)) return malformed('Invalid credential date. Date is not the same as X-Amz-Date.');
  const secret = secretFor(accessKeyId);
  if (!secret) return refuse('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return refuse('AccessDenied', 'The host header must be signed.');
  const unsigned = Object.keys(request.headers).filter(
    (name) =>
      name.toLowerCase().startsWith('x-amz-') && !headerNames.includes(name.toLowerCase()) && !MAY_BE_UNSIGNED.has(name.toLowerCase()),
  );
  if (unsigned.length > 0) {
    return refuse('AccessDenied', 'There were headers present in the request which were not signed');
  }
  for (const name of headerNames) {
    if (headerValue(request.headers, name) === undefined) {
      return refuse('SignatureDoesNotMatch', `The signed header ${name} is missing from the request.`);
    }
  }
  const expected = signatureFor(
    secret,
    { accessKeyId, date, region, service, amzDate, signedHeaders: headerNames, signature },
    request,
    signedQuery,
    payloadHash,
  );
  if (!sameSignature(expected, signature)) {
    return refuse(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return { ok: true, accessKeyId, payloadHash };
};

/** A request as it arrived at one of the local fronts, verified for `service` in the stack's region. */
export const verifyServiceRequest = (
  request: { method?: string; url?: string; headers: IncomingRequest['headers'] },
  secretFor: (accessKeyId: string) => string | undefined,
  service: string,
): Verdict =>
  verifySigV4({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers }, secretFor, undefined, {
    region: REGION,
    service,
  });
