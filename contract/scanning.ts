import { STATEMENT_STATUS, type StatementStatus } from './entities';
import { formatDateTime } from './format';

/**
 * Malware scanning of every uploaded file. On AWS, GuardDuty Malware Protection for S3
 * scans each new object under the product's prefixes, tags it with its verdict and
 * publishes the result to EventBridge; the bucket policy refuses GetObject of any object
 * not tagged clean. Locally, ClamAV scans the same objects and the local stack tags them
 * and sends the same event. A statement is listed as SCANNING until its verdict arrives,
 * AVAILABLE (downloadable) only when clean, and QUARANTINED when a threat was found or the
 * file could not be scanned.
 */
export const MALWARE_SCAN = {
  /** The tag GuardDuty puts on each scanned object. */
  tagKey: 'GuardDutyMalwareScanStatus',
  /** The one verdict that makes a file readable. */
  clean: 'NO_THREATS_FOUND',
  threatsFound: 'THREATS_FOUND',
  /** The EventBridge event of a finished scan. */
  eventSource: 'aws.guardduty',
  eventDetailType: 'GuardDuty Malware Protection Object Scan Result',
  /** The service that assumes the scanning role. */
  servicePrincipal: 'malware-protection-plan.guardduty.amazonaws.com',
} as const;

/** GuardDuty's verdicts (the tag's values and the event's `scanResultStatus`). */
export type ScanVerdict = 'NO_THREATS_FOUND' | 'THREATS_FOUND' | 'UNSUPPORTED' | 'ACCESS_DENIED' | 'FAILED';

/** The part of GuardDuty's scan-result event the product reads. */
export interface ScanResultDetail {
  scanStatus: 'COMPLETED' | 'SKIPPED' | 'FAILED';
  resourceType: 'S3_OBJECT';
  s3ObjectDetails: { bucketName: string; objectKey: string; eTag?: string; versionId?: string };
  scanResultDetails: { scanResultStatus: ScanVerdict; threats?: { name: string }[] | null };
}

/** What a verdict means for a statement, and the words its owner sees. */
export const verdictOutcome = (
  verdict: string | undefined,
  threats: readonly string[] = [],
): { status: StatementStatus; detail?: string } => {
  switch (verdict) {
    case undefined:
      return { status: STATEMENT_STATUS.scanning };
    case MALWARE_SCAN.clean:
      return { status: STATEMENT_STATUS.available };
    case MALWARE_SCAN.threatsFound:
      return {
        status: STATEMENT_STATUS.quarantined,
        detail: threats.length > 0 ? `a threat was found: ${threats.join(', ')}` : 'a threat was found',
      };
    default:
      return { status: STATEMENT_STATUS.quarantined, detail: `it could not be scanned (${verdict})` };
  }
};

/**
 * How long a file may wait for its verdict. A scan takes seconds; a verdict that never comes
 * (a scan lost in a crash, a verdict event lost, a scan that never reported) is asked for
 * again by the sweep, which runs every SWEEP_INTERVAL_MINUTES.
 */
export const SCAN_WAIT = {
  /** Minutes after its upload a file with no verdict is shown as still being checked, with since when. */
  slowAfterMinutes: 2,
  /** Minutes with no verdict after which the sweep asks for the file to be scanned again (and at each run after). */
  rescanAfterMinutes: { aws: 15, local: 1 },
  /** Minutes with no verdict after which a file counts as overdue (metric ScansOverdue, alarmed on). */
  overdueAfterMinutes: 60,
} as const;

/** What a person reads of a file that has no verdict yet, at `now`. */
export const scanWaitWords = (uploadedAt: string, now: Date): string =>
  now.getTime() - Date.parse(uploadedAt) < SCAN_WAIT.slowAfterMinutes * 60_000
    ? 'Scanning for malware…'
    : `Still being checked for malware (since ${formatDateTime(uploadedAt)})`;
