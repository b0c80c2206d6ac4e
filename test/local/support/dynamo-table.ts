import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { dynamoClient, ensureTable } from '../../../local/dynamodb';
import { sharedStack } from './shared-stack';

export interface LocalTable {
  name: string;
  client: DynamoDBClient;
  documents: DynamoDBDocumentClient;
}

/**
 * A table of the product's layout on AWS's own DynamoDB Local, for the suite that calls
 * this: made before its tests, deleted after them. It lives in the DynamoDB Local of this
 * worker's shared stack, under a name no other suite has, so suites keep apart by table,
 * not by Java processes (a DynamoDB Local start is seconds of CPU). The account's own
 * credentials pass the stack's IAM front unchecked, as an account's root does on AWS.
 * Read its fields in tests.
 */
export const useLocalTable = (name: string): LocalTable => {
  const table = { name: `${name}-${randomBytes(4).toString('hex')}` } as LocalTable;
  beforeAll(async () => {
    const stack = await sharedStack();
    table.client = dynamoClient(stack.ports.dynamodb);
    await ensureTable(table.client, table.name);
    table.documents = DynamoDBDocumentClient.from(table.client);
  }, 90_000);
  afterAll(async () => {
    await table.client?.send(new DeleteTableCommand({ TableName: table.name }));
    table.client?.destroy();
  });
  return table;
};
