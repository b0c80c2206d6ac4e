import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '../../../contract/keys';
import { MAIL_TOKEN_PATTERN } from '../../../contract/mail';
import { updateOpenProfile } from '../records/profile';
import { conditionFailed, OwnerClosing, ownerStillOpen, pk, profileKey, sk, tableAccess } from '../records/table';

/** Who holds a private mail address, and whom they take mail from. */
export interface MailOwner {
  readonly sub: string;
  /** Senders (addresses, or `@domain` for a whole domain) whose mail is taken; any when absent. */
  readonly allowedSenders?: readonly string[];
}

/**
 * People's private mail addresses (contract/mail.ts): the owner's profile names the token
 * it has now, and one item per token (`MAIL#token`) names its owner, so mail is matched to
 * a person with one read and never by a scan.
 */
export interface MailAddresses {
  /** The token of the owner's address now, if they have one. */
  tokenOf(owner: string): Promise<string | undefined>;
  /**
   * Gives the owner an address with this token, retiring the one they had in the same
   * transaction: from then on mail to the old one is dropped as mail to no one. `taken`
   * when another address has the token (a new random one is then drawn); `changed` when
   * the owner's address changed since it was read (a second tab), which the caller reads again.
   */
  replace(owner: string, token: string, previous: string | undefined, at: string): Promise<'done' | 'taken' | 'changed'>;
  /** The owner's address token, if any, and whom they take mail from (none: anyone), in one read. */
  mailOf(owner: string): Promise<{ token?: string; senders: string[] }>;
  /** Sets whom the owner takes mail from; throws OwnerClosing when their account is being closed. */
  setSenders(owner: string, senders: readonly string[], at: string): Promise<void>;
  /** Who holds a token now, if anyone, and whom they take mail from. */
  ownerOf(token: string): Promise<MailOwner | undefined>;
  /** Removes a token's item (its owner's account is being closed): mail to it is then mail to no one. */
  retire(token: string): Promise<void>;
}

const MAIL_TOKEN = 'mailToken';
/** On the profile, so the list outlives any one address. */
const MAIL_SENDERS_ATTRIBUTE = 'mailSenders';

const mailKey = (token: string) => ({ [pk]: TABLE_KEYS.mailPartition(token), [sk]: TABLE_KEYS.mailSort });

export const dynamoMailAddresses = (tableName: string, client: DynamoDBClient): MailAddresses => {
  const { documents, transact } = tableAccess(tableName, client);
  const profileMail = async (owner: string): Promise<{ token?: string; senders: string[] }> => {
    const { Item } = await documents.send(
      new GetCommand({
        TableName: tableName,
        Key: profileKey(owner),
        ProjectionExpression: '#token, #senders',
        ExpressionAttributeNames: { '#token': MAIL_TOKEN, '#senders': MAIL_SENDERS_ATTRIBUTE },
        ConsistentRead: true,
      }),
    );
    const token = Item?.[MAIL_TOKEN];
    const senders = Item?.[MAIL_SENDERS_ATTRIBUTE];
    return {
      ...(typeof token === 'string' && MAIL_TOKEN_PATTERN.test(token) ? { token } : {}),
      senders: Array.isArray(senders) ? senders.map(String) : [],
    };
  };
  const tokenOf = async (owner: string) => (await profileMail(owner)).token;
  return {
    tokenOf,
    mailOf: profileMail,
    async setSenders(owner, senders, at) {
      const outcome = await updateOpenProfile({ tableName, transact }, owner, at, {
        set: ', #senders = :senders',
        names: { '#senders': MAIL_SENDERS_ATTRIBUTE },
        values: { ':senders': [...senders] },
      });
      if (outcome === 'closing') throw new OwnerClosing();
    },
    async replace(owner, token, previous, at) {
      try {
        await transact([
          {
            Update: {
              TableName: tableName,
              Key: profileKey(owner),
              UpdateExpression: 'SET userId = :owner, updatedAt = :at, #token = :token',
              ConditionExpression: previous === undefined ? 'attribute_not_exists(#token)' : '#token = :previous',
              ExpressionAttributeNames: { '#token': MAIL_TOKEN },
              ExpressionAttributeValues: { ':owner': owner, ':at': at, ':token': token, ...(previous ? { ':previous': previous } : {}) },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...mailKey(token), owner, createdAt: at },
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': pk },
            },
          },
          ownerStillOpen(tableName, owner),
          ...(previous ? [{ Delete: { TableName: tableName, Key: mailKey(previous) } }] : []),
        ]);
        return 'done';
      } catch (error) {
        if (conditionFailed(error, 0)) return 'changed';
        if (conditionFailed(error, 1)) return 'taken';
        if (conditionFailed(error, 2)) throw new OwnerClosing();
        throw error;
      }
    },
    async retire(token) {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: mailKey(token) }));
    },
    async ownerOf(token) {
      if (!MAIL_TOKEN_PATTERN.test(token)) return undefined;
      const { Item } = await documents.send(new GetCommand({ TableName: tableName, Key: mailKey(token), ConsistentRead: true }));
      if (typeof Item?.owner !== 'string') return undefined;
      // The owner's profile must still name the token: an account closed (its partition
      // emptied) or a token retired by a write that raced this read holds no address.
      const profile = await profileMail(Item.owner);
      if (profile.token !== token) return undefined;
      return { sub: Item.owner, ...(profile.senders.length > 0 ? { allowedSenders: profile.senders } : {}) };
    },
  };
};
