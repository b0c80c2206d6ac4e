import { SCAN_WAIT, profileImageKey, statementKey, type Statement } from '../../contract';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { ALICE, BOB, capturingLog, memoryObjects, memoryRecords } from '../support/lambda-fakes';

const ID = '01JD0000000000000000000001';
const GONE = '01JD0000000000000000000002';
const CAROL = '33333333-3333-4333-8333-333333333333';

const record = (owner: string, id: string): Statement => ({
  id,
  owner,
  fileName: 'x.pdf',
  contentType: 'application/pdf',
  size: 10,
  key: statementKey(owner, id),
  accountLabel: 'Main',
  period: '2024-01',
  status: 'AVAILABLE',
  uploadedAt: '2026-01-01T00:00:00.000Z',
});

const pdf = (fileName = 'x.pdf') => ({
  contentType: 'application/pdf',
  size: 10,
  metadata: encodeStatementMetadata({ fileName, accountLabel: 'Main', period: '2024-01' }),
  lastModified: '2026-01-01T00:00:00.000Z',
});

const setup = () => {
  const objects = memoryObjects();
  const records = memoryRecords();
  const log = capturingLog();
  return { objects, records, log, sweep: createSweep({ objects, versions: objects, records, log }) };
};

test('catalogues files whose event was lost, removes records whose file is gone, and follows the avatar', async () => {
  const { objects, records, sweep } = setup();
  objects.objects.set(statementKey(ALICE, ID), pdf('lost event.pdf'));
  objects.objects.set(statementKey(BOB, ID), { contentType: 'application/zip', size: 10, metadata: {}, lastModified: '' });
  objects.objects.set(profileImageKey(BOB), { contentType: 'image/png', size: 1, metadata: {}, lastModified: '2026-01-02T00:00:00.000Z' });
  await records.putStatement(record(ALICE, GONE));

  expect(await sweep()).toEqual({
    owners: 2,
    objects: 3,
    catalogued: 1,
    refused: 1,
    recordsWithoutFile: 1,
    listed: 0,
    ordered: 0,
    ownersOrdered: 0,
    accountKeyed: 0,
    summariesCorrected: 0,
    uploadsReleased: 0,
    scansApplied: 0,
    rescansRequested: 0,
    scansOverdue: 0,
    indexed: 0,
    reread: 0,
    indexFailures: 0,
    identifiersHidden: 0,
    purged: 0,
    pdfPasswordsMoved: 0,
    pdfPasswordsForgotten: 0,
    failures: 0,
  });
  expect(records.statements.get(`${ALICE}/${ID}`)?.fileName).toBe('lost event.pdf');
  expect(records.statements.has(`${ALICE}/${GONE}`)).toBe(false);
  expect(objects.objects.has(statementKey(BOB, ID))).toBe(false);
  expect(records.avatars.get(BOB)).toBe(profileImageKey(BOB));
});

test('writes nothing when bucket and table agree (the avatar is not re-catalogued every run)', async () => {
  const { objects, records, sweep } = setup();
  objects.objects.set(statementKey(ALICE, ID), pdf());
  objects.objects.set(profileImageKey(ALICE), { contentType: 'image/png', size: 1, metadata: {}, lastModified: '' });
  await records.putStatement(record(ALICE, ID));
  await records.setAvatar(ALICE, profileImageKey(ALICE), '2026-01-01T00:00:00.000Z');
  records.writes.length = 0;

  expect(await sweep()).toEqual({
    owners: 1,
    objects: 2,
    catalogued: 0,
    refused: 0,
    recordsWithoutFile: 0,
    listed: 0,
    ordered: 0,
    ownersOrdered: 0,
    accountKeyed: 0,
    summariesCorrected: 0,
    uploadsReleased: 0,
    scansApplied: 0,
    rescansRequested: 0,
    scansOverdue: 0,
    indexed: 0,
    reread: 0,
    indexFailures: 0,
    identifiersHidden: 0,
    purged: 0,
    pdfPasswordsMoved: 0,
    pdfPasswordsForgotten: 0,
    failures: 0,
  });
  expect(records.writes).toEqual([]);
  expect(objects.calls.filter((call) => call.startsWith('head'))).toEqual([]);
});

