import { keptOnDestroy } from '../../scripts/operations/kept';
import { synthVault } from '../support/vault-app';

/** What `npm run destroy` says stays, per stage, read from the template it destroys. */
test("prod keeps its data and logs; dev keeps nothing (the account's API Gateway logging is the account stack's, which a stage's teardown leaves)", () => {
  const prod = keptOnDestroy(synthVault({ stage: 'prod' }).template.toJSON());
  expect([...new Set(prod.map((item) => item.type))].sort()).toEqual([
    'AWS::Cognito::UserPool',
    'AWS::DynamoDB::Table',
    'AWS::Logs::LogGroup',
    'AWS::S3::Bucket',
    // The VAPID key pair: every browser's push subscription is bound to it.
    'AWS::SecretsManager::Secret',
  ]);
  expect(prod.find((item) => item.type === 'AWS::DynamoDB::Table')?.why).toContain("people's records");

  const dev = keptOnDestroy(synthVault({ stage: 'dev', sesFromAddress: undefined, sesVerifiedDomain: undefined }).template.toJSON());
  expect(dev).toEqual([]);
  expect(prod.every((item) => item.why.length > 20)).toBe(true);
});
