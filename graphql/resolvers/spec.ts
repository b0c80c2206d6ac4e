/** What a resolver is: its field, its data source, its templates, and a pipeline's steps. */
/**
 * `table`: DynamoDB (VTL), every partition but the kept PDF passwords'; `pdfPasswords`:
 * DynamoDB (VTL), those partitions only; `none`: local values; `statementEdits`,
 * `statementSearch`: those Lambdas.
 */
export type DataSourceName = 'table' | 'pdfPasswords' | 'none' | 'statementEdits' | 'statementSearch';

/** The data sources that are the table, each with a role of its own. */
export const TABLE_DATA_SOURCES = ['table', 'pdfPasswords'] as const satisfies readonly DataSourceName[];

export interface ResolverSpec {
  typeName: 'Query' | 'Mutation';
  fieldName: string;
  dataSource: DataSourceName;
  /** The request, or with `steps` the template run before them (validation, the stash). */
  requestTemplate: string;
  /** The response, or with `steps` the template run after them. */
  responseTemplate: string;
  /**
   * A pipeline: each step is a function on the resolver's data source (or its own), run in
   * order with one stash (on AWS an AppSync function, in the simulator the same).
   */
  steps?: readonly ResolverStep[];
}

export interface ResolverStep {
  /** The function's name (AppSync's pattern: a letter or _, then letters, digits, _). */
  name: string;
  /** @default the resolver's */
  dataSource?: DataSourceName;
  requestTemplate: string;
  responseTemplate: string;
}

/** Every request the resolver sends to its data sources (its own, or each step's). */
export const requestTemplatesOf = (resolver: ResolverSpec): string[] =>
  resolver.steps ? resolver.steps.map((step) => step.requestTemplate) : [resolver.requestTemplate];

/** Each request the resolver sends, with the data source it goes to. */
export const requestsOf = (resolver: ResolverSpec): { dataSource: DataSourceName; template: string }[] =>
  resolver.steps
    ? resolver.steps.map((step) => ({ dataSource: step.dataSource ?? resolver.dataSource, template: step.requestTemplate }))
    : [{ dataSource: resolver.dataSource, template: resolver.requestTemplate }];
