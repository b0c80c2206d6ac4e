import {
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import aws4 from 'aws4';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { s3VersionedObjects } from '../../lambda/account/objects';
import { createS3Client } from '../../lambda/shared/runtime';
import { buildAccessModel } from '../../local/iam/access-model';
import { createAuthorizer } from '../../local/iam/authorizer';
import { createIdentities } from '../../local/iam/identities';
import { startLocalS3, type LocalS3 } from '../../local/s3/server';
import { HOST, LOCAL_CREDENTIALS } from '../../local/settings';

/**
 * The local S3 checks what S3 checks, and lists as S3 lists, tested with the AWS SDK and
 * with two SigV4 signers this project did not write: the `aws4` package and curl's
 * `--aws-sigv4`. Each has a positive case and negative ones.
 */
const BUCKET = 'fidelity-bucket';
const OWNERS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

let dataDir: string;
let s3: LocalS3;
let endpoint: string;
let account: S3Client;
let ids: ReturnType<typeof createIdentities>;

beforeAll(async () => {
  const model = buildAccessModel({ bucketName: BUCKET, tableName: 'unused' });
  ids = createIdentities(model);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-s3-'));
  s3 = await startLocalS3({
    port: 0,
    directory: dataDir,
    bucketName: BUCKET,
    webOrigins: ['http://localhost:3000'],
    identities: ids,
    authorizer: createAuthorizer(model),
    onEvent: () => undefined,
  });
  endpoint = `http://${HOST}:${s3.server.port}`;
  account = createS3Client({ credentials: LOCAL_CREDENTIALS, endpoints: { s3: endpoint } });
}, 60_000);

afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('listings page as S3 pages', () => {
  const keys: string[] = [];
  beforeAll(async () => {
    // 1,203 keys: more than one page of 1,000, spread over three owners, names in byte order.
    for (const [index, owner] of OWNERS.entries()) {
      for (let n = 0; n < 401; n++) keys.push(`statements/${owner}/${String(n).padStart(4, '0')}${index === 1 ? 'é' : ''}/file`);
    }
    for (let start = 0; start < keys.length; start += 40) {
      await Promise.all(keys.slice(start, start + 40).map((Key) => account.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }))));
    }
    keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }, 120_000);

  test('ListObjectsV2 returns every key once, in UTF-8 byte order, 1,000 at most per page', async () => {
    const pages: ListObjectsV2CommandOutput[] = [];
    for await (const page of paginateListObjectsV2({ client: account }, { Bucket: BUCKET, Prefix: 'statements/' })) pages.push(page);
    expect(pages.map((page) => page.KeyCount)).toEqual([1000, 203]);
    expect(pages[0].IsTruncated).toBe(true);
    expect(pages.flatMap((page) => page.Contents!.map((object) => object.Key))).toEqual(keys);
  });

  test('with a delimiter, owners come back as common prefixes, also across small pages', async () => {
    const prefixes: string[] = [];
    for await (const page of paginateListObjectsV2(
      { client: account, pageSize: 2 },
      { Bucket: BUCKET, Prefix: 'statements/', Delimiter: '/' },
    )) {
      expect(page.KeyCount ?? 0).toBeLessThanOrEqual(2);
      prefixes.push(...(page.CommonPrefixes ?? []).map((prefix) => prefix.Prefix!));
    }
    expect(prefixes).toEqual(OWNERS.map((owner) => `statements/${owner}/`));
  });

  test('start-after, url encoding and ListObjects (v1) markers', async () => {
    const after = keys[500];
    const pages: string[] = [];
    for await (const page of paginateListObjectsV2({ client: account }, { Bucket: BUCKET, StartAfter: after, EncodingType: 'url' })) {
      pages.push(...page.Contents!.map((object) => decodeURIComponent(object.Key!)));
    }
    expect(pages).toEqual(keys.slice(501));
    const v1 = await account.send(
      new ListObjectsCommand({ Bucket: BUCKET, Prefix: `statements/${OWNERS[2]}/`, Marker: keys[1200], MaxKeys: 5 }),
    );
    expect(v1.Contents!.map((object) => object.Key)).toEqual(keys.slice(1201));
  });

  test('a forged continuation token is refused with 400, as S3 refuses it', async () => {
    const answer = await account
      .send(new (await import('@aws-sdk/client-s3')).ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: 'bm90LWEtdG9rZW4=' }))
      .catch((error: Error & { $metadata: { httpStatusCode: number } }) => error);
    expect(answer).toMatchObject({ name: 'InvalidArgument', $metadata: { httpStatusCode: 400 } });
  });
});

