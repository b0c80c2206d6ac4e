import { STATEMENT_STATUS, type Statement } from '../../contract/entities';
import { SUB_PATTERN } from '../../contract/keys';
import { statementEditRequestSchema } from '../../contract/api';
import type { Log } from '../shared/log';
import type { RecordStore, StatementChange } from '../shared/records';
import type { SearchIndex } from '../shared/search/index-store';

/**
 * What AppSync hands the resolver: the caller's `sub` from the verified token (never the
 * client's word) and the mutation's input, unparsed.
 */
export interface StatementEditEvent {
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
