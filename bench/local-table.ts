import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { dynamoClient, ensureTable, startDynamoDbLocal } from '../local/dynamodb';
import { freePort } from '../local/ports';

/** The benches' table: AWS's DynamoDB Local in memory (a folder of its own for its files), with the product's layout, removed after `run`. */
export const withLocalTable = async (name: string, run: (client: DynamoDBClient) => Promise<void>): Promise<void> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const port = await freePort();
  const dynamo = await startDynamoDbLocal({ port, directory: dir, inMemory: true });
  try {
    const client = dynamoClient(port);
    await ensureTable(client, 'bench');
    await run(client);
  } finally {
    await dynamo.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * Counts the items written through a client: each item of a transaction, and each single
 * write. `reset` starts the count again.
 */
export const countWrites = (client: DynamoDBClient) => {
  const counter = { items: 0, reset: () => (counter.items = 0) };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TransactItems?: unknown[] };
      if (context.commandName === 'TransactWriteItemsCommand') counter.items += input.TransactItems?.length ?? 0;
      else if (/^(Put|Update|Delete)ItemCommand$/.test(context.commandName ?? '')) counter.items += 1;
      return next(args);
    },
    { step: 'initialize', name: 'countWrites' },
  );
  return counter;
};