describe('versions and uploads under way, as an account deletion reads and removes them', () => {
  const [owner, other] = ['44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555'];
  const objects = () => s3VersionedObjects(account, BUCKET);
  const collect = async <T>(pages: AsyncIterable<T>) => {
    const all: T[] = [];
    for await (const page of pages) all.push(page);
    return all;
  };

  test('ListObjectVersions answers as for a bucket never versioned: each object is its one version, null; pages of 1,000', async () => {
    const pages = await collect(objects().listVersions('statements/'));
    expect(pages.map((page) => page.length)).toEqual([1000, 203]);
    expect(new Set(pages.flat().map((version) => version.versionId))).toEqual(new Set(['null']));
    expect(pages.flat().every((version) => version.size === 1)).toBe(true);
  });

  test('uploads under way are listed by prefix and aborted (twice is fine); every version under a prefix goes, and only those', async () => {
    for (const key of [
      `statements/${owner}/a/file`,
      `statements/${owner}/b/file`,
      `profile-images/${owner}/avatar`,
      `statements/${other}/a/file`,
    ]) {
      await account.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'bytes' }));
    }
    const mine = await account.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `statements/${owner}/c/file` }));
    const theirs = await account.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `statements/${other}/c/file` }));

    const uploads = await collect(objects().listMultipartUploads(`statements/${owner}/`));
    expect(uploads).toEqual([{ key: `statements/${owner}/c/file`, uploadId: mine.UploadId }]);
    await objects().abortMultipart(uploads[0]);
    await objects().abortMultipart(uploads[0]);
    expect(await collect(objects().listMultipartUploads(`statements/${owner}/`))).toEqual([]);
    expect(await collect(objects().listMultipartUploads(`statements/${other}/`))).toEqual([
      { key: `statements/${other}/c/file`, uploadId: theirs.UploadId },
    ]);

    for (const prefix of [`statements/${owner}/`, `profile-images/${owner}/`]) {
      for (const page of await collect(objects().listVersions(prefix))) await objects().deleteVersions(page);
      expect((await collect(objects().listVersions(prefix))).flat()).toEqual([]);
    }
    await expect(account.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `statements/${owner}/a/file` }))).rejects.toMatchObject({
      name: 'NotFound',
    });
    expect((await account.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `statements/${other}/a/file` }))).ContentLength).toBe(5);
  });
});

