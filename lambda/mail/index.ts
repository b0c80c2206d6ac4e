import { createMailIntakeHandler } from './handler';

/** The mail function: statements mailed to people's private addresses, filed as uploads are. */
export const handler = createMailIntakeHandler(process.env);
