import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createS3Client } from '../../lambda/shared/runtime';
import { Presigner } from '../../lambda/shared/presigner';
import { attachmentDisposition } from '../../lambda/shared/metadata';
import { BUCKET, SIGNING_DATE, SOME_SHA256 } from '../support/lambda-fakes';

/**
 * The presigner resolves the endpoint once and signs with the SDK's S3RequestPresigner;
 * its URLs must be exactly what the SDK's getSignedUrl makes for the same command.
 */
const clients: [string, S3Client][] = [
  ['AWS (virtual-hosted style)', createS3Client()],
  [
    'a local endpoint (path style)',
    createS3Client({ endpoints: { s3: 'http://127.0.0.1:4569' }, credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local' } }),
  ],
];

const key = 'statements/11111111-1111-4111-8111-111111111111/01JD0000000000000000000001/file';
const options = { expiresIn: 300, signingDate: SIGNING_DATE };

describe.each(clients)('URLs signed for %s', (_name, client) => {
  const presigner = new Presigner(client, BUCKET, () => SIGNING_DATE);

  test('a PUT with type, length, metadata and checksum', async () => {
    const metadata = { 'file-name': encodeURIComponent('Relevé (1).pdf'), period: '2024-01' };
    const ours = await presigner.put({
      key,
      contentType: 'application/pdf',
      contentLength: 1234,
      checksum: SOME_SHA256,
      metadata,
      expiresIn: 300,
    });
    const sdk = await getSignedUrl(
      client,
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: key,
        ContentType: 'application/pdf',
        ContentLength: 1234,
        Metadata: metadata,
        ChecksumSHA256: SOME_SHA256,
      }),
      {
        ...options,
        signableHeaders: new Set(['content-type', 'content-length']),
        unhoistableHeaders: new Set(['x-amz-meta-file-name', 'x-amz-meta-period', 'x-amz-checksum-sha256']),
      },
    );
    expect(ours.url).toBe(sdk);
    expect(ours.headers).toEqual({
      'content-type': 'application/pdf',
      'x-amz-meta-file-name': metadata['file-name'],
      'x-amz-meta-period': '2024-01',
      'x-amz-checksum-sha256': SOME_SHA256,
    });
  });

  test('a part with its length and checksum', async () => {
    const ours = await presigner.uploadPart({
      key,
      uploadId: 'abc.DEF-123_~',
      partNumber: 7,
      contentLength: 16,
      checksum: SOME_SHA256,
      expiresIn: 300,
    });
    const sdk = await getSignedUrl(
      client,
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: key,
        UploadId: 'abc.DEF-123_~',
        PartNumber: 7,
        ContentLength: 16,
        ChecksumSHA256: SOME_SHA256,
      }),
      { ...options, signableHeaders: new Set(['content-length']), unhoistableHeaders: new Set(['x-amz-checksum-sha256']) },
    );
    expect(ours.url).toBe(sdk);
    expect(ours.headers).toEqual({ 'x-amz-checksum-sha256': SOME_SHA256 });
  });

  test('a GET as an attachment with a name outside ASCII', async () => {
    const contentDisposition = attachmentDisposition("Relevé d'été (2024) *final*.pdf");
    const ours = await presigner.get({ key, expiresIn: 60, contentDisposition, contentType: 'application/pdf' });
    const sdk = await getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: key,
        ResponseContentDisposition: contentDisposition,
        ResponseContentType: 'application/pdf',
      }),
      { expiresIn: 60, signingDate: SIGNING_DATE },
    );
    expect(ours.url).toBe(sdk);
    expect(ours.expiresAt).toBe(new Date(SIGNING_DATE.getTime() + 60_000).toISOString());
  });
});
