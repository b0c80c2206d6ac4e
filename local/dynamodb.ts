import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REGION, TABLE_KEYS } from '../contract';
import { spawnGuarded, type Child } from './children';
import { offlineJavaFlags } from './offline';
import { freePort, waitForPort } from './ports';
import { HOST, LOCAL_CREDENTIALS } from './settings';

const EMULATOR = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

export const JAVA_HELP =
  'DynamoDB Local needs Java 17 or newer. On Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`; ' +
  'on macOS: `brew install openjdk@17`; elsewhere: https://adoptium.net';

const requireJava = (): void => {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(`java was not found. ${JAVA_HELP}`);
  const major = Number(/version "(\d+)/.exec(probe.stderr)?.[1] ?? 0);
  if (major < 17) throw new Error(`java ${major} is too old. ${JAVA_HELP}`);
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

/** AWS's own DynamoDB Local (from the npm package amplify-dynamodb-simulator), its data on disk. */
export const startDynamoDbLocal = async (input: { port: number; directory: string; onOutput?: (line: string) => void }): Promise<Child> => {
  requireJava();
  fs.mkdirSync(input.directory, { recursive: true });
  const child = spawnGuarded(
    'java',
    [
      ...offlineJavaFlags(await freePort()),
      `-Djava.library.path=${path.join(EMULATOR, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(EMULATOR, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-dbPath',
      input.directory,
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
