import type { S3EventRecord } from 'aws-lambda';
import { PROFILE_IMAGE_PREFIX, STATEMENT_PREFIX, parseKey, statementKey } from '../../contract';
import { catalogueRecord, type CatalogueDeps } from './core';

export interface SweepReport {
  objects: number;
  catalogued: number;
  refused: number;
  recordsWithoutFile: number;
}

const created = (key: string): S3EventRecord =>
  ({
    eventName: 'ObjectCreated:Put',
    eventTime: new Date().toISOString(),
    s3: { object: { key: encodeURIComponent(key).replace(/%2F/g, '/') } },
  }) as unknown as S3EventRecord;

/**
 * Reconciles the table with the bucket when an S3 event was lost (a crash between the
 * upload and the catalogue, an exhausted retry): every object gets the record the
 * catalogue would have written (or is removed if it breaks the contract), and every
 * statement record whose file is gone is deleted. Each step is the catalogue's own,
 * so running it twice changes nothing.
 */
export const createSweep = (deps: CatalogueDeps) => async (): Promise<SweepReport> => {
  const report: SweepReport = { objects: 0, catalogued: 0, refused: 0, recordsWithoutFile: 0 };
  for await (const key of deps.objects.list(STATEMENT_PREFIX)) {
    report.objects++;
    const parsed = parseKey(key);
    // Only files without a record need the catalogue; the rest are already in step.
    if (parsed?.kind === 'statement' && (await deps.records.getStatement(parsed.owner, parsed.statementId))) continue;
    const outcome = await catalogueRecord(deps, created(key));
    if (outcome === 'catalogued') report.catalogued++;
    if (outcome === 'refused') report.refused++;
  }
  for await (const key of deps.objects.list(PROFILE_IMAGE_PREFIX)) {
    report.objects++;
    await catalogueRecord(deps, created(key));
  }
  for await (const { owner, id } of deps.records.listStatements()) {
    if (!(await deps.objects.head(statementKey(owner, id)))) {
      await deps.records.deleteStatement(owner, id);
      report.recordsWithoutFile++;
    }
  }
  deps.log.info('sweep done', { ...report });
  return report;
};
