import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ownerIdentifierKey } from '../../contract/accounts/identifier-keys';
import type { LabelledAccount } from '../../contract/accounts/match';
import { TABLE_KEYS, arrivedKey, mailInboxKey, statementKey } from '../../contract/keys';
import { LAMBDA_ENV } from '../../contract/lambda-env';
import { READING_BUDGET_MS, readingDeadline } from '../../contract/reading/deadline';
import { offeredPeriod } from '../../contract/reading/period-question';
import { lambdaInvokeAsync } from '../shared/lambda-invoke';
import { required, type HandlerEnvironment } from '../shared/environment';
import type { Log } from '../shared/log';
import { dynamoMailAddresses } from '../shared/mail/addresses';
import { dynamoMailArrivals, type MailArrivals } from '../shared/mail/arrivals';
import { encodeStatementMetadata } from '../shared/metadata';
import { once } from '../shared/once';
import { dynamoRecordStore } from '../shared/records';
import { dynamoPdfPasswords } from '../shared/records/pdf-passwords';
import { IDENTIFIER_KEYS_ATTRIBUTE } from '../shared/records/summaries';
import { OwnerClosing, conditionFailed, ownerStillOpen, pk, sk, tableAccess } from '../shared/records/table';
import { createDynamoDbClient, createS3Client, type AwsAccess } from '../shared/runtime';
import { readSecretWith } from '../shared/secrets';
import type { FileArrivalEvent } from './arrival-event';
import { fileArrival, type ArrivalFilingOutcome, type ArrivalFilingPorts } from './arrival-filing';
import { mailFilingPort, mailStatementId, type Arrival, type MailFilingPorts } from './file-port';
import { mailPdfText, mailWorkbookRows } from './readers';
import type { MailIntakeDeps, MailSummary } from './intake';
import type { MailSkip } from './statement-files';

/** The person's accounts as matching sees them: each summary's label, the identifier keys its statements named, and its institution. */
const accountsOf =
  (access: ReturnType<typeof tableAccess>) =>
  async (owner: string): Promise<LabelledAccount[]> => {
    const accounts: LabelledAccount[] = [];
    for await (const item of access.queryAll({
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': pk, '#sk': sk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner), ':prefix': TABLE_KEYS.accountSortPrefix },
    })) {
      if (Number(item.count ?? 0) <= 0 || typeof item.label !== 'string') continue;
      const keys = item[IDENTIFIER_KEYS_ATTRIBUTE];
      accounts.push({
        label: item.label,
        identifierKeys: keys instanceof Set ? [...keys].map(String) : null,
        ...(typeof item.institution === 'string' ? { institution: item.institution } : {}),
      });
    }
    return accounts;
  };

/** What a person reads of a mail: never its body, only who sent it, its subject and when (cleaned by the intake). */
const mailRecord = (mail: MailSummary) => ({
  messageId: mail.messageId,
  from: mail.from,
  subject: mail.subject,
  receivedAt: mail.receivedAt,
});

/** A waiting file's record, once its bytes are stored: what the person reads of it, until its time is up. */
export const recordArrival = (arrivals: MailArrivals, owner: string, arrival: Arrival): Promise<void> => {
  const { account } = arrival.proposal;
  // The month its name offers is put in the filing form for the person to confirm; the reason asks it.
  const period = offeredPeriod(arrival.proposal);
  const { messageId, ...mail } = mailRecord(arrival.mail);
  return arrivals.record(
    owner,
    {
      id: arrival.statementId,
      fileName: arrival.fileName,
      contentType: arrival.contentType,
      size: arrival.bytes.length,
      reason: arrival.reason,
      // What was read, each with where from (the store keeps just those two).
      ...(period ? { period } : {}),
      ...(account ? { account } : {}),
      mail,
      expiresAt: arrival.expiresAt,
    },
    messageId,
  );
};

