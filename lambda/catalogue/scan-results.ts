import type { EventBridgeEvent } from 'aws-lambda';
import { MALWARE_SCAN, type ScanResultDetail } from '../../contract/scanning';
import { parseKey } from '../../contract/keys';
import { applyScanVerdict, type CatalogueDeps, type Outcome } from './core';

export type ScanResultEvent = EventBridgeEvent<typeof MALWARE_SCAN.eventDetailType, ScanResultDetail>;

/**
 * GuardDuty's verdict on an uploaded file, from its EventBridge event: the statement
 * becomes AVAILABLE when clean and QUARANTINED otherwise; an avatar is shown only when
 * clean. A threat is logged, and counted (the ThreatsFound alarm) where a record takes it. Repeatable: a verdict
 * applied twice changes nothing the second time.
 */
export const createScanResults =
  (deps: CatalogueDeps & { bucketName: string }) =>
  async (event: ScanResultEvent): Promise<Outcome> => {
    const { s3ObjectDetails, scanResultDetails, scanStatus } = event.detail;
    if (s3ObjectDetails?.bucketName !== deps.bucketName) {
      deps.log.warn('scan result for another bucket', { bucketName: s3ObjectDetails?.bucketName });
      return 'ignored';
    }
    // A skipped or failed scan has no verdict of its own: the file is not known to be clean.
    const verdict = scanResultDetails?.scanResultStatus ?? scanStatus ?? 'FAILED';
    const threats = (scanResultDetails?.threats ?? []).map((threat) => threat.name);
    // Counted (ThreatsFound) where a record takes the verdict, whichever function applies it.
    if (verdict === MALWARE_SCAN.threatsFound) deps.log.warn('threat found', { threats: threats.join(', ') });
    const outcome = await applyScanVerdict(deps, s3ObjectDetails.objectKey, { verdict, threats });
    const parsed = parseKey(s3ObjectDetails.objectKey);
    deps.log.info('scan result', { verdict, outcome, ...(parsed?.kind === 'statement' ? { statementId: parsed.statementId } : {}) });
    return outcome;
  };
