import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { STATEMENT_ROUTES, TABLE_KEYS } from '../../../contract';
import { dynamoClient } from '../../../local/dynamodb';
import type { MailArrival } from '../../../contract/mail';
import type { MailVerdicts } from '../../../local/mail-verdicts';
import { HOST, LOCAL_IDS, dataPaths } from '../../../local/settings';
import { STATEMENTS, apollo } from './graphql';
import { callApi } from './rest';
import { waitFor, type StackProcess } from './stack-process';
import type { TestUser } from './users';

const SEND = path.join(__dirname, '..', '..', 'support', 'send-mail.py');

/** What a sent message says of its sender, where not Harbor Bank's (send-mail.py). */
export interface SendOptions {
  /** The From header (several mailboxes, comma separated). */
  from?: string;
  /** The envelope sender (MAIL FROM), whose domain SPF judges. */
  envelopeFrom?: string;
  /** Headers the sender writes above the message's own (`Name: value`). */
  headers?: string[];
  /** A message written before (test/support/mail-shapes.py), sent as it is in place of one made here. */
  eml?: string;
}

/** send-mail.py's command line for one message. */
const sendArguments = (stack: StackProcess, to: string, subject: string, files: string[], options: SendOptions) => [
  SEND,
  HOST,
  String(stack.ports.mail),
  to,
  subject,
  ...files,
  ...(options.from ? ['--from', options.from] : []),
  ...(options.envelopeFrom ? ['--envelope-from', options.envelopeFrom] : []),
  ...(options.headers ?? []).flatMap((header) => ['--header', header]),
  ...(options.eml ? ['--eml', options.eml] : []),
];

/** Sends a message with Python's smtplib to the stack's SMTP server; its answer, or the refusal. */
export const sendMail = (stack: StackProcess, to: string, subject: string, files: string[], options: SendOptions = {}) =>
  spawnSync('python3', sendArguments(stack, to, subject, files, options), { encoding: 'utf8' });

/** sendMail without waiting for it: the test goes on while smtplib sends (several at once, each its own connection). */
export const sendMailMeanwhile = (stack: StackProcess, to: string, subject: string, files: string[], options: SendOptions = {}) =>
  promisify(execFile)('python3', sendArguments(stack, to, subject, files, options), { encoding: 'utf8' });

/**
 * Sets the SPF, DKIM and DMARC verdicts the local SES gives the messages it takes from now on
 * (a setting of the stack in its data folder, local/mail-verdicts.ts); none: GRAY, as it starts.
 */
export const setMailVerdicts = (stack: StackProcess, verdicts?: Partial<MailVerdicts>): void => {
  const file = dataPaths(stack.dataDir).mailVerdicts;
  if (verdicts) fs.writeFileSync(file, JSON.stringify(verdicts));
  else fs.rmSync(file, { force: true });
};

/** A new private address for a person, from the statements API. */
export const newMailAddress = async (stack: StackProcess, user: TestUser): Promise<string> => {
  const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.newMailAddress, { token: user.idToken });
  if (answer.status !== 201) throw new Error(`a mail address: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.address;
};

/** A person's files waiting in Arrived, once there are at least `count`. */
export const waitingFiles = (stack: StackProcess, user: TestUser, count: number): Promise<MailArrival[]> =>
  waitFor(async () => {
    const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: user.idToken });
    const arrived = (answer.body?.arrived ?? []) as MailArrival[];
    return arrived.length >= count ? arrived : undefined;
  }, `${count} files waiting in Arrived`);

/** The items of a person's partition whose sort key begins so, read from the stack's DynamoDB Local. */
export const partitionItems = async (stack: StackProcess, user: TestUser, prefix: string) =>
  (
    await DynamoDBDocumentClient.from(dynamoClient(stack.ports.dynamodb)).send(
      new QueryCommand({
        TableName: LOCAL_IDS.tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
        ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(user.sub), ':prefix': prefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** A person's statements as the GraphQL list answers them (the first 100). */
export const listedStatements = async (stack: StackProcess, user: TestUser) =>
  (
    (await apollo(stack.config, { token: user.idToken }).query({ query: STATEMENTS, variables: { limit: 100 }, fetchPolicy: 'no-cache' }))
      .data as {
      statements: {
        items: { id: string; fileName: string; accountLabel: string; period: string; size: number; arrivedByMail: boolean | null }[];
      };
    }
  ).statements.items;
