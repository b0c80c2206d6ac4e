import * as fs from 'node:fs';
import * as path from 'node:path';
import { ACCOUNT_RESOLVERS } from './accounts';
import { PROFILE_RESOLVERS } from './profile';
import { SERVICE_RESOLVERS } from './service';
import { requestsOf, type ResolverSpec, type TABLE_DATA_SOURCES } from './spec';
import { STATEMENT_RESOLVERS } from './statements';

/**
 * The GraphQL API's resolvers as VTL (the local AppSync simulator runs VTL only). The CDK
 * app deploys exactly these, and the local stack loads exactly these. Templates are built
 * here from the contract, so key layout and limits are never written twice. Every private
 * template reads the owner from `$ctx.identity.sub`. Each file of this folder holds the
 * fields of one part of the schema; `vtl.ts` the pieces they share.
 */
export const SCHEMA_PATH = path.join(__dirname, '..', 'schema.graphql');
export const readSchema = (): string => fs.readFileSync(SCHEMA_PATH, 'utf8');

export { CHAIN_PAGE_STATEMENTS, CHAIN_QUERIES_PER_PAGE } from './accounts';
export { TABLE_DATA_SOURCES, requestTemplatesOf, type DataSourceName, type ResolverSpec, type ResolverStep } from './spec';

export const RESOLVERS: readonly ResolverSpec[] = [
  ...SERVICE_RESOLVERS,
  ...PROFILE_RESOLVERS,
  ...STATEMENT_RESOLVERS,
  ...ACCOUNT_RESOLVERS,
];

/**
 * The DynamoDB actions the resolvers perform on one of the table's data sources, read from
 * their own templates, so its role allows exactly what they do there and nothing else.
 */
export const tableActions = (
  dataSource: (typeof TABLE_DATA_SOURCES)[number] = 'table',
  resolvers: readonly ResolverSpec[] = RESOLVERS,
): string[] =>
  [
    ...new Set(
      resolvers
        .flatMap(requestsOf)
        .filter((request) => request.dataSource === dataSource)
        .flatMap(({ template }) => [...template.matchAll(/"operation":\s*"(\w+)"/g)].map((match) => `dynamodb:${match[1]}`)),
    ),
  ].sort();
