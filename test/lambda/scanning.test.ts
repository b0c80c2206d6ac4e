import type { S3EventRecord } from 'aws-lambda';
import { STATEMENT_ROUTES, profileImageKey, statementKey } from '../../contract';
import { createCatalogue } from '../../lambda/catalogue/core';
import { createScanResults, type ScanResultEvent } from '../../lambda/catalogue/scan-results';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { createStatementsApi } from '../../lambda/statements/core';
import { ALICE, apiEvent, BUCKET, capturingLog, json, memoryApiDeps, memoryObjects, memoryRecords } from '../support/lambda-fakes';

/**
 * The malware scan's states through the real cores: a statement is listed as SCANNING
 * until its verdict, downloadable only when clean, quarantined (and counted) when a
 * threat is found; an avatar is shown only when clean; a verdict whose event was missed
 * is read from the object's tag by the sweep.
 */
const ID = '01JD0000000000000000000001';
const KEY = statementKey(ALICE, ID);

const setup = () => {
  const objects = memoryObjects();
  const records = memoryRecords();
  const log = capturingLog();
  const counted: string[] = [];
  const deps = { objects, records, log, metrics: { count: (name: string) => void counted.push(name) } };
  const api = createStatementsApi(memoryApiDeps({ objects, records, log }));
  return {
    objects,
    records,
    counted,
    catalogue: createCatalogue(deps),
    scanResults: createScanResults({ ...deps, bucketName: BUCKET }),
    sweep: createSweep({ ...deps, versions: objects }),
    download: () => api(apiEvent({ ...STATEMENT_ROUTES.downloadUrl, sub: ALICE, pathParameters: { statementId: ID } })),
  };
};

const created = (key: string) => ({
  Records: [
    {
      eventName: 'ObjectCreated:Put',
      eventTime: '2026-03-01T12:00:01.000Z',
      s3: { bucket: { name: BUCKET }, object: { key } },
    } as unknown as S3EventRecord,
  ],
});

const scanResult = (key: string, verdict: string, threats: string[] = [], bucketName = BUCKET): ScanResultEvent =>
  ({
    id: 'event-1',
    source: 'aws.guardduty',
    'detail-type': 'GuardDuty Malware Protection Object Scan Result',
    detail: {
      scanStatus: 'COMPLETED',
      resourceType: 'S3_OBJECT',
      s3ObjectDetails: { bucketName, objectKey: key },
      scanResultDetails: { scanResultStatus: verdict, threats: threats.map((name) => ({ name })) },
    },
  }) as unknown as ScanResultEvent;

const storeStatement = (objects: ReturnType<typeof memoryObjects>, verdict?: string) => {
  objects.objects.set(KEY, {
    contentType: 'application/pdf',
    size: 2048,
    metadata: encodeStatementMetadata({ fileName: 'a.pdf', accountLabel: 'Main', period: '2024-01' }),
    lastModified: '2026-03-01T12:00:00.000Z',
  });
  objects.verdicts.set(KEY, verdict);
};

test('a statement is listed as SCANNING, refused for download, and AVAILABLE once its scan is clean', async () => {
  const { objects, records, catalogue, scanResults, download } = setup();
  storeStatement(objects);
  await catalogue(created(KEY));
  expect(records.statements.get(`${ALICE}/${ID}`)?.status).toBe('SCANNING');
  const refused = await download();
  expect(refused.statusCode).toBe(409);
  expect(json(refused).error.message).toContain('still being scanned');

  objects.verdicts.set(KEY, 'NO_THREATS_FOUND');
  expect(await scanResults(scanResult(KEY, 'NO_THREATS_FOUND'))).toBe('scanned');
  expect(records.statements.get(`${ALICE}/${ID}`)?.status).toBe('AVAILABLE');
  expect((await download()).statusCode).toBe(200);
  // The same verdict again changes nothing.
  expect(await scanResults(scanResult(KEY, 'NO_THREATS_FOUND'))).toBe('ignored');
});

test('a threat quarantines the statement, says which, is counted for the alarm, and is never downloadable', async () => {
  const { objects, records, catalogue, scanResults, download, counted } = setup();
  storeStatement(objects);
  await catalogue(created(KEY));
  await scanResults(scanResult(KEY, 'THREATS_FOUND', ['EICAR-Test-File (not a virus)']));
  expect(records.statements.get(`${ALICE}/${ID}`)).toMatchObject({
    status: 'QUARANTINED',
    scanDetail: 'a threat was found: EICAR-Test-File (not a virus)',
  });
  expect(counted).toContain('ThreatsFound');
  const refused = await download();
  expect(refused.statusCode).toBe(409);
  expect(json(refused).error.message).toBe(
    'This statement is quarantined and cannot be downloaded: a threat was found: EICAR-Test-File (not a virus). You can delete it.',
  );
});

