import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { principalCredentials } from '../../local/iam/identities';
import {
  STATEMENT_ROUTES,
  checksumHex,
  statementKey,
  type PartUrlsResponse,
  type StatementUploadResponse,
  type StoredPartsResponse,
} from '../../contract';
import { createS3Client } from '../../lambda/shared/runtime';
import { LOCAL_CREDENTIALS, LOCAL_IDS } from '../../local/settings';
import { csv, pdf, png, EICAR } from '../support/samples';
import { STATEMENT, apollo, waitForAvatar } from './support/graphql';
import { callApi } from './support/rest';
import { waitFor, type StackProcess } from './support/stack-process';
import { stackWithTwoUsers } from './support/two-users';
import { compositeOf, partsOf, putTo, sha256, sha256Base64, uploadAvatar, uploadStatement } from './support/uploads';
import type { TestUser } from './support/users';

/**
 * Trust in the files, on the local stack through the real clients: the local S3 refuses a
 * body whose SHA-256 is not the signed one (single, and each part) and stores nothing; a
 * file whose parts are not the announced file is refused by the catalogue; content must be
 * the declared type; ClamAV's verdict decides what becomes available, and the bucket
 * policy refuses everyone the bytes of a file not scanned clean.
 */
const context = stackWithTwoUsers();
let stack: StackProcess;
let alice: TestUser;
beforeAll(() => ({ stack, alice } = context));

type Outcome = {
  statement: { status: string; scanDetail: string | null; checksum: string | null; checksumType: string | null } | null;
  uploadRefusal: { reason: string } | null;
};
const outcomeOf = async (id: string) =>
  (await apollo(stack.config, { token: alice.idToken }).query({ query: STATEMENT, variables: { id }, fetchPolicy: 'no-cache' }))
    .data as Outcome;

/**
 * Waits until the statement is out of SCANNING (or refused), as long as a person waits for a
 * large file's verdict: ClamAV reads all of a 60 MB file, and in CI it shares two cores with
 * the browser suite (once 15 s did not do). On AWS GuardDuty's verdict takes up to minutes.
 * A wait that ends without one says where the file was.
 */
const settled = async (id: string) => {
  let last: Outcome | undefined;
  try {
    return await waitFor(
      async () => {
        last = await outcomeOf(id);
        return last.uploadRefusal || (last.statement && last.statement.status !== 'SCANNING') ? last : undefined;
      },
      `statement ${id} to be catalogued and scanned`,
      60_000,
    );
  } catch (error) {
    const where = last?.statement ? `its record says ${last.statement.status}` : 'it has no record yet (not catalogued)';
    throw new Error(`${(error as Error).message}: ${where}`, { cause: error });
  }
};

const s3Url = () => `http://127.0.0.1:${stack.ports.s3}`;
const account = () =>
  new S3Client({
    region: 'us-east-1',
    endpoint: s3Url(),
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });

const stored = async (key: string) => {
  try {
    await account().send(new HeadObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: key }));
    return true;
  } catch {
    return false;
  }
};

const create = async (body: Record<string, unknown>) => {
  const created = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.createUpload, { token: alice.idToken, body });
  expect(created.status).toBe(201);
  return created.body as StatementUploadResponse;
};

type Multipart = Extract<StatementUploadResponse, { kind: 'multipart' }>;

/** Signs every part with its own checksum and sends it; the ETags, in part order. */
const sendParts = async (upload: Multipart, size: number, parts: ReturnType<typeof partsOf>) => {
  const signed = (
    await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.partUrls, {
      token: alice.idToken,
      params: { statementId: upload.statementId },
      body: { uploadId: upload.uploadId, size, parts: parts.map(({ partNumber, checksum }) => ({ partNumber, checksum })) },
    })
  ).body as PartUrlsResponse;
  return Promise.all(
    signed.parts.map(async (part, index) => (await putTo(part.url, part.headers, parts[index].bytes)).headers.get('etag')!),
  );
};

const complete = (upload: Multipart, parts: { partNumber: number; etag: string; checksum: string }[]) =>
  callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.completeUpload, {
    token: alice.idToken,
    params: { statementId: upload.statementId },
    body: { uploadId: upload.uploadId, parts },
  });

