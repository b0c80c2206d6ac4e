import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { dynamoClient, ensureTable, startDynamoDbLocal } from '../../../local/dynamodb';
import { freePort } from '../../../local/ports';

export interface LocalTable {
  name: string;
  client: DynamoDBClient;
  documents: DynamoDBDocumentClient;
}

/**
 * A table of the product's layout on AWS's own DynamoDB Local, for the suite that calls
 * this: started before its tests, stopped and removed after them. Read its fields in tests.
 */
export const useLocalTable = (name: string): LocalTable => {
  const table = { name } as LocalTable;
  let dataDir: string;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vault-${name}-`));
    const port = await freePort();
    const dynamo = await startDynamoDbLocal({ port, directory: path.join(dataDir, 'dynamodb') });
    stop = () => dynamo.stop();
    table.client = dynamoClient(port);
    await ensureTable(table.client, name);
    table.documents = DynamoDBDocumentClient.from(table.client);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return table;
};
