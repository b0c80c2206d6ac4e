import { createRemindersHandler } from './handler';

/** Scheduled (EventBridge, hourly): late statements told to their owners, once each. */
export const handler = createRemindersHandler(process.env);
