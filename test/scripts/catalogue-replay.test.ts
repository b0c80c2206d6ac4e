import { replayFailures, type FailureMessage } from '../../scripts/operations/replay';

/** What Lambda's on-failure destination writes for an asynchronous invocation that kept failing. */
const destinationRecord = (key: string) =>
  JSON.stringify({
    version: '1.0',
    requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
    requestPayload: { Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key } } }] },
    responseContext: { statusCode: 200, functionError: 'Unhandled' },
    responsePayload: { errorType: 'ProvisionedThroughputExceededException' },
  });

const queue = (bodies: string[]) => {
  const messages: FailureMessage[] = bodies.map((body, index) => ({ id: `m${index}`, receipt: `r${index}`, body }));
  const removed: string[] = [];
  return {
    messages,
    removed,
    // Like SQS: messages stay visible to later receives until deleted (here, at once).
    receive: async () => messages.filter((message) => !removed.includes(message.id)).slice(0, 10),
    remove: async (message: FailureMessage) => void removed.push(message.id),
  };
};

test('each failed event is invoked again with its original S3 event, and deleted only once that worked', async () => {
  const q = queue([destinationRecord('statements/a/1/file'), destinationRecord('statements/a/2/file'), 'not json']);
  const invoked: unknown[] = [];
  const report = await replayFailures({
    receive: q.receive,
    remove: q.remove,
    invoke: async (event) => {
      invoked.push(event);
      return JSON.stringify(event).includes('/2/') ? { error: 'Unhandled: still failing' } : {};
    },
  });
  expect(invoked).toEqual([
    { Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'statements/a/1/file' } } }] },
    { Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'statements/a/2/file' } } }] },
  ]);
  expect(report).toEqual({ replayed: 1, failedAgain: [{ id: 'm1', error: 'Unhandled: still failing' }], unreadable: ['m2'] });
  expect(q.removed).toEqual(['m0']);
});

test('a dry run reads every message and changes nothing', async () => {
  const q = queue(Array.from({ length: 25 }, (_, n) => destinationRecord(`statements/a/${n}/file`)));
  const report = await replayFailures(
    { receive: q.receive, remove: q.remove, invoke: async () => ({ error: 'must not run' }) },
    { dryRun: true },
  );
  expect(report).toEqual({ replayed: 0, failedAgain: [], unreadable: [] });
  expect(q.removed).toEqual([]);
});