test('reads each owner with one query and never asks S3 about a key it just listed', async () => {
  const { objects, records, sweep } = setup();
  const ownerRecords = jest.spyOn(records, 'ownerRecords');
  for (const owner of [ALICE, BOB, CAROL]) {
    objects.objects.set(statementKey(owner, ID), pdf());
    await records.putStatement(record(owner, ID));
  }
  objects.objects.set(profileImageKey(BOB), { contentType: 'image/png', size: 1, metadata: {}, lastModified: '' });
  await records.setAvatar(BOB, profileImageKey(BOB), '2026-01-01T00:00:00.000Z');
  await sweep();
  expect(ownerRecords.mock.calls.map(([owner]) => owner)).toEqual([ALICE, BOB, CAROL]);
});

test('a record whose object appeared after the listing is kept (the object is checked before the record goes)', async () => {
  const { objects, records, sweep } = setup();
  objects.objects.set(statementKey(ALICE, ID), pdf());
  await records.putStatement(record(ALICE, ID));
  // The listing misses a file that is stored (it arrived after the page was read).
  const list = objects.list.bind(objects);
  objects.list = async function* (prefix) {
    for await (const key of list(prefix)) if (key !== statementKey(ALICE, GONE)) yield key;
  };
  objects.objects.set(statementKey(ALICE, GONE), pdf());
  await records.putStatement(record(ALICE, GONE));
  expect((await sweep()).recordsWithoutFile).toBe(0);
  expect(records.statements.has(`${ALICE}/${GONE}`)).toBe(true);
});

test('one failing owner is reported and the others are still swept; the run then fails', async () => {
  const { objects, records, log, sweep } = setup();
  objects.objects.set(statementKey(ALICE, ID), pdf());
  objects.objects.set(statementKey(BOB, ID), pdf('bob.pdf'));
  const ownerRecords = records.ownerRecords.bind(records);
  records.ownerRecords = async (owner) => {
    if (owner === ALICE) throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
    return ownerRecords(owner);
  };
  await expect(sweep()).rejects.toThrow('the sweep failed for 1 owner(s)');
  expect(records.statements.get(`${BOB}/${ID}`)?.fileName).toBe('bob.pdf');
  expect(log.lines).toContainEqual(
    expect.objectContaining({ level: 'error', fields: { owner: ALICE, errorName: 'ProvisionedThroughputExceededException' } }),
  );
});

test('a second run changes nothing', async () => {
  const { objects, records, sweep } = setup();
  objects.objects.set(statementKey(ALICE, ID), pdf());
  await records.putStatement(record(ALICE, GONE));
  await sweep();
  const before = JSON.stringify([...records.statements]);
  records.writes.length = 0;
  expect(await sweep()).toMatchObject({ catalogued: 0, refused: 0, recordsWithoutFile: 0 });
  expect(records.writes).toEqual([]);
  expect(JSON.stringify([...records.statements])).toBe(before);
});

test('places held by uploads that expired are given back, or taken over by a file that did arrive', async () => {
  const { objects, records, sweep } = setup();
  const past = '2026-01-01T00:00:00.000Z';
  await records.reserveUpload(CAROL, GONE, 10, past);
  await records.reserveUpload(ALICE, ID, 10, past);
  await records.reserveUpload(BOB, ID, 10, '2999-01-01T00:00:00.000Z');
  objects.objects.set(statementKey(ALICE, ID), pdf('arrived late.pdf'));
  const report = await sweep();
  // Carol never uploaded anything: she is found through the held places, not the bucket.
  expect(report).toMatchObject({ uploadsReleased: 1, catalogued: 1, failures: 0 });
  expect([...records.uploads.keys()]).toEqual([`${BOB}/${ID}`]);
  expect(records.statements.get(`${ALICE}/${ID}`)?.fileName).toBe('arrived late.pdf');
});

