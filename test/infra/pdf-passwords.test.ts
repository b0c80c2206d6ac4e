import { Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { REGION, TABLE_KEYS } from '../../contract';
import { PDF_PASSWORD_ATTRIBUTES } from '../../contract/accounts/pdf-password';
import type { StatementVaultStack } from '../../lib/statement-vault-stack';
import { intrinsicResolver, rolePoliciesOf, type PolicyDocument, type Template } from '../../local/iam/access-model';
import { evaluatePolicies } from '../../local/iam/authorizer';
import { synthVault } from '../support/vault-app';

/**
 * Who may read a person's kept PDF passwords, read from the synthesized template: every
 * role in it, with every policy it has (inline, attached, managed), evaluated by IAM's
 * rules (@cloud-copilot/iam-simulate, the local stack's engine) for each DynamoDB call
 * that reads an item of the passwords' partition, or writes one (a condition expression
 * or the old values it returns read it too).
 */
const ACCOUNT = '123456789012';
const OWNER = '11111111-2222-4333-8444-555555555555';
const TABLE_ARN = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/records`;

/** AWS's own managed policy for a function's logs, as AWS publishes it: CloudWatch Logs and nothing else. */
const MANAGED: Record<string, PolicyDocument> = {
  'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole': {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' }],
  },
};

/** Every call that reads an item of a partition (or writes one: overwriting or deleting what is kept), with the context DynamoDB gives IAM. */
const callsOn = (partition: string) => {
  const leading = { 'dynamodb:LeadingKeys': [partition] };
  const all = { ...leading, 'dynamodb:Select': 'ALL_ATTRIBUTES' };
  const password = { ...leading, 'dynamodb:Attributes': [PDF_PASSWORD_ATTRIBUTES.password], 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' };
  const keys = {
    ...leading,
    'dynamodb:Attributes': [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey],
    'dynamodb:Select': 'SPECIFIC_ATTRIBUTES',
  };
  return {
    'GetItem (whole)': { action: 'dynamodb:GetItem', context: all },
    'GetItem (the password)': { action: 'dynamodb:GetItem', context: password },
    'BatchGetItem (whole)': { action: 'dynamodb:BatchGetItem', context: all },
    'Query (whole)': { action: 'dynamodb:Query', context: all },
    'Query (the password)': { action: 'dynamodb:Query', context: password },
    'Query (keys only)': { action: 'dynamodb:Query', context: keys },
    'Scan (whole)': { action: 'dynamodb:Scan', context: { 'dynamodb:Select': 'ALL_ATTRIBUTES' } },
    PutItem: { action: 'dynamodb:PutItem', context: leading },
    UpdateItem: { action: 'dynamodb:UpdateItem', context: leading },
    DeleteItem: { action: 'dynamodb:DeleteItem', context: leading },
    ConditionCheckItem: { action: 'dynamodb:ConditionCheckItem', context: leading },
    BatchWriteItem: { action: 'dynamodb:BatchWriteItem', context: leading },
  };
};

let stack: StatementVaultStack;
let template: Template;
beforeAll(() => {
  // With a mail domain: the mail function, which parses strangers' mail, is in the template.
  const synthesized = synthVault({ mailDomain: 'mail.vault.example.com' });
  stack = synthesized.stack;
  template = synthesized.template.toJSON() as Template;
});

const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

/** What each role of the template may do to items of `partition`: the calls IAM allows it, by the role's name (its principal's, else its id). */
const allowedOn = async (partition: string): Promise<Record<string, string[]>> => {
  const tableId = logicalId(stack.data.table);
  const resolve = intrinsicResolver({ accountId: ACCOUNT, arns: { [tableId]: TABLE_ARN }, names: { [tableId]: 'records' } });
  const names = Object.fromEntries(
    Object.entries(stack.principals).map(([name, principal]) => [logicalId(principal.grantPrincipal as unknown as IConstruct), name]),
  );
  const roles = Object.entries(template.Resources).filter(([, resource]) => resource.Type === 'AWS::IAM::Role');
  expect(roles.length).toBeGreaterThan(Object.keys(stack.principals).length);
  const allowed: Record<string, string[]> = {};
  for (const [roleId, role] of roles) {
    // AWS-managed policies have no copy in the template: each must be one known here.
    const managed = ((role.Properties?.ManagedPolicyArns ?? []) as unknown[]).map((arn) =>
      typeof arn === 'object' && arn && 'Fn::Sub' in arn
        ? String(arn['Fn::Sub']).replace('${AWS::Partition}', 'aws')
        : String(resolve(arn)),
    );
    for (const arn of managed) expect(Object.keys(MANAGED)).toContain(arn);
    const resources = { ...template.Resources, [roleId]: { ...role, Properties: { ...role.Properties, ManagedPolicyArns: [] } } };
    const policies = [
      ...managed.map((arn) => ({ name: arn, policy: MANAGED[arn] })),
      ...rolePoliciesOf(resources, roleId, resolve, { managed: 'from-template' }),
    ];
    const principalArn = `arn:aws:iam::${ACCOUNT}:role/${roleId}`;
    for (const [call, { action, context }] of Object.entries(callsOn(partition))) {
      const verdict = await evaluatePolicies(
        { accountId: ACCOUNT, principalArn, policies },
        { action, resource: TABLE_ARN, context: context as Record<string, string | string[]> },
      );
      expect(typeof verdict).toBe('string');
      if (verdict === 'Allowed') (allowed[names[roleId] ?? roleId] ??= []).push(call);
    }
  }
  return allowed;
};

test('only the functions that open PDFs, and the resolver steps that keep and answer one for its owner, may read a kept password', async () => {
  expect(await allowedOn(TABLE_KEYS.pdfPasswordPartition(OWNER))).toEqual({
    // For search and balances, the password of a statement's account.
    catalogue: ['GetItem (whole)', 'GetItem (the password)'],
    scanResults: ['GetItem (whole)', 'GetItem (the password)'],
    // Also moves the passwords an earlier release kept on summaries, and deletes those no account keeps.
    sweep: [
      'GetItem (whole)',
      'GetItem (the password)',
      'Query (whole)',
      'Query (the password)',
      'Query (keys only)',
      'PutItem',
      'DeleteItem',
    ],
    // A mailed protected PDF is tried with each password its owner keeps.
    mailIntake: ['Query (whole)', 'Query (the password)', 'Query (keys only)'],
    // pdfPassword and keepPdfPassword, in the caller's own partition (the VTL names it).
    graphqlPdfPasswords: ['GetItem (whole)', 'GetItem (the password)', 'PutItem', 'DeleteItem'],
    // Closing an account deletes them by their keys: it never reads one.
    accountDeletionJob: ['Query (keys only)', 'BatchWriteItem'],
  });
});

test("the same roles' grants still reach the owner's records, which hold no password (the check above can tell allowed from refused)", async () => {
  const allowed = await allowedOn(TABLE_KEYS.userPartition(OWNER));
  for (const name of ['profileImageApi', 'pushNotifier', 'statementsApi', 'graphqlTable', 'statementSearch', 'mailIntake'])
    expect(allowed[name]).toContain('GetItem (whole)');
  expect(allowed.graphqlPdfPasswords).toBeUndefined();
});
