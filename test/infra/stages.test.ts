import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LAMBDA_ENV } from '../../contract';
import { buildVaultApp } from '../../lib/app';
import { settingsRecord } from '../../lib/deploy-settings';
import { DEPLOY_SETTINGS_OUTPUT } from '../../lib/outputs';
import { isWebArtifact, recordedFingerprint, webArtifactDir } from '../../lib/web-artifact';
import { webSourcesFingerprint } from '../../lib/web-sources';
import { CDK_CONTEXT, TEST_SES_CONTEXT, alarmMetrics, resourceTags, synthVault, type TemplateAlarm } from '../support/vault-app';

/**
 * dev and prod in one account: every name, metric dimension and alarm carries its stage,
 * so neither watches nor takes over the other's; the account's own settings (API Gateway's
 * logging role, the budget) are one stack of their own; each stage's settings are recorded
 * in its stack; every resource is tagged; prod is protected from termination.
 */
const DEV = { stage: 'dev', sesFromAddress: undefined, sesVerifiedDomain: undefined };
let dev: ReturnType<typeof synthVault>;
let prod: ReturnType<typeof synthVault>;
beforeAll(() => {
  dev = synthVault(DEV);
  prod = synthVault();
});

const alarmsOf = (template: Template) => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as { Properties: any }[];

/** Every metric the alarms of a template watch. */
const watchedMetrics = (template: Template): string[] => alarmsOf(template).flatMap((alarm) => alarmMetrics(alarm as TemplateAlarm));

describe('two stages in one account', () => {
  test("each REST API's name carries its stage, so its metrics (ApiName, Stage) are its own", () => {
    const names = (template: Template) =>
      Object.values(template.findResources('AWS::ApiGateway::RestApi'))
        .map((api: any) => api.Properties.Name)
        .sort();
    expect(names(dev.template)).toEqual(['StatementVault-dev-profile-image-api', 'StatementVault-dev-statements-api']);
    expect(names(prod.template)).toEqual(['StatementVault-prod-profile-image-api', 'StatementVault-prod-statements-api']);
  });

  test('no alarm name, and no metric an alarm watches, is the same in both stages', () => {
    const alarmNames = (template: Template) => alarmsOf(template).map((alarm) => alarm.Properties.AlarmName as string);
    expect(alarmNames(dev.template).filter((name) => alarmNames(prod.template).includes(name))).toEqual([]);
    // Metrics are told apart by their dimensions, which carry tokens (an API's name, a function's Ref) or the stage.
    const shared = watchedMetrics(dev.template).filter((metric) => watchedMetrics(prod.template).includes(metric));
    expect(shared.filter((metric) => !/"Ref"|"Fn::/.test(metric))).toEqual([]);
  });

  test('every custom metric an alarm watches names its stage, and every function of ours tells its metrics the stage', () => {
    for (const [stage, { template }] of [
      ['dev', dev],
      ['prod', prod],
    ] as const) {
      const custom = watchedMetrics(template).filter((metric) => metric.startsWith('StatementVault '));
      expect(custom.length).toBeGreaterThan(3);
      for (const metric of custom) expect(metric).toContain(`{"Name":"stage","Value":"${stage}"}`);
      const functions = Object.values(template.findResources('AWS::Lambda::Function')) as { Properties: any }[];
      const ours = functions.filter((fn) => fn.Properties.Environment?.Variables?.[LAMBDA_ENV.logLevel]);
      expect(ours.length).toBeGreaterThan(10);
      for (const fn of ours) expect(fn.Properties.Environment.Variables[LAMBDA_ENV.stage]).toBe(stage);
    }
  });

  test("the account's API Gateway logging role is one stack of its own, which both stages depend on and neither holds", () => {
    for (const { template, stack } of [dev, prod]) {
      template.resourceCountIs('AWS::ApiGateway::Account', 0);
      expect(stack.dependencies.map((dependency) => dependency.stackName)).toEqual(['StatementVaultAccount']);
    }
    prod.account!.resourceCountIs('AWS::ApiGateway::Account', 1);
    expect(JSON.stringify(dev.account!.toJSON())).toBe(JSON.stringify(prod.account!.toJSON()));
  });

  test('each stage records the settings it was deployed with, for the next deploy to compare', () => {
    for (const { template, stack } of [dev, prod]) {
      template.hasOutput(DEPLOY_SETTINGS_OUTPUT, { Value: JSON.stringify(settingsRecord(stack.settings)) });
    }
    expect(JSON.parse(prod.template.findOutputs(DEPLOY_SETTINGS_OUTPUT)[DEPLOY_SETTINGS_OUTPUT].Value)).toEqual({
      sesFromAddress: 'no-reply@vault.example.com',
      sesVerifiedDomain: 'vault.example.com',
      stage: 'prod',
      waf: true,
      webCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      webDomain: 'vault.example.com',
      webPriceClass: '100',
    });
  });

  test("a stage's settings come from its block of cdk.json's stages", () => {
    const { stack } = synthVault({
      ...DEV,
      webDomain: undefined,
      webCertificateArn: undefined,
      stages: { dev: { webPriceClass: 'All', waf: true }, prod: { webPriceClass: '200' } },
    });
    expect(stack.settings).toMatchObject({ stage: 'dev', waf: true, web: { priceClass: 'All' } });
    expect(stack.web.webOrigin).not.toContain('vault.example.com');
  });
});

describe('tags, termination protection, budget', () => {
  test('every resource that takes tags carries the project and its stage, in both stages and the account stack; so do the stacks', () => {
    const checked = [
      [dev.stack, 'dev'],
      [prod.stack, 'prod'],
      [prod.app.node.findChild('StatementVaultAccount'), 'account'],
    ] as const;
    for (const [stack, stage] of checked) {
      const tags = resourceTags(stack as never);
      const expected = { project: 'statement-vault', stage };
      expect(Object.keys(tags.resources).length).toBeGreaterThan(stage === 'account' ? 0 : 50);
      for (const [resource, values] of Object.entries(tags.resources)) {
        // CDK's own (aws-cdk:…) tags aside.
        const ours = Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith('aws-cdk:')));
        expect([resource, ours]).toEqual([resource, expected]);
      }
      expect(tags.stack).toEqual(expected);
    }
    expect(prod.assembly.getStackByName('StatementVault-prod').tags).toEqual({ project: 'statement-vault', stage: 'prod' });
  });

  test('prod is protected from termination; dev and the account stack are not', () => {
    expect(prod.assembly.getStackByName('StatementVault-prod').terminationProtection).toBe(true);
    expect(dev.assembly.getStackByName('StatementVault-dev').terminationProtection).toBe(false);
    expect(prod.assembly.getStackByName('StatementVaultAccount').terminationProtection).toBe(false);
  });

  test("the deployer's monthly amount becomes an AWS Budgets budget of the account's cost, e-mailing at 80% spent and 100% forecast", () => {
    expect(prod.account!.findResources('AWS::Budgets::Budget')).toEqual({});
    const { account } = synthVault({ account: { budgetMonthlyUsd: 150, budgetEmail: 'billing@example.com' } });
    const subscribers = [{ SubscriptionType: 'EMAIL', Address: 'billing@example.com' }];
    account!.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetName: 'StatementVaultAccount-monthly-cost',
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: 150, Unit: 'USD' },
      },
      NotificationsWithSubscribers: [
        {
          Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' },
          Subscribers: subscribers,
        },
        {
          Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' },
          Subscribers: subscribers,
        },
      ],
    });
  });
});