test('a file that could not be scanned is quarantined, not made available', async () => {
  const { objects, records, catalogue, scanResults } = setup();
  storeStatement(objects);
  await catalogue(created(KEY));
  await scanResults(scanResult(KEY, 'UNSUPPORTED'));
  expect(records.statements.get(`${ALICE}/${ID}`)).toMatchObject({
    status: 'QUARANTINED',
    scanDetail: 'it could not be scanned (UNSUPPORTED)',
  });
});

test('a verdict that arrives before the catalogue is applied when the record is written', async () => {
  const { objects, records, scanResults } = setup();
  storeStatement(objects);
  expect(await scanResults(scanResult(KEY, 'NO_THREATS_FOUND'))).toBe('catalogued');
  expect(records.statements.get(`${ALICE}/${ID}`)?.status).toBe('AVAILABLE');
});

test('a verdict for another bucket is ignored', async () => {
  const { objects, records, scanResults } = setup();
  storeStatement(objects);
  expect(await scanResults(scanResult(KEY, 'NO_THREATS_FOUND', [], 'someone-elses-bucket'))).toBe('ignored');
  expect(records.statements.size).toBe(0);
});

test("the sweep applies a verdict whose event was missed, from the object's tag", async () => {
  const { objects, records, catalogue, sweep } = setup();
  storeStatement(objects);
  await catalogue(created(KEY));
  objects.verdicts.set(KEY, 'NO_THREATS_FOUND');
  expect((await sweep()).scansApplied).toBe(1);
  expect(records.statements.get(`${ALICE}/${ID}`)?.status).toBe('AVAILABLE');
});

describe('each threat is counted once (ThreatsFound), by whichever function applies it', () => {
  const threats = (counted: string[]) => counted.filter((name) => name === 'ThreatsFound').length;

  test('the scan result: a repeated event counts nothing more, nor does a clean or unscannable verdict', async () => {
    const { objects, catalogue, scanResults, counted } = setup();
    storeStatement(objects);
    await catalogue(created(KEY));
    await scanResults(scanResult(KEY, 'THREATS_FOUND', ['EICAR-Test-File (not a virus)']));
    await scanResults(scanResult(KEY, 'THREATS_FOUND', ['EICAR-Test-File (not a virus)']));
    expect(threats(counted)).toBe(1);

    const other = setup();
    storeStatement(other.objects);
    await other.catalogue(created(KEY));
    await other.scanResults(scanResult(KEY, 'UNSUPPORTED'));
    expect(threats(other.counted)).toBe(0);
  });

  test("the sweep, when the scan result's event was missed", async () => {
    const { objects, records, catalogue, sweep, scanResults, counted } = setup();
    storeStatement(objects);
    await catalogue(created(KEY));
    objects.verdicts.set(KEY, 'THREATS_FOUND');
    expect((await sweep()).scansApplied).toBe(1);
    expect(records.statements.get(`${ALICE}/${ID}`)?.status).toBe('QUARANTINED');
    expect(threats(counted)).toBe(1);
    // The late event, and the next sweep, find it applied already.
    await scanResults(scanResult(KEY, 'THREATS_FOUND'));
    await sweep();
    expect(threats(counted)).toBe(1);
  });

  test('the catalogue, for a file whose verdict was on it when it arrived; and an avatar refused for a threat', async () => {
    const { objects, catalogue, counted } = setup();
    storeStatement(objects, 'THREATS_FOUND');
    await catalogue(created(KEY));
    await catalogue(created(KEY));
    expect(threats(counted)).toBe(1);

    const other = setup();
    const key = profileImageKey(ALICE);
    other.objects.objects.set(key, { contentType: 'image/png', size: 100, metadata: {}, lastModified: '2026-03-01T12:00:00.000Z' });
    await other.scanResults(scanResult(key, 'THREATS_FOUND'));
    expect(threats(other.counted)).toBe(1);
  });
});

test('an avatar is shown only once its scan is clean; a threat refuses it', async () => {
  const { objects, records, catalogue, scanResults } = setup();
  const key = profileImageKey(ALICE);
  objects.objects.set(key, { contentType: 'image/png', size: 100, metadata: {}, lastModified: '2026-03-01T12:00:00.000Z' });
  objects.verdicts.set(key, undefined);
  await catalogue(created(key));
  expect(records.avatars.get(ALICE)).toBeUndefined();
  await scanResults(scanResult(key, 'NO_THREATS_FOUND'));
  expect(records.avatars.get(ALICE)).toBe(key);

  const other = setup();
  other.objects.objects.set(key, { contentType: 'image/png', size: 100, metadata: {}, lastModified: '2026-03-01T12:00:00.000Z' });
  await other.scanResults(scanResult(key, 'THREATS_FOUND', ['EICAR-Test-File (not a virus)']));
  expect(other.records.avatars.get(ALICE)).toBeUndefined();
  expect(other.records.refusals.get(`${ALICE}/avatar`)?.reason).toBe('a threat was found: EICAR-Test-File (not a virus)');
  expect(other.objects.objects.has(key)).toBe(false);
});
