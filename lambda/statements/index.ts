import { createStatementsHandler } from './handler';

export const handler = createStatementsHandler(process.env);
