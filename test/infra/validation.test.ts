import { App, CfnResource, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CDK_CONTEXT, synthVault, synthOutdir } from '../support/vault-app';

/**
 * Two validators run at every synth: cdk-nag's AWS Solutions pack (registered by the app)
 * and aws-cdk-lib's bundled CloudFormation validator, whose findings are errors because
 * cdk.json sets @aws-cdk/core:validateAgainstDefaultRules. Either failing throws. The other
 * suites synthesize without the CloudFormation validator (test/support/vault-app.ts); this
 * one runs it on every setting they synthesize a template for.
 */

/** Every setting another suite synthesizes a template for, beside the ones the tests below validate. */
const OTHER_SETTINGS: Record<string, unknown>[] = [
  { stage: 'dev', sesFromAddress: undefined, sesVerifiedDomain: undefined },
  { stage: undefined, sesFromAddress: undefined },
  { account: { budgetMonthlyUsd: 150, budgetEmail: 'billing@example.com' } },
  { apiGatewayCloudWatchRole: 'existing' },
  { alarmEmail: 'oncall@vault.example.com' },
  { mailDomain: 'mail.vault.example.com' },
];
describe('synth-time validation', () => {
  test('the vault synthesizes with zero unacknowledged cdk-nag findings and zero validator errors or warnings', () => {
    // The one synth that bundles every Lambda, as `cdk synth` and a deploy do.
    const { assembly } = synthVault({}, { bundle: true, validate: true });
    const reportFile = path.join(assembly.directory, 'validation-report.json');
    const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : { pluginReports: [] };
    const violations = (report.pluginReports as { violations?: unknown[] }[]).flatMap((r) => r.violations ?? []);
    expect(violations).toEqual([]);
  });

  test.each(OTHER_SETTINGS.map((context) => [JSON.stringify(context), context] as const))(
    'the setting %s synthesizes with zero validator errors or warnings',
    (_name, context) => {
      const { assembly } = synthVault(context, { validate: true });
      const reportFile = path.join(assembly.directory, 'validation-report.json');
      const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : { pluginReports: [] };
      // The app's own warnings (e.g. Cognito's default sender in dev) are said on purpose; nothing else may be.
      const violations = (report.pluginReports as { violations?: { ruleName: string }[] }[]).flatMap((r) => r.violations ?? []);
      expect(violations.filter((violation) => !violation.ruleName.startsWith('Annotation::statement-vault:'))).toEqual([]);
    },
  );

  test('cdk.json turns the CloudFormation validator findings into errors (strict)', () => {
    expect(CDK_CONTEXT['@aws-cdk/core:validateAgainstDefaultRules']).toBe(true);
  });

  test('the CloudFormation validator is live: an invalid property fails synth', () => {
    const app = new App({ outdir: synthOutdir(), context: CDK_CONTEXT });
    const stack = new Stack(app, 'Broken', { env: { region: 'us-east-1' } });
    new CfnResource(stack, 'Bucket', {
      type: 'AWS::S3::Bucket',
      properties: { VersioningConfiguration: { Status: 'Enabled' }, NotAProperty: true },
    });
    expect(() => app.synth()).toThrow(/CloudFormation Validate/);
  });

  test('cdk-nag is live: an unacknowledged finding fails synth', () => {
    const app = new App({ outdir: synthOutdir(), context: CDK_CONTEXT });
    const stack = new Stack(app, 'Nagged', { env: { region: 'us-east-1' } });
    new s3.Bucket(stack, 'NoLogs');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });

  test('every acknowledgement names a rule and gives a specific reason', () => {
    const { app } = synthVault();
    const acknowledgements: { path: string; id: string; reason: string }[] = [];
    for (const construct of app.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
          acknowledgements.push({ path: construct.node.path, id: id.replace(/^Annotation::/, ''), reason });
        }
      }
    }
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledgements) {
      expect(id).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(reason.length).toBeGreaterThan(60);
    }
    // Each rule acknowledged anywhere, so a new one shows up in review.
    // prod stands behind WAF: no "no WAF" acknowledgement (APIG3, CFR2) is left.
    expect([...new Set(acknowledgements.map((ack) => ack.id.replace(/\[.*$/, '')))].sort()).toEqual([
      'AwsSolutions-ASC3',
      'AwsSolutions-CFR1',
      'AwsSolutions-COG1',
      'AwsSolutions-COG2',
      'AwsSolutions-COG4',
      'AwsSolutions-COG8',
      'AwsSolutions-IAM4',
      'AwsSolutions-IAM5',
      'AwsSolutions-L1',
      'AwsSolutions-S1',
      'AwsSolutions-SMG4',
      'AwsSolutions-SNS2',
      'AwsSolutions-SQS3',
    ]);
  });

  test('without WAF (dev by default, or waf=false) the APIs and the distribution acknowledge it, and synth has no other finding', () => {
    for (const context of [{ stage: 'dev' }, { waf: 'false' }]) {
      const { app, assembly } = synthVault(context, { validate: true });
      const reportFile = path.join(assembly.directory, 'validation-report.json');
      const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : { pluginReports: [] };
      expect((report.pluginReports as { violations?: unknown[] }[]).flatMap((r) => r.violations ?? [])).toEqual([]);
      const wafAcks = app.node
        .findAll()
        .flatMap((construct) => construct.node.metadata.map((entry) => ({ construct, entry })))
        .filter(({ entry }) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap(({ construct, entry }) =>
          Object.entries(entry.data as Record<string, string>)
            .filter(([id]) => /AwsSolutions-(APIG3|CFR2)$/.test(id))
            .map(([id, reason]) => ({
              path: construct.node.path.split('/').slice(1, 3).join('/'),
              id: id.replace(/^Annotation::/, ''),
              reason,
            })),
        );
      expect(wafAcks.map(({ path, id }) => `${id} ${path}`).sort()).toEqual([
        'AwsSolutions-APIG3 ProfileImageApi/Api',
        'AwsSolutions-APIG3 StatementsApi/Api',
        'AwsSolutions-CFR2 Web/Distribution',
      ]);
      for (const { reason } of wafAcks) expect(reason).toMatch(/WAF is off for this deployment/);
    }
  });

  test("CloudFront's minimum TLS version is acknowledged only where it cannot be raised: without a custom domain", () => {
    const acknowledged = (app: ReturnType<typeof synthVault>['app']) =>
      app.node
        .findAll()
        .flatMap((construct) => construct.node.metadata)
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .some((entry) => Object.keys(entry.data as object).some((id) => id.endsWith('AwsSolutions-CFR4')));
    expect(acknowledged(synthVault().app)).toBe(false);
    expect(acknowledged(synthVault({ webDomain: undefined, webCertificateArn: undefined }, { validate: true }).app)).toBe(true);
  });
});
