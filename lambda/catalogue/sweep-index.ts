import { createSweepHandler } from './handler';

/** Scheduled (EventBridge) reconciliation of the bucket and the table. */
export const handler = createSweepHandler(process.env);