describe('a file whose malware verdict never came', () => {
  const UPLOADED = '2026-01-01T00:00:00.000Z';
  const minutesAfter = (minutes: number) => () => new Date(Date.parse(UPLOADED) + minutes * 60_000);
  const waiting = (clock: () => Date) => {
    const objects = memoryObjects();
    const records = memoryRecords();
    const asked: string[] = [];
    const counted: [string, number | undefined][] = [];
    const sweep = createSweep({
      objects,
      versions: objects,
      records,
      log: capturingLog(),
      metrics: { count: (name, value) => counted.push([name, value]) },
      scans: { request: async (key) => void asked.push(key) },
      clock,
    });
    return { objects, records, asked, counted, sweep };
  };
  const scanningStatement = async (setup: ReturnType<typeof waiting>) => {
    setup.objects.objects.set(statementKey(ALICE, ID), pdf());
    setup.objects.verdicts.set(statementKey(ALICE, ID), undefined);
    await setup.records.putStatement({ ...record(ALICE, ID), status: 'SCANNING', uploadedAt: UPLOADED });
  };

  test('is left to its scan for SCAN_WAIT.rescanAfterMinutes', async () => {
    const setup = waiting(minutesAfter(SCAN_WAIT.rescanAfterMinutes.aws - 1));
    await scanningStatement(setup);
    expect(await setup.sweep()).toMatchObject({ scansApplied: 0, rescansRequested: 0, scansOverdue: 0 });
    expect(setup.asked).toEqual([]);
  });

  test('is then sent to be scanned again, at every run until its verdict comes', async () => {
    const setup = waiting(minutesAfter(SCAN_WAIT.rescanAfterMinutes.aws));
    await scanningStatement(setup);
    expect(await setup.sweep()).toMatchObject({ rescansRequested: 1, scansOverdue: 0 });
    expect(await setup.sweep()).toMatchObject({ rescansRequested: 1 });
    expect(setup.asked).toEqual([statementKey(ALICE, ID), statementKey(ALICE, ID)]);
    expect(setup.counted).toEqual([]);
    // The verdict came: the next run applies it and asks for nothing.
    setup.objects.verdicts.set(statementKey(ALICE, ID), 'NO_THREATS_FOUND');
    expect(await setup.sweep()).toMatchObject({ scansApplied: 1, rescansRequested: 0 });
    expect(setup.records.statements.get(`${ALICE}/${ID}`)?.status).toBe('AVAILABLE');
  });

  test('is counted overdue after SCAN_WAIT.overdueAfterMinutes (metric ScansOverdue), and still sent again', async () => {
    const setup = waiting(minutesAfter(SCAN_WAIT.overdueAfterMinutes));
    await scanningStatement(setup);
    expect(await setup.sweep()).toMatchObject({ rescansRequested: 1, scansOverdue: 1 });
    expect(setup.counted.filter(([name]) => name === 'ScansOverdue')).toEqual([['ScansOverdue', 1]]);
  });

  test('an avatar waiting for its verdict is sent again too; a file whose verdict is on its tag is not', async () => {
    const setup = waiting(minutesAfter(SCAN_WAIT.rescanAfterMinutes.aws));
    setup.objects.objects.set(profileImageKey(BOB), { contentType: 'image/png', size: 1, metadata: {}, lastModified: UPLOADED });
    setup.objects.verdicts.set(profileImageKey(BOB), undefined);
    setup.objects.objects.set(statementKey(ALICE, ID), pdf());
    await setup.records.putStatement({ ...record(ALICE, ID), status: 'SCANNING', uploadedAt: UPLOADED });
    expect(await setup.sweep()).toMatchObject({ scansApplied: 1, rescansRequested: 1 });
    expect(setup.asked).toEqual([profileImageKey(BOB)]);
  });

  test('a request the scan refuses is logged and asked again at the next run; the file is still counted overdue, and the run goes on', async () => {
    const objects = memoryObjects();
    const records = memoryRecords();
    const log = capturingLog();
    let refusals = 0;
    const refused = Object.assign(new Error('The bucket has no Malware Protection plan'), { name: 'AccessDeniedException' });
    const sweep = createSweep({
      objects,
      versions: objects,
      records,
      log,
      scans: {
        request: async () => {
          refusals++;
          throw refused;
        },
      },
      clock: minutesAfter(90),
    });
    objects.objects.set(statementKey(ALICE, ID), pdf());
    objects.verdicts.set(statementKey(ALICE, ID), undefined);
    await records.putStatement({ ...record(ALICE, ID), status: 'SCANNING', uploadedAt: UPLOADED });
    objects.objects.set(statementKey(BOB, ID), pdf());
    objects.verdicts.set(statementKey(BOB, ID), 'NO_THREATS_FOUND');
    await records.putStatement({ ...record(BOB, ID), status: 'SCANNING', uploadedAt: UPLOADED });
    expect(await sweep()).toMatchObject({ rescansRequested: 0, scansOverdue: 1, scansApplied: 1 });
    expect(await sweep()).toMatchObject({ rescansRequested: 0, scansOverdue: 1 });
    expect(refusals).toBe(2);
    expect(log.text()).toContain('malware scan request failed');
    expect(log.text()).toContain('AccessDeniedException');
  });
});
