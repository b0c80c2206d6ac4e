import * as fs from 'node:fs';
import * as path from 'node:path';
import { deploySettings, settingsFingerprint } from '../../lib/deploy-settings';
import { runDestroy, type DestroyOptions } from '../../scripts/operations/deploy-run';
import { contextEntries, misplacedSettings, settingsToDeploy } from '../../scripts/operations/deploy-steps';
import { TEST_CDK_JSON_CONTEXT, fakeAccount, fakeDeploy, recordingClients, type FakeAccount } from '../support/deploy-calls';

/**
 * `npm run deploy` and `npm run destroy` step by step, on a fake account: each stage's
 * settings from its own block, a prod deploy refused when its settings are not the ones it
 * last deployed with, the web app built only when stale, the credentials checked first and a
 * teardown that needs no terminal when told so.
 */
const settingsOf = (context: Record<string, unknown>) => deploySettings((name) => context[name]);

describe("each stage's settings, in its own block of cdk.json", () => {
  const stages = {
    dev: { webPriceClass: '200' },
    prod: {
      sesFromAddress: 'no-reply@vault.example.com',
      webDomain: 'vault.example.com',
      webCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      alarmEmail: 'oncall@example.com',
    },
  };

  test("a stage reads its block and never the other's; a value given on its own overrides it for that run", () => {
    const prod = settingsOf({ stage: 'prod', stages });
    expect(prod.web.domain?.name).toBe('vault.example.com');
    expect(prod.alarmEmail).toBe('oncall@example.com');
    expect(prod.waf).toBe(true);
    const dev = settingsOf({ stage: 'dev', stages });
    expect(dev.web.domain).toBeUndefined();
    expect(dev.web.priceClass).toBe('200');
    expect(dev.email).toEqual({ kind: 'cognito-default' });
    expect(settingsOf({ stage: 'prod', stages, alarmEmail: 'other@example.com' }).alarmEmail).toBe('other@example.com');
  });

  test('a misspelt setting, an unknown stage or a block that is not one is refused, naming it', () => {
    expect(() => settingsOf({ stage: 'prod', stages: { prod: { ...stages.prod, webdomain: 'x.example.com' } } })).toThrow(
      'stages.prod: webdomain is not one of webDomain,',
    );
    expect(() => settingsOf({ stages: { staging: {} } })).toThrow('stages: staging is not one of dev, prod');
    expect(() => settingsOf({ stages: { dev: 'small' } })).toThrow('stages.dev: expected an object of settings, got "small"');
  });

  test("the account's budget: an amount and who hears of it, both or neither", () => {
    expect(settingsOf({ account: { budgetMonthlyUsd: 120, budgetEmail: 'billing@example.com' } }).account).toEqual({
      apiGatewayCloudWatchRole: 'create',
      budget: { monthlyUsd: 120, email: 'billing@example.com' },
    });
    expect(settingsOf({ budgetMonthlyUsd: '80', budgetEmail: 'billing@example.com' }).account.budget).toEqual({
      monthlyUsd: 80,
      email: 'billing@example.com',
    });
    expect(settingsOf({}).account).toEqual({ apiGatewayCloudWatchRole: 'create' });
    expect(() => settingsOf({ account: { budgetMonthlyUsd: 120 } })).toThrow('budgetMonthlyUsd: set budgetEmail too');
    expect(() => settingsOf({ account: { budgetEmail: 'billing@example.com' } })).toThrow('budgetEmail: set budgetMonthlyUsd too');
    expect(() => settingsOf({ account: { budgetMonthlyUsd: 'lots', budgetEmail: 'b@example.com' } })).toThrow(
      'budgetMonthlyUsd: "lots" is not an amount of US dollars above 0',
    );
  });

  test("a stage's setting at the top of cdk.json's context (every stage's alike) is named for moving into its block", () => {
    expect(misplacedSettings({ stages, webDomain: 'vault.example.com', '@aws-cdk/core:checkSecretUsage': true })).toEqual(['webDomain']);
    expect(contextEntries(['alarmEmail=a@example.com', 'x=a=b'])).toEqual({ alarmEmail: 'a@example.com', x: 'a=b' });
    expect(() => contextEntries(['waf'])).toThrow('"waf" is not name=value');
  });
});

