import { Kind, parse, visit, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** The settings of the deployed GraphQL API that shape which requests it serves. */
export interface GraphqlApiSettings {
  introspection: boolean;
  /** Deepest nesting a query may have; undefined for no limit. */
  queryDepthLimit?: number;
}

export interface GraphqlError {
  message: string;
  errorType?: string;
  locations?: { line: number; column: number; sourceName: null }[];
  path: null;
}

/** How deep a selection set nests, fragments expanded (a cycle counts once; validation refuses it anyway). */
const depthOf = (selections: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number => {
  if (!selections) return 0;
  let deepest = 0;
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, seen));
    else if (selection.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      const fragment = fragments.get(selection.name.value);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, fragments, new Set([...seen, selection.name.value])));
    }
  }
  return deepest;
};

/**
 * What AppSync refuses before any resolver runs, given the API's settings: with
 * introspection disabled, `__schema` and `__type` are not fields of the schema (AppSync
 * answers with its validation error for an undefined field); a query nested deeper than
 * the depth limit is refused with a limit error. Unparseable queries pass through, so
 * the GraphQL engine reports their syntax errors as AppSync does.
 */
export const settingsProblems = (query: unknown, settings: GraphqlApiSettings): GraphqlError[] => {
  if (typeof query !== 'string') return [];
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return [];
  }
  const problems: GraphqlError[] = [];
  if (!settings.introspection) {
    visit(document, {
      Field(node, _key, _parent, _path, ancestors) {
        if (node.name.value !== '__schema' && node.name.value !== '__type') return;
        const parentType = ancestors.some((ancestor) => (ancestor as { kind?: string }).kind === Kind.FIELD)
          ? 'the selected type'
          : 'Query';
        problems.push({
          message: `Validation error of type FieldUndefined: Field '${node.name.value}' in type '${parentType}' is undefined @ '${node.name.value}'`,
          errorType: 'ValidationError',
          locations: node.loc ? [{ line: node.loc.startToken.line, column: node.loc.startToken.column, sourceName: null }] : [],
          path: null,
        });
      },
    });
  }
  if (settings.queryDepthLimit !== undefined) {
    const fragments = new Map(
      document.definitions
        .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
        .map((fragment) => [fragment.name.value, fragment]),
    );
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const depth = depthOf(definition.selectionSet, fragments, new Set());
      if (depth > settings.queryDepthLimit) {
        problems.push({
          message: `The query has a depth of ${depth}, which exceeds the maximum query depth of ${settings.queryDepthLimit}.`,
          errorType: 'QueryDepthLimitExceeded',
          path: null,
        });
      }
    }
  }
  return problems;
};
