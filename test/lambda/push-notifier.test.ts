import { createNotifier } from '../../lambda/push/core';
import type { PushEvent } from '../../lambda/shared/push/sender';
import { ALICE, capturingLog, memoryMailArrivals } from '../support/lambda-fakes';

/**
 * The notifier, which functions that may not reach an owner's devices ask: what it says
 * comes from the owner's own records, never from the asker; an event it does not know, or
 * one for a record no longer there, tells no one.
 */
const ID = '01JD0000000000000000000001';

const setup = () => {
  const arrivals = memoryMailArrivals();
  const told: { owner: string; event: PushEvent }[] = [];
  const log = capturingLog();
  const notifier = createNotifier({
    shares: { ownerShare: async () => undefined },
    arrivals,
    sender: {
      notify: async (owner, event) => {
        told.push({ owner, event });
        return { sent: 1, gone: 0, failed: 0 };
      },
    },
    log,
  });
  return { arrivals, told, log, notifier };
};

test("a mailed file that waits is told by its owner's own record of it; one filed or discarded since is not", async () => {
  const { arrivals, told, notifier } = setup();
  arrivals.waitingFiles.set(`${ALICE}/${ID}`, { fileName: 'March.csv', contentType: 'text/csv', size: 42 });
  expect(await notifier({ kind: 'arrivalWaiting', owner: ALICE, statementIds: [ID] })).toEqual({ sent: 1, gone: 0, failed: 0 });
  expect(told).toEqual([{ owner: ALICE, event: { kind: 'arrivalWaiting', statementId: ID, fileName: 'March.csv', count: 1 } }]);
  await arrivals.discard(ALICE, ID);
  expect(await notifier({ kind: 'arrivalWaiting', owner: ALICE, statementIds: [ID] })).toBe('ignored');
  expect(told).toHaveLength(1);
});

test.each([
  ['a name of the asker’s choosing', { kind: 'arrivalWaiting', owner: ALICE, statementIds: [ID], fileName: 'Pay here.pdf' }],
  ['an id that is not one', { kind: 'arrivalWaiting', owner: ALICE, statementIds: ['../x'] }],
  ['no file', { kind: 'arrivalWaiting', owner: ALICE, statementIds: [] }],
  ['an owner that is not one', { kind: 'arrivalWaiting', owner: 'USER#x', statementIds: [ID] }],
  ['a kind it does not know', { kind: 'statementReady', owner: ALICE, statementId: ID }],
  ['nothing', undefined],
])('%s tells no one, and is logged', async (_name, event) => {
  const { arrivals, told, log, notifier } = setup();
  arrivals.waitingFiles.set(`${ALICE}/${ID}`, { fileName: 'March.csv', contentType: 'text/csv', size: 42 });
  expect(await notifier(event)).toBe('ignored');
  expect(told).toEqual([]);
  expect(log.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'notice refused' }));
});

test("a mail's files that wait are told in one notice: how many still wait, and the first one's name from its record", async () => {
  const { arrivals, told, notifier } = setup();
  const ids = ['01JD0000000000000000000001', '01JD0000000000000000000002', '01JD0000000000000000000003'];
  for (const [index, id] of ids.entries())
    arrivals.waitingFiles.set(`${ALICE}/${id}`, { fileName: `File ${index}.csv`, contentType: 'text/csv', size: 42 });
  await arrivals.discard(ALICE, ids[0]);
  expect(await notifier({ kind: 'arrivalWaiting', owner: ALICE, statementIds: ids })).toEqual({ sent: 1, gone: 0, failed: 0 });
  expect(told).toEqual([{ owner: ALICE, event: { kind: 'arrivalWaiting', statementId: ids[1], fileName: 'File 1.csv', count: 2 } }]);
});
