import { createShareHandler } from './handler';

/** The share API: a link's recipient's statements, through the web server. */
export const handler = createShareHandler(process.env);
