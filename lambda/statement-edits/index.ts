import { createStatementEditHandler } from './handler';

/** The statement-edit resolver's entry: AppSync's `editStatements` and `renameAccount` mutations. */
export const handler = createStatementEditHandler(process.env);
