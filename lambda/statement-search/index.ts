import { createStatementSearchHandler } from './handler';

/** The statement-search resolver's entry: AppSync's `search` and `statementNeighbours` queries. */
export const handler = createStatementSearchHandler(process.env);
