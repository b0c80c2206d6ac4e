import type { Statement } from '../../contract';
import { createSweep } from '../../lambda/catalogue/sweep';
import { encodeStatementMetadata } from '../../lambda/shared/metadata';
import type { RecordStore } from '../../lambda/shared/records';
import { capturingLog, memoryObjects } from './lambda-fakes';

/**
 * The catalogue sweep over a bucket (in memory) that holds exactly these statements'
 * files, each with the metadata its upload signed, and the given record store.
 */
export const sweepOver = (records: RecordStore, statements: readonly Statement[]) => {
  const objects = memoryObjects();
  for (const one of statements)
    objects.objects.set(one.key, {
      contentType: one.contentType,
      size: one.size,
      metadata: encodeStatementMetadata({ fileName: one.fileName, accountLabel: one.accountLabel, period: one.period }),
      lastModified: one.uploadedAt,
    });
  return { objects, sweep: createSweep({ objects, versions: objects, records, log: capturingLog() }) };
};