/** The mail function's ports on S3 and DynamoDB, made at the first invocation (handler.ts). */
export const mailIntakeOf = (
  settings: HandlerEnvironment,
  access: AwsAccess,
  log: Log,
): MailIntakeDeps & { fileArrival(event: FileArrivalEvent): Promise<ArrivalFilingOutcome> } => {
  const domain = required(settings.mailDomain, LAMBDA_ENV.mailDomain);
  const s3: S3Client = createS3Client(access);
  const dynamo: DynamoDBClient = createDynamoDbClient(access);
  const table = tableAccess(settings.tableName, dynamo);
  const records = dynamoRecordStore(settings.tableName, dynamo);
  const pdfPasswords = dynamoPdfPasswords(settings.tableName, dynamo);
  const addresses = dynamoMailAddresses(settings.tableName, dynamo);
  const identifierSecret = once(() => readSecretWith(access)(required(settings.identifierSecretArn, LAMBDA_ENV.identifierSecretArn)));
  const bucket = settings.bucketName;

  // A note for an account being closed is not kept: no one is left to read it.
  const keepOut = async (owner: string, mail: MailSummary, reason: string, skipped: readonly MailSkip[], more: number) => {
    try {
      await table.transact([
        ownerStillOpen(settings.tableName, owner),
        {
          Put: {
            TableName: settings.tableName,
            Item: {
              [pk]: TABLE_KEYS.userPartition(owner),
              [sk]: TABLE_KEYS.mailNoteSort(mail.receivedAt, mail.messageId),
              ...mailRecord(mail),
              reason,
              skipped: skipped.map((skip) => ({ fileName: skip.fileName, reason: skip.reason })),
              ...(more > 0 ? { more } : {}),
            },
          },
        },
      ]);
    } catch (error) {
      if (!conditionFailed(error, 0)) throw error;
    }
  };

  const arrivals = dynamoMailArrivals(settings.tableName, dynamo);
  const arrive = async (owner: string, arrival: Arrival) => {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: arrivedKey(owner, arrival.statementId),
        Body: arrival.bytes,
        ContentType: arrival.contentType,
      }),
    );
    await recordArrival(arrivals, owner, arrival);
  };

  const reading: Pick<
    MailFilingPorts,
    'ownerKey' | 'pdfText' | 'pdfPasswords' | 'workbookRows' | 'deadline' | 'filedBefore' | 'waiting' | 'waitingTotals' | 'store'
  > = {
    ownerKey: async (owner) => ownerIdentifierKey(await identifierSecret(), owner),
    pdfText: mailPdfText,
    pdfPasswords: (owner) => pdfPasswords.all(owner),
    workbookRows: mailWorkbookRows,
    deadline: () => readingDeadline(settings.readingBudgetMs ?? READING_BUDGET_MS),
    filedBefore: async (owner, statementId) => {
      if (await records.getStatement(owner, statementId)) return 'filed';
      return (await records.holdsPlace(owner, statementId)) ? 'held' : undefined;
    },
    waiting: (owner, statementId) => arrivals.waiting(owner, statementId),
    waitingTotals: (owner) => arrivals.waitingTotals(owner),
    store: async (statement) => {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: statementKey(statement.owner, statement.statementId),
          Body: statement.bytes,
          ContentType: statement.contentType,
          ChecksumSHA256: statement.checksum,
          Metadata: encodeStatementMetadata({ ...statement.metadata, checksum: statement.checksum }),
        }),
      );
    },
  };
  const invokeAsync = access.invokeAsync ?? lambdaInvokeAsync(access);
  const notifier = settings.notifierFunctionName;
  const file = mailFilingPort({
    ...reading,
    accounts: accountsOf(table),
    heldFiling: (owner, statementId) => records.heldFiling(owner, statementId),
    reserve: (owner, statementId, size, expiresAt, filing) => records.reserveUpload(owner, statementId, size, expiresAt, filing),
    // A waiting file's record is refused once the account's deletion has begun: its bytes go with it.
    arrive: (owner, arrival) =>
      arrive(owner, arrival).catch(async (error: unknown) => {
        if (error instanceof OwnerClosing)
          await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: arrivedKey(owner, arrival.statementId) }));
        throw error;
      }),
    now: () => new Date(),
  });
  const arrivalFiling: ArrivalFilingPorts = {
    ...reading,
    holdFor: (owner, statementId, filing) => records.holdFor(owner, statementId, filing),
    readWaiting: async (owner, statementId) => {
      const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: arrivedKey(owner, statementId) }));
      return answer.Body!.transformToByteArray();
    },
    removeWaiting: async (owner, statementId) => {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: arrivedKey(owner, statementId) }));
      await arrivals.discard(owner, statementId);
    },
    log,
  };

  return {
    domain,
    ownerOf: (token) => addresses.ownerOf(token),
    readMessage: async (messageId) => {
      const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: mailInboxKey(messageId) }));
      return answer.Body!.transformToByteArray();
    },
    deleteMessage: async (messageId) => {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: mailInboxKey(messageId) }));
    },
    file,
    // The notifier tells the person's devices, once a mail: this function, which reads what strangers send, holds no push key.
    ...(notifier
      ? {
          announceWaiting: (owner: string, mail: MailSummary, indexes: readonly number[]) => {
            const statementIds = indexes.map((index) => mailStatementId(mail.messageId, index, mail.receivedAt));
            return invokeAsync(notifier, { kind: 'arrivalWaiting', owner, statementIds }).catch((error: Error) =>
              log.warn('waiting files not told', { messageId: mail.messageId, errorName: error.name }),
            );
          },
        }
      : {}),
    keepOut,
    log,
    fileArrival: fileArrival(arrivalFiling),
  };
};
