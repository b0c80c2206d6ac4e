import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * AppSync hands out a DynamoDB Query's or Scan's `nextToken` sealed: an opaque string that
 * carries nothing a reader can use (no table keys, no owner's id), and refuses one that
 * was altered with `Invalid pagination token given.`. The simulator's DynamoDB data source
 * hands out the last evaluated key in plain base64, which puts the person's id and the
 * table's key layout in every page URL. Its Query and Scan are wrapped to seal and open
 * tokens as AppSync does: AES-256-GCM under a key the stack keeps, so a page URL still
 * works after a restart.
 */
const VERSION = 2;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class InvalidPageToken extends Error {
  // The simulator reports a data source error as `DynamoDB:<name>`, as AppSync does.
  override name = 'UserIllegalArgument';
  constructor() {
    super('Invalid pagination token given.');
  }
}

export const pageTokenSeal = (key: Buffer) => {
  if (key.length !== 32) throw new Error('A page token key is 32 bytes.');
  return {
    seal: (plain: string): string => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const token = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
      return Buffer.from(JSON.stringify({ version: VERSION, token })).toString('base64');
    },
    open: (sealed: string): string => {
      try {
        const outer = JSON.parse(Buffer.from(sealed, 'base64').toString('utf8')) as { version?: unknown; token?: unknown };
        if (outer.version !== VERSION || typeof outer.token !== 'string') throw new InvalidPageToken();
        const bytes = Buffer.from(outer.token, 'base64');
        if (bytes.length <= IV_BYTES + TAG_BYTES) throw new InvalidPageToken();
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new InvalidPageToken();
      }
    },
  };
};

interface PagedCall {
  nextToken?: string | null;
}
interface PagedAnswer {
  nextToken?: string | null;
}
type Paged = (this: unknown, payload: PagedCall) => Promise<PagedAnswer>;

/** Every key a stack in this process sealed with: tests start several stacks in one process. */
const keys: Buffer[] = [];

/** Wraps the simulator's DynamoDB Query and Scan so their tokens are sealed; once per process. */
export const sealPageTokensAsAppSyncDoes = (key: Buffer): void => {
  const first = keys.length === 0;
  if (!keys.some((known) => known.equals(key))) keys.push(key);
  if (!first) return;
  const loaderPath = createRequire(__filename).resolve('@aws-amplify/amplify-appsync-simulator/lib/data-loader/dynamo-db');
  const { DynamoDBDataLoader } = createRequire(loaderPath)(loaderPath) as {
    DynamoDBDataLoader: { prototype: Record<'query' | 'scan', Paged> };
  };
  const seal = (plain: string) => pageTokenSeal(keys[0]).seal(plain);
  const open = (sealed: string) => {
    for (const known of keys.slice(0, -1)) {
      try {
        return pageTokenSeal(known).open(sealed);
      } catch {
        // Sealed under another stack's key, or not at all: the last key decides.
      }
    }
    return pageTokenSeal(keys.at(-1)!).open(sealed);
  };
  const prototype = DynamoDBDataLoader.prototype;
  for (const name of ['query', 'scan'] as const) {
    const plain = prototype[name];
    prototype[name] = async function (this: unknown, payload: PagedCall) {
      const answer = await plain.call(this, { ...payload, nextToken: payload.nextToken ? open(payload.nextToken) : payload.nextToken });
      return { ...answer, nextToken: answer.nextToken ? seal(answer.nextToken) : answer.nextToken };
    };
  }
};
