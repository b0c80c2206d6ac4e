import { buildSchema, isObjectType, type GraphQLObjectType } from 'graphql';
import { RESOLVERS, readSchema, requestTemplatesOf, tableActions } from '../../graphql/resolvers';
import { TABLE_KEYS } from '../../contract';

/**
 * Static checks of the VTL: every root field has both templates, private fields take the
 * owner from the token, and nothing reads an owner from the arguments. The local-stack
 * suite runs these templates for real in the AppSync simulator.
 */
const schema = buildSchema(`
  directive @aws_api_key on FIELD_DEFINITION | OBJECT
  directive @aws_cognito_user_pools on FIELD_DEFINITION | OBJECT
  scalar AWSDateTime
  scalar AWSDate
  ${readSchema()}
`);

const rootFields = (type: GraphQLObjectType | null | undefined) =>
  type ? Object.values(type.getFields()).map((field) => ({ type: type.name, field })) : [];

const allRootFields = [...rootFields(schema.getQueryType()), ...rootFields(schema.getMutationType())];

const directives = (type: string, field: string) => {
  const node = (schema.getType(type) as GraphQLObjectType).getFields()[field].astNode!;
  return node.directives?.map((directive) => directive.name.value) ?? [];
};

test('every Query and Mutation field has exactly one resolver with both templates', () => {
  const resolved = RESOLVERS.map((resolver) => `${resolver.typeName}.${resolver.fieldName}`).sort();
  expect(resolved).toEqual(allRootFields.map(({ type, field }) => `${type}.${field.name}`).sort());
  for (const resolver of RESOLVERS) {
    expect(resolver.requestTemplate.trim()).not.toBe('');
    expect(resolver.responseTemplate.trim()).not.toBe('');
  }
});

test('only upload limits and service status are readable with the API key', () => {
  const apiKeyFields = allRootFields
    .filter(({ type, field }) => directives(type, field.name).includes('aws_api_key'))
    .map(({ field }) => field.name)
    .sort();
  expect(apiKeyFields).toEqual(['serviceStatus', 'uploadLimits']);
  for (const { type, field } of allRootFields) {
    expect(directives(type, field.name)).toContain('aws_cognito_user_pools');
  }
  for (const name of ['Profile', 'Statement', 'StatementConnection']) {
    const type = schema.getType(name);
    expect(isObjectType(type) && type.astNode?.directives?.map((d) => d.name.value)).toEqual(['aws_cognito_user_pools']);
  }
});

test('every private resolver keys its data on $ctx.identity.sub and never on an argument owner', () => {
  const privateResolvers = RESOLVERS.filter((resolver) => resolver.dataSource === 'table');
  expect(privateResolvers.map((r) => r.fieldName).sort()).toEqual([
    'accountChain',
    'accounts',
    'coverage',
    'deletedStatements',
    'keepPdfPassword',
    'me',
    'pdfPassword',
    'periods',
    'statement',
    'statements',
    'statementsByChecksum',
    'updateAccountDetails',
    'updateAccountSchedule',
    'updateProfile',
    'uploadRefusal',
    'usage',
  ]);
  for (const resolver of privateResolvers) {
    for (const template of requestTemplatesOf(resolver)) {
      // The caller's partition, one of the caller's list partitions (which start with it), their kept PDF passwords',
      // or their own deletion's record (the deletions partition, by the caller's sub alone).
      if (template.includes(`"${TABLE_KEYS.deletionsPartition}"`))
        expect(template).toContain(`"${TABLE_KEYS.sortKey}": $util.dynamodb.toDynamoDBJson($ctx.identity.sub)`);
      else expect(template).toMatch(/"(USER|PDFPW)#\$ctx\.identity\.sub[|"]/);
      expect(template).not.toMatch(/\$ctx\.args\.(owner|userId|sub)|\$context\.arguments/);
    }
    expect(resolver.requestTemplate).not.toMatch(/\$ctx\.args\.(owner|userId|sub)|\$context\.arguments/);
  }
  // Every list partition a filter reads starts with the caller's own key, in either layout.
  const [account, layout, page] = requestTemplatesOf(RESOLVERS.find((resolver) => resolver.fieldName === 'statements')!);
  // The account a filter's name files under is read from the caller's own partition.
  expect(account).toContain('"operation": "GetItem"');
  expect(account).toContain('"USER#$ctx.identity.sub"');
  expect(layout).toContain('"operation": "GetItem"');
  const partitions = [...page.matchAll(/#set\(\$(?:partition|all) = "([^"]+)"\)/g)].map((match) => match[1]);
  expect(partitions).toHaveLength(5);
  for (const partition of partitions) expect(partition.startsWith('USER#$ctx.identity.sub')).toBe(true);
  const sameFile = RESOLVERS.find((resolver) => resolver.fieldName === 'statementsByChecksum')!.requestTemplate;
  expect(sameFile).toContain('#set($partition = "USER#$ctx.identity.sub|checksum|$ctx.args.checksum")');
});

test('no argument can name an owner', () => {
  for (const { field } of allRootFields) {
    for (const arg of field.args) expect(arg.name).not.toMatch(/owner|user|sub/i);
  }
  const input = schema.getType('UpdateProfileInput') as unknown as { getFields(): Record<string, unknown> };
  expect(Object.keys(input.getFields())).toEqual(['displayName']);
});

test("the statement list is one paginated Query of the caller's partition, never a Scan", () => {
  const [, , page] = requestTemplatesOf(RESOLVERS.find((resolver) => resolver.fieldName === 'statements')!);
  expect(page).toContain('"operation": "Query"');
  expect(page).toContain('"nextToken"');
  expect(page).toContain('"limit": $ctx.stash.limit');
  expect(page).toContain('"scanIndexForward": $forwards');
  // Filters are key conditions (each its own list partition), never a filter after Limit.
  expect(page).not.toContain('"filter"');
  for (const resolver of RESOLVERS) for (const template of requestTemplatesOf(resolver)) expect(template).not.toContain('"Scan"');
});

test('upload limits come from the contract, as valid JSON', () => {
  const limits = RESOLVERS.find((resolver) => resolver.fieldName === 'uploadLimits')!;
  const payload = JSON.parse(limits.requestTemplate).payload;
  expect(payload.profileImage.maxBytes).toBe(5 * 1024 * 1024);
  expect(payload.statement.maxBytes).toBe(1024 * 1024 * 1024);
  expect(payload.statement.contentTypes).toContain('application/pdf');
});

test('the kept PDF passwords are reached only by the steps on their own data source, which reach nothing else', () => {
  const requests = RESOLVERS.flatMap((resolver) =>
    (resolver.steps ?? [{ name: resolver.fieldName, requestTemplate: resolver.requestTemplate, dataSource: undefined }]).map((step) => ({
      name: step.name,
      dataSource: step.dataSource ?? resolver.dataSource,
      template: step.requestTemplate,
    })),
  );
  const passwordSteps = requests.filter((request) => request.dataSource === 'pdfPasswords');
  expect(passwordSteps.map((step) => step.name).sort()).toEqual(['keepPdfPasswordItem', 'pdfPasswordRead']);
  for (const step of passwordSteps) {
    expect(step.template).toContain('"PDFPW#$ctx.identity.sub"');
    expect(step.template).not.toContain('USER#');
  }
  for (const request of requests.filter((one) => one.dataSource !== 'pdfPasswords')) expect(request.template).not.toContain('PDFPW#');
  expect(tableActions('pdfPasswords')).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem']);
});
