import { createScanResultsHandler } from './handler';

/** The scan-result function's entry: GuardDuty Malware Protection verdicts from EventBridge. */
export const handler = createScanResultsHandler(process.env);
