import { STATEMENT_STATUS, type Statement } from '../../contract/entities';
import { SUB_PATTERN } from '../../contract/keys';
import { enterBalancesRequestSchema, renameAccountRequestSchema, statementEditRequestSchema } from '../../contract/api';
import type { AccountSummary } from '../../contract/graphql-schema.generated';
import type { Log } from '../shared/log';
import type { RecordStore, StatementChange } from '../shared/records';
import type { SearchIndex } from '../shared/search/index-store';

/**
 * What AppSync hands the resolver: the caller's `sub` from the verified token (never the
 * client's word) and the mutation's input, unparsed.
 */
export interface StatementEditEvent {
  /** `renameAccount` for a rename, `enterBalances` for a statement's days and money; the statements' edit otherwise. */
  field?: string;
  owner: string;
  input: unknown;
  requestId?: string;
}

/**
 * The mutation's answer: the statements as they are now, and the ids the caller has no
 * statement for (another person's id reads exactly as one that does not exist). Bad input
 * is an `error` the resolver raises as GraphQL's error, so nothing is half-changed by it.
 */
export type StatementEditResult =
  { edited: Statement[]; notFound: string[] } | { error: { type: 'BadRequest' | 'Unauthorized'; message: string } };

/** Statements edited at once: each is its own transaction; a few in parallel, as summaries of one account contend. */
const PARALLEL_EDITS = 4;

export const createStatementEdits =
  (deps: { records: RecordStore; log: Log; /** @default none kept */ search?: SearchIndex }) =>
  async (event: StatementEditEvent): Promise<StatementEditResult> => {
    if (typeof event.owner !== 'string' || !SUB_PATTERN.test(event.owner))
      return { error: { type: 'Unauthorized', message: 'A signed-in user is required.' } };
    const parsed = statementEditRequestSchema.safeParse(event.input);
    if (!parsed.success) return { error: { type: 'BadRequest', message: parsed.error.issues.map((issue) => issue.message).join('; ') } };
    const { ids, fileName, accountLabel, period } = parsed.data;
    const change: StatementChange = {
      ...(fileName != null ? { fileName } : {}),
      ...(accountLabel != null ? { accountLabel } : {}),
      ...(period != null ? { period } : {}),
    };
    // Its postings follow the new filing (its content's stay); the sweep writes any a failure here leaves.
    const reindexed = async (statement: Statement | undefined) => {
      if (statement?.status === STATEMENT_STATUS.available) await deps.search?.write(statement);
      return statement;
    };
    const results = new Map<string, Statement | undefined>();
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_EDITS, ids.length) }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift())
          results.set(id, await reindexed(await deps.records.editStatement(event.owner, id, change)));
      }),
    );
    const edited = ids.flatMap((id) => results.get(id) ?? []);
    const notFound = ids.filter((id) => !results.get(id));
    deps.log.info('statements edited', { edited: edited.length, notFound: notFound.length, fields: Object.keys(change).join(',') });
    return { edited, notFound };
  };

/** A rename's answer: the account as it is now, null for no account of the caller's, or why not. */
export type AccountRenameResult = AccountSummary | null | { error: { type: 'BadRequest' | 'Unauthorized'; message: string } };

/**
 * Renames one of the caller's accounts: its key, statements, details, schedule and shares
 * stay; the name files under it from then on. Another account of theirs already going by
 * the name is a BadRequest that says how to merge them instead.
 */
export const createAccountRename =
  (deps: { records: Pick<RecordStore, 'renameAccount'>; log: Log }) =>
  async (event: StatementEditEvent): Promise<AccountRenameResult> => {
    if (typeof event.owner !== 'string' || !SUB_PATTERN.test(event.owner))
      return { error: { type: 'Unauthorized', message: 'A signed-in user is required.' } };
    const parsed = renameAccountRequestSchema.safeParse(event.input);
    if (!parsed.success) return { error: { type: 'BadRequest', message: parsed.error.issues.map((issue) => issue.message).join('; ') } };
    const { accountKey, label } = parsed.data;
    const outcome = await deps.records.renameAccount(event.owner, accountKey, label);
    deps.log.info('account renamed', { outcome: typeof outcome === 'string' ? outcome : 'renamed' });
    if (outcome === 'gone') return null;
    if (outcome === 'taken')
      return {
        error: {
          type: 'BadRequest',
          message: `Another of your accounts goes by ${label.trim()}. To make them one, file this one's statements under it.`,
        },
      };
    return outcome.account;
  };

/** An entry's answer: the statement as it is now, null for no statement of the caller's, or why not. */
export type BalancesEntryResult = Statement | null | { error: { type: 'BadRequest' | 'Unauthorized'; message: string } };

/**
 * Sets what the caller enters or corrects of one of their statements' days and money: each
 * value given becomes theirs (and says so), null clears one, the rest stay. Another
 * person's id reads as one that does not exist.
 */
export const createBalancesEntry =
  (deps: { records: Pick<RecordStore, 'enterBalances'>; log: Log }) =>
  async (event: StatementEditEvent): Promise<BalancesEntryResult> => {
    if (typeof event.owner !== 'string' || !SUB_PATTERN.test(event.owner))
      return { error: { type: 'Unauthorized', message: 'A signed-in user is required.' } };
    const parsed = enterBalancesRequestSchema.safeParse(event.input);
    if (!parsed.success) return { error: { type: 'BadRequest', message: parsed.error.issues.map((issue) => issue.message).join('; ') } };
    const { id, ...change } = parsed.data;
    const statement = await deps.records.enterBalances(event.owner, id, change);
    deps.log.info('balances entered', { found: statement !== undefined, fields: Object.keys(change).join(',') });
    return statement ?? null;
  };