describe('the web build a synth takes', () => {
  /** The app with the default build (web/.open-next), not synthesized: what the CDK CLI would synthesize with its bundling setting. */
  const outdirs: string[] = [];
  afterAll(() => outdirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const appFor = (bundling: string[]) => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-fresh-'));
    outdirs.push(outdir);
    const app = new App({
      outdir,
      context: { ...CDK_CONTEXT, ...TEST_SES_CONTEXT, 'aws:cdk:bundling-stacks': bundling },
    });
    return buildVaultApp(app);
  };
  const errorsOf = (stack: ReturnType<typeof appFor>) =>
    stack.web.node.metadata.filter((entry) => entry.type === 'aws:cdk:error').map((entry) => String(entry.data));
  // From a fresh clone (CI's checkout) there is no build; a developer's tree may have a current one.
  const built = isWebArtifact(webArtifactDir('aws')) && recordedFingerprint(webArtifactDir('aws')) === webSourcesFingerprint();

  (built ? test.skip : test)(
    'commands that never deploy (the CDK CLI bundles for none: cdk list, cdk destroy) synthesize with the stand-in',
    () => {
      const stack = appFor([]);
      expect(errorsOf(stack)).toEqual([]);
      expect(stack.settings.web.defaultArtifact).toBe(true);
    },
  );

  (built ? test.skip : test)('a deploy, diff or synth (the commands the CDK CLI bundles for) stops, saying how to build it', () => {
    const stack = appFor(['**']);
    expect(errorsOf(stack)).toEqual([
      expect.stringMatching(/^(the web app is not built|.* was built from other sources than these).*: run `npm run web:build`/),
    ]);
  });
});