describe('signatures: every part of the credential scope counts', () => {
  const presign = async (client: S3Client, key: string) =>
    getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'text/plain' }), { expiresIn: 60 });

  test('a presigned URL for another region is refused with S3 naming the region it expects', async () => {
    const elsewhere = new S3Client({ region: 'eu-west-1', endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
    const put = await fetch(await presign(elsewhere, 'statements/x/file'), {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(400);
    const text = await put.text();
    expect(text).toContain('<Code>AuthorizationQueryParametersError</Code>');
    expect(text).toContain("the region 'eu-west-1' is wrong; expecting 'us-east-1'");
  });

  test('a header-signed request for another region or service is refused', async () => {
    for (const [service, region, message] of [
      ['s3', 'us-west-2', "the region 'us-west-2' is wrong; expecting 'us-east-1'"],
      ['dynamodb', 'us-east-1', 'incorrect service "dynamodb". This endpoint belongs to "s3".'],
    ]) {
      const signed = aws4.sign(
        {
          host: `${HOST}:${s3.server.port}`,
          path: `/${BUCKET}?list-type=2`,
          method: 'GET',
          service,
          region,
          headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
        },
        LOCAL_CREDENTIALS,
      );
      const answer = await fetch(`${endpoint}${signed.path}`, { headers: signed.headers as Record<string, string> });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(message);
    }
  });

  test('an x-amz-meta header the signature does not cover is refused', async () => {
    const url = await presign(account, 'statements/unsigned/file');
    const put = await fetch(url, { method: 'PUT', body: 'x', headers: { 'content-type': 'text/plain', 'x-amz-meta-extra': 'sneaked in' } });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain('There were headers present in the request which were not signed');
  });

  test("metadata over S3's 2 KB is refused with MetadataTooLarge and nothing is stored", async () => {
    const Key = 'statements/big-metadata/file';
    const error = await account
      .send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x', Metadata: { 'file-name': 'n'.repeat(2100) } }))
      .catch((caught: Error) => caught);
    expect(error).toMatchObject({ name: 'MetadataTooLarge' });
    const listed = await account.send(new ListObjectsCommand({ Bucket: BUCKET, Prefix: Key }));
    expect(listed.Contents ?? []).toEqual([]);
  });
});

describe('a second SigV4 signer: aws4', () => {
  const sign = (
    method: string,
    key: string,
    body?: string,
    credentials: { accessKeyId: string; secretAccessKey: string } = LOCAL_CREDENTIALS,
  ) =>
    aws4.sign(
      {
        host: `${HOST}:${s3.server.port}`,
        path: `/${BUCKET}/${key}`,
        method,
        service: 's3',
        region: 'us-east-1',
        headers: body === undefined ? {} : { 'content-type': 'text/plain', 'x-amz-meta-origin': 'aws4' },
        ...(body === undefined ? {} : { body }),
      },
      credentials,
    );

  test('a PUT and a GET signed by aws4 are accepted, metadata included', async () => {
    const put = sign('PUT', 'interop/aws4.txt', 'signed by aws4');
    const stored = await fetch(`${endpoint}${put.path}`, {
      method: 'PUT',
      headers: put.headers as Record<string, string>,
      body: 'signed by aws4',
    });
    expect(stored.status).toBe(200);
    const get = sign('GET', 'interop/aws4.txt');
    const fetched = await fetch(`${endpoint}${get.path}`, { headers: get.headers as Record<string, string> });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('x-amz-meta-origin')).toBe('aws4');
    expect(await fetched.text()).toBe('signed by aws4');
  });

  test('aws4 with a wrong secret, a body other than the signed one, or a stale date is refused', async () => {
    const wrongSecret = sign('GET', 'interop/aws4.txt', undefined, {
      accessKeyId: LOCAL_CREDENTIALS.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    const refused = await fetch(`${endpoint}${wrongSecret.path}`, { headers: wrongSecret.headers as Record<string, string> });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const put = sign('PUT', 'interop/aws4-body.txt', 'the signed body');
    const swapped = await fetch(`${endpoint}${put.path}`, {
      method: 'PUT',
      headers: put.headers as Record<string, string>,
      body: 'another body!!!',
    });
    expect(swapped.status).toBe(400);
    expect(await swapped.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');

    const stale = aws4.sign(
      {
        host: `${HOST}:${s3.server.port}`,
        path: `/${BUCKET}/interop/aws4.txt`,
        service: 's3',
        region: 'us-east-1',
        headers: { 'X-Amz-Date': '20200101T000000Z' },
      },
      LOCAL_CREDENTIALS,
    );
    const late = await fetch(`${endpoint}${stale.path}`, { headers: stale.headers as Record<string, string> });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('<Code>RequestTimeTooSkewed</Code>');
  });

  test("a role's aws4-signed call is held to that role's policy", async () => {
    const catalogue = ids.credentialsOf('catalogue');
    const list = aws4.sign(
      { host: `${HOST}:${s3.server.port}`, path: `/${BUCKET}?list-type=2&prefix=statements%2F`, service: 's3', region: 'us-east-1' },
      catalogue,
    );
    expect((await fetch(`${endpoint}${list.path}`, { headers: list.headers as Record<string, string> })).status).toBe(200);
    const statements = ids.credentialsOf('statementsApi');
    const denied = aws4.sign(
      { host: `${HOST}:${s3.server.port}`, path: `/${BUCKET}?list-type=2&prefix=statements%2F`, service: 's3', region: 'us-east-1' },
      statements,
    );
    const answer = await fetch(`${endpoint}${denied.path}`, { headers: denied.headers as Record<string, string> });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('is not authorized to perform: s3:ListBucket');
  });
});

describe("a third SigV4 signer: curl's --aws-sigv4", () => {
  const curl = (args: string[]) =>
    promisify(execFile)('curl', ['-s', '-o', '-', '-w', '\n%{http_code}', ...args]).then(({ stdout }) => {
      const lines = stdout.split('\n');
      return { status: Number(lines.pop()), body: lines.join('\n') };
    });
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** curl signs every header it is given; S3 needs the payload hash among them. */
  const signedBy = (secret: string, region = 'us-east-1', body = '') => [
    '--aws-sigv4',
    `aws:amz:${region}:s3`,
    '--user',
    `${LOCAL_CREDENTIALS.accessKeyId}:${secret}`,
    '-H',
    `x-amz-content-sha256: ${sha256(body)}`,
  ];
  const url = () => `${endpoint}/${BUCKET}/interop/curl.txt`;

  test('a PUT and GET signed by curl are accepted', async () => {
    const body = 'signed by curl';
    const put = await curl([
      ...signedBy(LOCAL_CREDENTIALS.secretAccessKey, 'us-east-1', body),
      '-X',
      'PUT',
      '-H',
      'content-type: text/plain',
      '--data-binary',
      body,
      url(),
    ]);
    expect(put.status).toBe(200);
    expect(await curl([...signedBy(LOCAL_CREDENTIALS.secretAccessKey), url()])).toEqual({ status: 200, body });
  });

  test('curl with a wrong secret, another region, or no payload hash is refused', async () => {
    const wrong = await curl([...signedBy('wrong-secret'), url()]);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('<Code>SignatureDoesNotMatch</Code>');
    const region = await curl([...signedBy(LOCAL_CREDENTIALS.secretAccessKey, 'eu-central-1'), url()]);
    expect(region.status).toBe(400);
    expect(region.body).toContain("the region 'eu-central-1' is wrong; expecting 'us-east-1'");
    // S3 requires x-amz-content-sha256 on every header-signed request; curl does not add it by itself.
    const bare = await curl([
      '--aws-sigv4',
      'aws:amz:us-east-1:s3',
      '--user',
      `${LOCAL_CREDENTIALS.accessKeyId}:${LOCAL_CREDENTIALS.secretAccessKey}`,
      url(),
    ]);
    expect(bare.status).toBe(400);
    expect(bare.body).toContain('Missing required header for this request: x-amz-content-sha256');
  });
});
