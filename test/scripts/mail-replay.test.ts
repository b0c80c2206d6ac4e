import { isMailFunctionEvent, replayFailures, type FailureMessage } from '../../scripts/operations/replay';

/**
 * `npm run mail:replay`'s core: what Lambda's on-failure destination wrote for the mail
 * function's invocations that kept failing (SES's event for a received message, or the
 * statements API's request to file a waiting file), invoked again, and deleted only once
 * that worked.
 */
const destinationRecord = (requestPayload: unknown) =>
  JSON.stringify({
    version: '1.0',
    requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
    requestPayload,
    responseContext: { statusCode: 200, functionError: 'Unhandled' },
    responsePayload: { errorType: 'ValidationException', errorMessage: 'Item size has exceeded the maximum allowed size' },
  });

const sesEvent = (messageId: string) => ({
  Records: [{ eventSource: 'aws:ses', eventVersion: '1.0', ses: { mail: { messageId }, receipt: { recipients: ['s-x@mail.example'] } } }],
});
const filing = { fileArrival: { owner: 'owner-sub', statementId: '01JD0000000000000000000000', accountLabel: 'Visa', period: '2024-03' } };
const accepts = isMailFunctionEvent;

test("SES's event and a waiting file's filing are both invoked again as they were; a record of neither is left in the queue", async () => {
  const bodies = [destinationRecord(sesEvent('m1')), destinationRecord(filing), destinationRecord({ other: true }), 'not json'];
  const messages: FailureMessage[] = bodies.map((body, index) => ({ id: `m${index}`, receipt: `r${index}`, body }));
  const removed: string[] = [];
  const invoked: unknown[] = [];
  const report = await replayFailures(
    {
      receive: async () => messages.filter((message) => !removed.includes(message.id)),
      remove: async (message) => void removed.push(message.id),
      invoke: async (event) => {
        invoked.push(event);
        return {};
      },
    },
    { accepts },
  );
  expect(invoked).toEqual([sesEvent('m1'), filing]);
  expect(report).toEqual({ replayed: 2, failedAgain: [], unreadable: ['m2', 'm3'] });
  expect(removed).toEqual(['m0', 'm1']);
});

test('a mail that fails again stays in the queue, saying why; the catalogue replay still takes S3 events only', async () => {
  const messages: FailureMessage[] = [{ id: 'm0', receipt: 'r0', body: destinationRecord(sesEvent('m1')) }];
  const removed: string[] = [];
  const report = await replayFailures(
    {
      receive: async () => messages.filter((message) => !removed.includes(message.id)),
      remove: async (message) => void removed.push(message.id),
      invoke: async () => ({ error: 'Unhandled: still failing' }),
    },
    { accepts },
  );
  expect(report).toEqual({ replayed: 0, failedAgain: [{ id: 'm0', error: 'Unhandled: still failing' }], unreadable: [] });
  expect(removed).toEqual([]);
  const catalogue = await replayFailures({
    receive: async () => [{ id: 'f', receipt: 'r', body: destinationRecord(filing) }],
    remove: async () => undefined,
    invoke: async () => ({ error: 'must not run' }),
  });
  expect(catalogue.unreadable).toEqual(['f']);
});