describe('S3 verifies the checksum each upload is signed with', () => {
  test('a single PUT whose body differs from its signed SHA-256 is refused with BadDigest, and nothing is stored', async () => {
    const announced = pdf(4096);
    const sent = Buffer.from(announced);
    sent[2000] ^= 0xff;
    const upload = (await create({
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: announced.length,
      accountLabel: 'Main',
      period: '2024-03',
      checksum: sha256Base64(announced),
    })) as Extract<StatementUploadResponse, { kind: 'single' }>;
    const put = await putTo(upload.url, upload.headers, sent);
    expect(put.status).toBe(400);
    expect(await put.text()).toContain('<Code>BadDigest</Code>');
    expect(await stored(statementKey(alice.sub, upload.statementId))).toBe(false);
    // The same URL with the announced bytes is stored, and the record carries what S3 verified.
    expect((await putTo(upload.url, upload.headers, announced)).status).toBe(200);
    const outcome = await settled(upload.statementId);
    expect(outcome.statement).toMatchObject({ status: 'AVAILABLE', checksum: sha256Base64(announced), checksumType: 'FULL_OBJECT' });
    expect(checksumHex(outcome.statement!.checksum!)).toBe(sha256(announced));
  });

  test("a part whose body differs from its signed SHA-256 is refused; S3 keeps only the right parts, which ListParts reports; the file completes with S3's composite checksum", async () => {
    const bytes = csv(40 * 1024 * 1024 + 123);
    // 40 MiB is one piece; make it multipart by size.
    const file = Buffer.concat([bytes, csv(20 * 1024 * 1024)]);
    const parts = partsOf(file);
    const composite = compositeOf(parts.map((part) => part.checksum));
    const upload = (await create({
      fileName: 'big.csv',
      contentType: 'text/csv',
      size: file.length,
      accountLabel: 'Main',
      period: '2024-03',
      checksum: composite,
    })) as Multipart;
    const signed = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.partUrls, {
      token: alice.idToken,
      params: { statementId: upload.statementId },
      body: { uploadId: upload.uploadId, size: file.length, parts: parts.map(({ partNumber, checksum }) => ({ partNumber, checksum })) },
    });
    const urls = (signed.body as PartUrlsResponse).parts;
    const corrupted = Buffer.from(parts[1].bytes);
    corrupted[0] ^= 0xff;
    const refused = await putTo(urls[1].url, urls[1].headers, corrupted);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<Code>BadDigest</Code>');
    const etags: string[] = [];
    for (const [index, part] of parts.entries()) {
      if (index === 1) continue;
      const put = await putTo(urls[index].url, urls[index].headers, part.bytes);
      expect(put.status).toBe(200);
      etags[index] = put.headers.get('etag')!;
    }
    const listed = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.listParts, {
      token: alice.idToken,
      params: { statementId: upload.statementId },
      query: { uploadId: upload.uploadId },
    });
    expect(listed.status).toBe(200);
    expect((listed.body as StoredPartsResponse).parts.map((part) => [part.partNumber, part.checksum])).toEqual(
      parts.filter((_, index) => index !== 1).map((part) => [part.partNumber, part.checksum]),
    );
    // Completing without the missing part fails; sending it completes the file.
    const put = await putTo(urls[1].url, urls[1].headers, parts[1].bytes);
    etags[1] = put.headers.get('etag')!;
    const completed = await complete(
      upload,
      parts.map((part, index) => ({ partNumber: part.partNumber, etag: etags[index], checksum: part.checksum })),
    );
    expect(completed.status).toBe(200);
    const outcome = await settled(upload.statementId);
    expect(outcome.statement).toMatchObject({ status: 'AVAILABLE', checksum: composite, checksumType: 'COMPOSITE' });
  }, 120_000);

  test('completing with a checksum other than the part S3 holds is refused (InvalidPart), and nothing is stored', async () => {
    const file = csv(50 * 1024 * 1024 + 10);
    const parts = partsOf(file);
    const upload = (await create({
      fileName: 'c.csv',
      contentType: 'text/csv',
      size: file.length,
      accountLabel: 'Main',
      period: '2024-03',
      checksum: compositeOf(parts.map((part) => part.checksum)),
    })) as Multipart;
    const etags = await sendParts(upload, file.length, parts);
    const completed = await complete(
      upload,
      parts.map((part, index) => ({
        partNumber: part.partNumber,
        etag: etags[index],
        checksum: index === 2 ? sha256Base64(Buffer.from('other')) : part.checksum,
      })),
    );
    expect(completed.status).toBe(400);
    expect(await stored(statementKey(alice.sub, upload.statementId))).toBe(false);
  }, 120_000);

  test('parts that are not the announced file (each signed with its own checksum) are refused by the catalogue: not listed, not stored, the owner told why', async () => {
    const announced = csv(50 * 1024 * 1024 + 10);
    const other = Buffer.from(announced);
    other.write('9999-99-99,Other,0.00\n', 17 * 1024 * 1024);
    const sent = partsOf(other);
    const upload = (await create({
      fileName: 'd.csv',
      contentType: 'text/csv',
      size: announced.length,
      accountLabel: 'Main',
      period: '2024-03',
      checksum: compositeOf(partsOf(announced).map((part) => part.checksum)),
    })) as Multipart;
    const etags = await sendParts(upload, other.length, sent);
    const completed = await complete(
      upload,
      sent.map((part, index) => ({ partNumber: part.partNumber, etag: etags[index], checksum: part.checksum })),
    );
    expect(completed.status).toBe(200);
    const outcome = await settled(upload.statementId);
    expect(outcome.statement).toBeNull();
    expect(outcome.uploadRefusal?.reason).toBe('the file that arrived is not the one announced: its checksum differs');
    await waitFor(async () => ((await stored(statementKey(alice.sub, upload.statementId))) ? undefined : true), 'the refused object to go');
  }, 120_000);
});

