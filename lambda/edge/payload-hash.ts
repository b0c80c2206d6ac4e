import { createHash } from 'node:crypto';
import type { CloudFrontRequest, CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';

/** The header SigV4 carries a body's SHA-256 in (hex). */
const PAYLOAD_HASH = 'x-amz-content-sha256';

/** Methods whose body Lambda's function URL checks against that header. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const tooLarge: CloudFrontResultResponse = {
  status: '413',
  statusDescription: 'Payload Too Large',
  headers: { 'content-type': [{ key: 'Content-Type', value: 'text/plain; charset=utf-8' }] },
  body: 'The request is too large.',
};

/**
 * The request as CloudFront should sign it for the server function: Origin Access Control
 * signs a POST to a Lambda function URL only with its body's SHA-256 in
 * `x-amz-content-sha256`, which browsers never send (a form action, a server action).
 * Computed here from the body itself, whatever the viewer sent under that name; a body
 * CloudFront cut (over 1 MB, which no form of the app sends) is refused with a 413 rather
 * than signed wrongly.
 */
export const withPayloadHash = (request: CloudFrontRequest): CloudFrontRequest | CloudFrontResultResponse => {
  const headers = { ...request.headers };
  delete headers[PAYLOAD_HASH];
  if (!WITH_BODY.has(request.method)) return { ...request, headers };
  if (request.body?.inputTruncated) return tooLarge;
  const data = request.body?.data ?? '';
  const body = Buffer.from(data, request.body?.encoding === 'text' ? 'utf8' : 'base64');
  return {
    ...request,
    headers: { ...headers, [PAYLOAD_HASH]: [{ key: PAYLOAD_HASH, value: createHash('sha256').update(body).digest('hex') }] },
  };
};

/** Lambda@Edge, on the server's origin requests (with their bodies). */
export const handler = async (event: CloudFrontRequestEvent) => withPayloadHash(event.Records[0].cf.request);
