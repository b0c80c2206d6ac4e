import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REGION, TABLE_KEYS } from '../contract';
import { spawnGuarded, type Child } from './children';
import { offlineJavaFlags } from './offline';
import { freePort, waitForPort } from './ports';
import { HOST, LOCAL_CREDENTIALS } from './settings';
import { JAVA_HELP, javaProblem } from './system-packages';

const EMULATOR = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

/** `npm start` installs Java first where it can (ensureJava); anything else that starts the stack gets the command. */
const requireJava = (): void => {
  const problem = javaProblem();
  if (problem) throw new Error(`${problem}. ${JAVA_HELP}`);
};

export const dynamoClient = (port: number): DynamoDBClient =>
  new DynamoDBClient({ region: REGION, endpoint: `http://${HOST}:${port}`, credentials: LOCAL_CREDENTIALS });

/** The table the CDK app deploys, with the same keys (from the contract). */
export const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> => {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
    }),
  );
  return 'created';
};

/**
 * An emulator for one person's vault, started often (every `npm start`, every test stack):
 * the quick compiler only, whose code is ready in seconds rather than after minutes of both
 * cores spent optimising, and one garbage collector thread instead of one per core.
 */
const EMULATOR_JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * AWS's own DynamoDB Local (from the npm package amplify-dynamodb-simulator), its data on disk
 * or, with `inMemory`, in the process only (the benches: seeding half a million items to disk
 * takes many minutes of SQLite syncs and measures nothing they report).
 */
export const startDynamoDbLocal = async (input: {
  port: number;
  directory: string;
  inMemory?: boolean;
  onOutput?: (line: string) => void;
}): Promise<Child> => {
  requireJava();
  fs.mkdirSync(input.directory, { recursive: true });
  const child = spawnGuarded(
    'java',
    [
      ...offlineJavaFlags(await freePort()),
      ...EMULATOR_JVM_FLAGS,
      `-Djava.library.path=${path.join(EMULATOR, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(EMULATOR, 'DynamoDBLocal.jar'),
      '-sharedDb',
      ...(input.inMemory ? ['-inMemory'] : ['-dbPath', input.directory]),
      '-port',
      String(input.port),
      '-disableTelemetry',
    ],
    { cwd: EMULATOR, onOutput: input.onOutput },
  );
  try {
    await Promise.race([
      waitForPort(input.port, 30_000, 'DynamoDB Local'),
      new Promise((_, reject) =>
        child.process.once('exit', (code) => reject(new Error(`DynamoDB Local exited with code ${code} while starting`))),
      ),
    ]);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
};
