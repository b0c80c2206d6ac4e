import { profileImageKey, statementKey } from '../../contract';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import { ALICE, BOB, capturingLog, memoryObjects, memoryRecords } from '../support/lambda-fakes';

const ID = '01JD0000000000000000000001';
const GONE = '01JD0000000000000000000002';

test('the sweep catalogues files whose event was lost, removes records whose file is gone, and is idempotent', async () => {
  const objects = memoryObjects();
  const records = memoryRecords();
  const sweep = createSweep({ objects, records, log: capturingLog() });
  objects.objects.set(statementKey(ALICE, ID), {
    contentType: 'application/pdf',
    size: 10,
    metadata: encodeStatementMetadata({ fileName: 'lost event.pdf', accountLabel: 'Main', period: '2024-01' }),
    lastModified: '2026-01-01T00:00:00.000Z',
  });
  objects.objects.set(statementKey(BOB, ID), { contentType: 'application/zip', size: 10, metadata: {}, lastModified: '' });
  objects.objects.set(profileImageKey(BOB), { contentType: 'image/png', size: 1, metadata: {}, lastModified: '' });
  await records.putStatement({
    id: GONE,
    owner: ALICE,
    fileName: 'x.pdf',
    contentType: 'application/pdf',
    size: 1,
    key: statementKey(ALICE, GONE),
    accountLabel: 'Main',
    period: '2024-01',
    status: 'AVAILABLE',
    uploadedAt: '2026-01-01T00:00:00.000Z',
  });

  expect(await sweep()).toEqual({ objects: 3, catalogued: 1, refused: 1, recordsWithoutFile: 1 });
  expect(records.statements.get(`${ALICE}/${ID}`)?.fileName).toBe('lost event.pdf');
  expect(records.statements.has(`${ALICE}/${GONE}`)).toBe(false);
  expect(objects.objects.has(statementKey(BOB, ID))).toBe(false);
  expect(records.avatars.get(BOB)).toBe(profileImageKey(BOB));

  const before = JSON.stringify([...records.statements]);
  expect(await sweep()).toEqual({ objects: 2, catalogued: 0, refused: 0, recordsWithoutFile: 0 });
  expect(JSON.stringify([...records.statements])).toBe(before);
});
