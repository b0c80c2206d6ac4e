import { createHash } from 'node:crypto';
import type { CloudFrontRequest } from 'aws-lambda';
import { handler, withPayloadHash } from '../../lambda/edge/payload-hash';

const request = (method: string, body?: CloudFrontRequest['body'], headers: CloudFrontRequest['headers'] = {}): CloudFrontRequest => ({
  clientIp: '203.0.113.9',
  method,
  uri: '/profile',
  querystring: '',
  headers: { host: [{ key: 'Host', value: 'vault.example.com' }], ...headers },
  ...(body ? { body } : {}),
});

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const hashOf = (result: ReturnType<typeof withPayloadHash>) => (result as CloudFrontRequest).headers['x-amz-content-sha256']?.[0].value;

test("a form's POST carries its body's SHA-256 (hex), as Origin Access Control needs to sign it for Lambda", () => {
  const form = 'displayName=Ada+Lovelace&%24ACTION_ID=7f';
  const result = withPayloadHash(
    request('POST', { action: 'read-only', encoding: 'base64', inputTruncated: false, data: Buffer.from(form).toString('base64') }),
  );
  expect(hashOf(result)).toBe(sha256(form));
  expect((result as CloudFrontRequest).headers.host).toEqual([{ key: 'Host', value: 'vault.example.com' }]);
});

test('a multipart body with bytes that are not text hashes exactly those bytes', () => {
  const bytes = Buffer.from([0, 255, 10, 13, 0x80, 0xfe]);
  const result = withPayloadHash(
    request('PUT', { action: 'read-only', encoding: 'base64', inputTruncated: false, data: bytes.toString('base64') }),
  );
  expect(hashOf(result)).toBe(sha256(bytes));
});

test("an empty POST hashes the empty body; a viewer's own header is replaced by the true hash", () => {
  const forged = { 'x-amz-content-sha256': [{ key: 'X-Amz-Content-Sha256', value: 'UNSIGNED-PAYLOAD' }] };
  expect(hashOf(withPayloadHash(request('POST', undefined, forged)))).toBe(sha256(''));
});

test('a page request passes as it is, without any viewer-sent hash', () => {
  const forged = { 'x-amz-content-sha256': [{ key: 'X-Amz-Content-Sha256', value: 'UNSIGNED-PAYLOAD' }] };
  const result = withPayloadHash(request('GET', undefined, forged)) as CloudFrontRequest;
  expect(result.method).toBe('GET');
  expect(result.headers['x-amz-content-sha256']).toBeUndefined();
});

test('a body CloudFront cut short is refused with a 413, never signed with the hash of its part', async () => {
  const event = {
    Records: [
      {
        cf: {
          config: {
            distributionDomainName: 'd.cloudfront.net',
            distributionId: 'E1',
            eventType: 'origin-request' as const,
            requestId: 'r',
          },
          request: request('POST', { action: 'read-only', encoding: 'base64', inputTruncated: true, data: 'AAAA' }),
        },
      },
    ],
  };
  expect(await handler(event)).toMatchObject({ status: '413' });
});
