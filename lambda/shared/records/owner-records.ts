import { TABLE_KEYS } from '../../../contract/keys';
import type { DeletedStatement } from '../../../contract/entities';
import type { OwnerRecords, RecordStore } from './port';
import { COVERAGE_IDS, IDENTIFIER_KEYS_ATTRIBUTE } from './summaries';
import { IDENTIFIERS_HIDDEN, INDEXED, LISTED, ORDERED, PURGING, pk, quotaOf, sk, stripKeys, versionOf, type TableAccess } from './table';

/** A string set's members, sorted (none when the attribute is absent). */
const setOf = (value: unknown): string[] => (value instanceof Set ? [...(value as Set<string>)].sort() : []);

/** What the table holds for one owner, in one partition's order (the sweep's reading). */
export const ownerRecords = ({ queryAll }: TableAccess): Pick<RecordStore, 'ownerRecords'> => ({
  async ownerRecords(owner) {
    const records: OwnerRecords = {
      statementIds: [],
      statements: [],
      uploads: [],
      deleted: [],
      summaries: { accounts: new Map(), periods: new Map(), coverage: new Map() },
      // Without a QUOTA item the owner has no statement: the lists read in order.
      listsOrdered: true,
    };
    const identifiersHidden = new Set<string>();
    // One partition, in sort-key order: the summaries, PROFILE and QUOTA, then STATEMENT#{ulid}, TRASH#{ulid} and UPLOAD#{ulid}.
    const items = queryAll({
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': pk },
      ExpressionAttributeValues: { ':pk': TABLE_KEYS.userPartition(owner) },
    });
    for await (const item of items) {
      const sortKey = String(item[sk]);
      if (item[IDENTIFIERS_HIDDEN] === true) identifiersHidden.add(String(item.id));
      const totals = { count: Number(item.count ?? 0), bytes: Number(item.bytes ?? 0) };
      if (sortKey === TABLE_KEYS.profileSort && typeof item.avatarKey === 'string') records.avatarKey = item.avatarKey;
      else if (sortKey === TABLE_KEYS.quotaSort) {
        records.summaries.quota = { ...quotaOf(item), ...versionOf(item) };
        records.listsOrdered = item[ORDERED] === true;
      } else if (sortKey.startsWith(TABLE_KEYS.accountSortPrefix)) {
        records.summaries.accounts.set(sortKey.slice(TABLE_KEYS.accountSortPrefix.length), {
          ...totals,
          ...versionOf(item),
          label: String(item.label ?? ''),
          identifierKeys: setOf(item[IDENTIFIER_KEYS_ATTRIBUTE]),
        });
      } else if (sortKey.startsWith(TABLE_KEYS.coverageSortPrefix)) {
        records.summaries.coverage.set(sortKey, { ...totals, ...versionOf(item), ids: setOf(item[COVERAGE_IDS]) });
      } else if (sortKey.startsWith(TABLE_KEYS.periodSortPrefix)) {
        records.summaries.periods.set(sortKey.slice(TABLE_KEYS.periodSortPrefix.length), { ...totals, ...versionOf(item) });
      } else if (sortKey.startsWith(TABLE_KEYS.statementSortPrefix)) {
        records.statementIds.push(sortKey.slice(TABLE_KEYS.statementSortPrefix.length));
        records.statements.push({
          ...stripKeys(item),
          listed: item[LISTED] === true,
          ordered: item[ORDERED] === true,
          indexed: item[INDEXED] !== undefined,
        });
      } else if (sortKey.startsWith(TABLE_KEYS.trashSortPrefix)) {
        const { [PURGING]: purging, ...deleted } = item;
        records.deleted.push({ ...(stripKeys(deleted) as DeletedStatement), purging: purging === true });
      } else if (sortKey.startsWith(TABLE_KEYS.uploadSortPrefix)) {
        records.uploads.push({
          statementId: String(item.statementId),
          size: Number(item.size ?? 0),
          expiresAt: String(item.expiresAt ?? ''),
        });
      }
    }
    return { ...records, identifiersHidden };
  },
});
