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