describe('content is checked against the declared type', () => {
  test.each([
    ['a PNG declared as a PDF', 'scan.pdf', 'application/pdf', png(), 'not a PDF: its content is PNG'],
    [
      'binary bytes declared as a CSV',
      'export.csv',
      'text/csv',
      Buffer.concat([Buffer.from('a,b\n'), Buffer.from([0, 1, 2, 3])]),
      'not a CSV: it holds binary data (control characters)',
    ],
    [
      'a web page declared as an OFX',
      'bank.ofx',
      'application/x-ofx',
      Buffer.from('<html><body>statement</body></html>'),
      'not an OFX: it does not start with an OFX header (OFXHEADER:100, or <?OFX OFXHEADER="200"?>)',
    ],
  ])('%s never becomes available; its owner sees why; nothing of it stays', async (_name, fileName, contentType, bytes, reason) => {
    const { statementId } = await uploadStatement(stack.config, alice.idToken, {
      fileName,
      contentType,
      accountLabel: 'Main',
      period: '2024-04',
      bytes,
    });
    const outcome = await settled(statementId);
    expect(outcome.statement).toBeNull();
    expect(outcome.uploadRefusal?.reason).toBe(reason);
    // The refusal is recorded before the object is deleted (a crash between the two leaves
    // the object for the sweep to refuse again), so the object goes just after.
    await waitFor(async () => ((await stored(statementKey(alice.sub, statementId))) ? undefined : true), 'the refused object to go');
  });
});

describe('malware scanning with ClamAV', () => {
  const infected = Buffer.concat([Buffer.from('Date,Description,Amount\n2024-01-01,'), EICAR, Buffer.from(',1.00\n')]);

  test('the EICAR test file never becomes available or downloadable, and no one can read its bytes; a clean file can', async () => {
    // The test stacks scan with ClamAV's own engine (the embedded scanner has its own tests).
    expect(stack.output()).toMatch(/✓ malware scan: ClamAV's clamd \(\S+clamd\) with the shipped signatures/);
    const bad = await uploadStatement(stack.config, alice.idToken, {
      fileName: 'eicar.csv',
      contentType: 'text/csv',
      accountLabel: 'Main',
      period: '2024-05',
      bytes: infected,
    });
    const good = await uploadStatement(stack.config, alice.idToken, {
      fileName: 'clean.csv',
      contentType: 'text/csv',
      accountLabel: 'Main',
      period: '2024-05',
      bytes: csv(3000),
    });
    expect((await settled(bad.statementId)).statement?.status).toBe('QUARANTINED');
    // The tag says "threats found"; GuardDuty's event (here, the local scanner's) names them.
    await waitFor(
      async () => ((await outcomeOf(bad.statementId)).statement?.scanDetail === 'a threat was found: EICAR-Test-File' ? true : undefined),
      'the threat to be named',
    );
    const refused = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
      token: alice.idToken,
      params: { statementId: bad.statementId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('quarantined');
    // Not even a URL signed by the statements API's own role reads it: the bucket policy refuses anything not tagged clean.
    const statementsApi = createS3Client({ credentials: principalCredentials('statementsApi'), endpoints: { s3: s3Url() } });
    const direct = await getSignedUrl(
      statementsApi,
      new GetObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: statementKey(alice.sub, bad.statementId) }),
      { expiresIn: 60 },
    );
    const denied = await fetch(direct);
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain('with an explicit deny in a resource-based policy');

    expect((await settled(good.statementId)).statement).toMatchObject({ status: 'AVAILABLE' });
    const download = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.downloadUrl, {
      token: alice.idToken,
      params: { statementId: good.statementId },
    });
    expect(download.status).toBe(200);
    expect((await fetch(download.body.url)).status).toBe(200);
    // The same role reads the clean one.
    expect(
      (
        await fetch(
          await getSignedUrl(
            statementsApi,
            new GetObjectCommand({ Bucket: LOCAL_IDS.bucketName, Key: statementKey(alice.sub, good.statementId) }),
            { expiresIn: 60 },
          ),
        )
      ).status,
    ).toBe(200);
  });

  test('an avatar with a threat in it is never shown', async () => {
    const before = await uploadAvatar(stack.config, alice.idToken, png());
    expect(before.status).toBe(200);
    await waitForAvatar(stack.config, alice.idToken);
    expect((await uploadAvatar(stack.config, alice.idToken, Buffer.concat([png(), EICAR]))).status).toBe(200);
    // Refused on the object's tag or on GuardDuty's event, whichever comes first; the event names the threat.
    // The scan's verdict comes after the catalogue's checks; a loaded machine (the suites run
    // side by side) has taken more than the default wait.
    await waitFor(
      async () => {
        const { data } = await apollo(stack.config, { token: alice.idToken }).query({
          query: STATEMENT,
          variables: { id: 'avatar' },
          fetchPolicy: 'no-cache',
        });
        return (data as Outcome).uploadRefusal?.reason === 'a threat was found: EICAR-Test-File' ? true : undefined;
      },
      'the avatar to be refused, naming the threat',
      40_000,
    );
  });
});
