import { fullDiff } from '@aws-cdk/cloudformation-diff';
import * as fs from 'node:fs';
import {
  protectedResources,
  RELEASED_TEMPLATE,
  releasedForm,
  statefulChanges,
  upgradeProblems,
  type CfnTemplate,
} from '../../lib/upgrade-safety';
import { synthVault } from '../support/vault-app';

/**
 * Upgrades never replace people's data: deploying today's `prod` template over the last
 * released one (release/prod-template.json, written by `npm run release:template`) keeps
 * the user pool, identity pool, table and files bucket, as the CDK's own diff library
 * judges it from the CloudFormation spec. The checker itself is tried on changes that
 * would lose them and on one that would not.
 */
let released: CfnTemplate;
let current: CfnTemplate;

beforeAll(() => {
  released = JSON.parse(fs.readFileSync(RELEASED_TEMPLATE, 'utf8'));
  current = releasedForm(synthVault().template.toJSON());
});

/** A changed copy of the current template. */
const changed = (change: (resources: Record<string, any>) => void): CfnTemplate => {
  const copy = structuredClone(current);
  change(copy.Resources as Record<string, any>);
  return copy;
};

const idOf = (template: CfnTemplate, type: string) => {
  const ids = protectedResources(template)
    .filter((found) => found.type === type)
    .map((found) => found.logicalId);
  expect(ids).toHaveLength(1);
  return ids[0];
};

test("the released template names the four resources that hold people's data", () => {
  expect(
    protectedResources(released)
      .map((found) => found.type)
      .sort(),
  ).toEqual(['AWS::Cognito::IdentityPool', 'AWS::Cognito::UserPool', 'AWS::DynamoDB::Table', 'AWS::S3::Bucket']);
  // The files bucket, not the access-log or web buckets.
  expect(released.Resources).toHaveProperty([idOf(released, 'AWS::S3::Bucket'), 'Properties', 'BucketName', 'Fn::Join']);
});

test('deploying the current prod template over the released one replaces or removes none of them', () => {
  expect(upgradeProblems(released, current)).toEqual([]);
});

test("the released template is as current as the code's stateful resources (else cut a release: npm run release:template)", () => {
  expect(statefulChanges(released, current)).toEqual([]);
});

test('a stateful resource changed, added or removed since the release is named; a stateless one is not', () => {
  const table = idOf(current, 'AWS::DynamoDB::Table');
  const [logs] = Object.entries(current.Resources as Record<string, any>).find(
    ([id, resource]) => resource.Type === 'AWS::Logs::LogGroup' && resource.DeletionPolicy === 'Retain' && id !== table,
  )!;
  const [fn] = Object.entries(current.Resources as Record<string, any>).find(([, resource]) => resource.Type === 'AWS::Lambda::Function')!;
  const next = changed((resources) => {
    resources[table].Properties.Tags = [{ Key: 'owner', Value: 'someone' }];
    delete resources[logs];
    resources.NewKeptBucket = { Type: 'AWS::S3::Bucket', DeletionPolicy: 'Retain', Properties: {} };
    resources[fn].Properties.MemorySize = 4096;
  });
  expect(statefulChanges(current, next)).toEqual(
    [`${table} (AWS::DynamoDB::Table): changed`, `${logs} (AWS::Logs::LogGroup): removed`, 'NewKeptBucket (AWS::S3::Bucket): added'].sort(),
  );
});

describe('the checker', () => {
  test('a changed key schema replaces the table', () => {
    const table = idOf(current, 'AWS::DynamoDB::Table');
    const next = changed((resources) => {
      resources[table].Properties.KeySchema = [{ AttributeName: 'id', KeyType: 'HASH' }];
    });
    expect(upgradeProblems(current, next)).toEqual([
      expect.objectContaining({ logicalId: table, type: 'AWS::DynamoDB::Table', happens: 'replaced', property: 'KeySchema' }),
    ]);
  });

  test('a changed logical id removes the user pool (kept in the account by Retain, orphaned from the stack)', () => {
    const pool = idOf(current, 'AWS::Cognito::UserPool');
    const next = JSON.parse(JSON.stringify(current).replaceAll(`"${pool}"`, '"AuthAccounts0A1B2C3D"'));
    const problems = upgradeProblems(current, next);
    expect(problems).toEqual([
      expect.objectContaining({ logicalId: pool, type: 'AWS::Cognito::UserPool', happens: 'removed from the stack' }),
    ]);
    expect(problems[0].words).toContain('AuthAccounts0A1B2C3D');
    expect(problems[0].words).toContain('a changed logical id');
  });

  test('a changed name replaces the files bucket', () => {
    const bucket = idOf(current, 'AWS::S3::Bucket');
    const next = changed((resources) => {
      const join = resources[bucket].Properties.BucketName['Fn::Join'];
      join[1][0] = join[1][0].replace('statement-vault-files-', 'statement-vault-documents-');
    });
    const problems = upgradeProblems(current, next);
    expect(problems).toEqual([expect.objectContaining({ logicalId: bucket, happens: 'replaced', property: 'BucketName' })]);
    expect(problems[0].words).toMatch(/would be replaced: a change to BucketName/);
  });

  test('changing how people sign in replaces the user pool: Cognito fixes it at creation, though the spec does not say so', () => {
    const pool = idOf(current, 'AWS::Cognito::UserPool');
    const next = changed((resources) => {
      resources[pool].Properties.UsernameAttributes = ['phone_number'];
    });
    expect(upgradeProblems(current, next)).toEqual([
      expect.objectContaining({ logicalId: pool, type: 'AWS::Cognito::UserPool', happens: 'replaced', property: 'UsernameAttributes' }),
    ]);
  });

  test('removing the identity pool deletes it (it has no Retain policy)', () => {
    const pool = idOf(current, 'AWS::Cognito::IdentityPool');
    const next = changed((resources) => {
      delete resources[pool];
    });
    expect(upgradeProblems(current, next)).toEqual([
      expect.objectContaining({ logicalId: pool, type: 'AWS::Cognito::IdentityPool', happens: 'deleted' }),
    ]);
  });

  test("a Lambda's memory size touches none of them", () => {
    const [fn] = Object.entries(current.Resources as Record<string, any>).find(
      ([, resource]) => resource.Type === 'AWS::Lambda::Function',
    )!;
    const next = changed((resources) => {
      resources[fn].Properties.MemorySize = (resources[fn].Properties.MemorySize ?? 128) * 2;
    });
    expect(Object.keys(fullDiff(current, next).resources.changes)).toEqual([fn]);
    expect(upgradeProblems(current, next)).toEqual([]);
  });
});