describe('npm run deploy', () => {
  const prod = (account: Partial<FakeAccount> = {}) =>
    fakeAccount({ stage: 'prod', stack: 'deployed', bootstrapVersion: '30', ...account });

  test('a prod deploy whose settings differ from its last deploy stops before anything is built or deployed, naming each change', async () => {
    const run = fakeDeploy({ stage: 'prod', context: ['webPriceClass=All'] }, prod());
    const next = settingsToDeploy('prod', TEST_CDK_JSON_CONTEXT, ['webPriceClass=All']);
    await expect(run.outcome).rejects.toThrow(
      `prod's settings differ from the ones it last deployed with:\n  webPriceClass: "100" -> "All"\nIf that is intended, run again with --accept-settings ${settingsFingerprint(next)}`,
    );
    expect(run.events).toEqual([]);
  });

  test('accepting those exact settings lets it through; an acceptance of other settings does not', async () => {
    const next = settingsToDeploy('prod', TEST_CDK_JSON_CONTEXT, ['webPriceClass=All']);
    const accepted = fakeDeploy({ stage: 'prod', context: ['webPriceClass=All'], acceptSettings: settingsFingerprint(next) }, prod());
    await expect(accepted.outcome).resolves.toEqual({ url: 'https://d1.cloudfront.net' });
    expect(accepted.said).toContainEqual(expect.stringContaining('changed since its last deploy (accepted)'));

    const stale = fakeDeploy({ stage: 'prod', context: ['webPriceClass=200'], acceptSettings: settingsFingerprint(next) }, prod());
    await expect(stale.outcome).rejects.toThrow('webPriceClass: "100" -> "200"');
  });

  test("forgetting a setting is a change like any other: prod's domain dropped would move the site", async () => {
    const recorded = settingsToDeploy('prod', TEST_CDK_JSON_CONTEXT, [
      'webDomain=vault.example.com',
      'webCertificateArn=arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    ]);
    const run = fakeDeploy({ stage: 'prod' }, prod({ recorded }));
    await expect(run.outcome).rejects.toThrow('webDomain: "vault.example.com" -> (unset)');
  });

  test('a prod stack deployed before stacks recorded their settings asks once; a dev deploy says what changed and goes on', async () => {
    const unrecorded = fakeDeploy({ stage: 'prod' }, prod({ recorded: 'unrecorded' }));
    await expect(unrecorded.outcome).rejects.toThrow('prod was last deployed before stacks recorded their settings');

    const dev = fakeDeploy(
      { stage: 'dev', context: ['alarmEmail=me@example.com'] },
      fakeAccount({ stage: 'dev', stack: 'deployed', bootstrapVersion: '30' }),
    );
    await expect(dev.outcome).resolves.toBeDefined();
    expect(dev.said.join('\n')).toContain('alarmEmail: (unset) -> "me@example.com"');
  });

  test('the web app is built (only when its build is stale) before cdk deploy; a person may bootstrap, then deploy', async () => {
    const run = fakeDeploy({ stage: 'dev', bootstrap: true }, fakeAccount({ stage: 'dev', stack: 'none' }), 'built');
    await expect(run.outcome).resolves.toBeDefined();
    expect(run.events).toEqual(['npx cdk bootstrap', 'build web', 'npx cdk deploy']);
    expect(run.commands[0]).toEqual(['cdk', 'bootstrap', 'aws://123456789012/us-east-1', '--qualifier', 'hnb659fds']);
    expect(run.commands[1]).toEqual(
      expect.arrayContaining(['--outputs-file', '/repo/cdk-outputs.dev.json', '--require-approval', 'never']),
    );
  });

  test("cdk.json's context setting a stage's value for every stage stops the deploy", async () => {
    const run = fakeDeploy(
      { stage: 'dev', cdkJsonContext: { ...TEST_CDK_JSON_CONTEXT, webDomain: 'vault.example.com' } },
      fakeAccount({ stage: 'dev', stack: 'deployed', bootstrapVersion: '30' }),
    );
    await expect(run.outcome).rejects.toThrow(
      "cdk.json's context sets webDomain for every stage alike: move it into stages.dev or stages.prod",
    );
    expect(run.commands).toEqual([]);
  });

  test('without usable credentials it stops at its first call, saying how to sign in', async () => {
    const run = fakeDeploy({ stage: 'dev' }, fakeAccount({ stage: 'dev', stack: 'deployed', noCredentials: true }));
    await expect(run.outcome).rejects.toThrow(/no usable AWS credentials \(CredentialsProviderError\): sign in first/);
    expect(run.calls.map((call) => call.call)).toEqual(['STSClient.GetCallerIdentityCommand']);
  });
});

describe('npm run destroy', () => {
  const destroy = (options: Partial<DestroyOptions>, account: FakeAccount) => {
    const { aws, calls } = recordingClients(fakeAccount(account));
    const commands: string[][] = [];
    const synthesized: string[] = [];
    const outcome = runDestroy(
      { stage: 'dev', force: false, interactive: true, context: [], ...options },
      {
        aws,
        npx: (args) => void commands.push(args),
        say: () => undefined,
        synthesize: (stage) => {
          synthesized.push(stage);
          return { template: { Resources: {} }, assemblyDir: '/tmp/assembly' };
        },
      },
    );
    outcome.catch(() => undefined);
    return { outcome, calls, commands, synthesized };
  };

  test('with no terminal to answer the question, it stops before anything else and says to pass --force', async () => {
    const run = destroy({ interactive: false }, { stage: 'dev', stack: 'deployed' });
    await expect(run.outcome).rejects.toThrow(
      'there is no terminal to confirm the deletion of StatementVault-dev in: run `npm run destroy -- --stage dev --force`',
    );
    expect(run.calls).toEqual([]);
  });

  test('the credentials first: without them nothing is synthesized or deleted', async () => {
    const run = destroy({}, { stage: 'dev', stack: 'deployed', noCredentials: true });
    await expect(run.outcome).rejects.toThrow(/no usable AWS credentials/);
    expect(run.synthesized).toEqual([]);
    expect(run.commands).toEqual([]);
  });

  test("prod's termination protection is turned off by an administrator on purpose, never by the script", async () => {
    const run = destroy({ stage: 'prod', force: true }, { stage: 'prod', stack: 'protected' });
    await expect(run.outcome).rejects.toThrow(
      "StatementVault-prod is protected from termination (it holds people's data). To delete it on purpose, an administrator turns that off first: aws cloudformation update-termination-protection --no-enable-termination-protection --stack-name StatementVault-prod",
    );
    expect(run.commands).toEqual([]);
  });

  test('a stage with no stack has nothing to delete; a question answered no leaves the stack and says so', async () => {
    const none = destroy({}, { stage: 'dev', stack: 'none' });
    await expect(none.outcome).resolves.toEqual({ deleted: false, kept: [] });
    expect(none.synthesized).toEqual([]);

    const kept = destroy({}, { stage: 'dev', stack: 'deployed' });
    await expect(kept.outcome).resolves.toEqual({ deleted: false, kept: [] });
    // One synth, and CDK's own question (no --force) on the terminal, of that synthesized assembly.
    expect(kept.synthesized).toEqual(['dev']);
    expect(kept.commands).toEqual([['cdk', 'destroy', 'StatementVault-dev', '--app', '/tmp/assembly']]);
  });
});

describe('what the repository checks in', () => {
  const root = path.join(__dirname, '..', '..');
  const cdkJson = JSON.parse(fs.readFileSync(path.join(root, 'cdk.json'), 'utf8')) as { build?: string; context: Record<string, unknown> };
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  test("cdk.json keeps each stage's settings in its block, and none at its top for every stage alike", () => {
    expect(Object.keys(cdkJson.context.stages as object).sort()).toEqual(['dev', 'prod']);
    expect(misplacedSettings(cdkJson.context)).toEqual([]);
  });

  test('no CDK command builds the web app by itself: the commands that deploy its build make it, and only when its sources changed', () => {
    // A build step in cdk.json runs for every CDK command (cdk list, cdk destroy, twice in a teardown).
    expect(cdkJson.build).toBeUndefined();
    expect(scripts.synth).toBe('tsx scripts/web-build.ts --if-stale && cdk synth --quiet');
    expect(fs.readFileSync(path.join(root, 'scripts', 'deploy.ts'), 'utf8')).toContain("buildWeb: () => ensureWebArtifact('aws')");
    expect(fs.readFileSync(path.join(root, 'scripts', 'destroy.ts'), 'utf8')).not.toMatch(/ensureWebArtifact|buildWebArtifact|web:build/);
  });
});
