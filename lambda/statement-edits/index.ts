import { createStatementEditHandler } from './handler';

/** The statement-edit resolver's entry: AppSync's `editStatements` mutation. */
export const handler = createStatementEditHandler(process.env);
