import { createEdgeLogRetentionHandler } from './handler';

/** Gives the Lambda@Edge function's log group in every region the retention the stack's logs have, on a schedule. */
export const handler = createEdgeLogRetentionHandler(process.env);
