import { createAccountDeletionHandler } from './handler';

/** The account deletion worker: started by the statements API, and on a schedule to resume stalled jobs. */
export const handler = createAccountDeletionHandler(process.env);
