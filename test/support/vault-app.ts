import { App, CfnResource, TagManager, type ITaggable, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildVaultApp } from '../../lib/app';
import { ACCOUNT_STACK_NAME } from '../../lib/outputs';
import { SYNTH_WITHOUT_STACK_TRACES, WEB_ARTIFACT_STUB } from '../../local/iam/access-model';

let synthRoot: string | undefined;

/**
 * A folder for one synth's cloud assembly, inside one folder per test file that goes when its
 * tests have run: an App given no outdir makes a `cdk.out…` folder in the system's
 * temporary folder and leaves it there for good (hundreds a run).
 */
export const synthOutdir = (): string => {
  synthRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vault-synth-'));
  return fs.mkdtempSync(path.join(synthRoot, 'cdk.out'));
};

// The test file's synths go when its tests have run (the module is loaded once per test
// file); scripts that import the contexts above run outside jest, without hooks.
if (typeof afterAll === 'function') {
  afterAll(() => {
    if (synthRoot) fs.rmSync(synthRoot, { recursive: true, force: true });
    synthRoot = undefined;
  });
}

/**
 * The same feature flags and settings as `cdk synth`, read from cdk.json, without the stack
 * traces `cdk synth` records in the cloud assembly for `--debug` (SYNTH_WITHOUT_STACK_TRACES).
 */
export const CDK_CONTEXT: Record<string, unknown> = {
  ...(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'cdk.json'), 'utf8')).context as Record<string, unknown>),
  ...SYNTH_WITHOUT_STACK_TRACES,
};

/** The web app on its own domain, so the trusted origin is a plain string in assertions. */
export const TEST_WEB_CONTEXT = {
  webDomain: 'vault.example.com',
  webCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  webArtifact: WEB_ARTIFACT_STUB,
};
export const TEST_WEB_ORIGIN = 'https://vault.example.com';

/** By default the tests synthesize the production stage, which sends e-mail through SES. */
export const TEST_SES_CONTEXT = { stage: 'prod', sesFromAddress: 'no-reply@vault.example.com', sesVerifiedDomain: 'vault.example.com' };

/**
 * The vault's app, synthesized as `cdk synth` does. Bundling every Lambda with esbuild is
 * most of a synth's time and changes nothing in the template but asset hashes (which the
 * snapshot masks), so only the synths that check the bundles ask for it (`bundle: true`).
 */
export const synthVault = (context: Record<string, unknown> = {}, options: { bundle?: boolean; validate?: boolean } = {}) => {
  const app = new App({
    outdir: synthOutdir(),
    // aws-cdk-lib's CloudFormation validator takes most of a synth's time (its engine is made
    // again for each). test/infra/validation.test.ts runs it on every setting the suites
    // synthesize; the other synths check what they assert, and cdk-nag still runs on each.
    builtinCloudFormationValidation: options.validate ?? false,
    context: {
      ...CDK_CONTEXT,
      ...TEST_WEB_CONTEXT,
      ...TEST_SES_CONTEXT,
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...context,
    },
  });
  const stack = buildVaultApp(app);
  const assembly = app.synth();
  const account = app.node.tryFindChild(ACCOUNT_STACK_NAME) as Stack | undefined;
  return { app, stack, assembly, template: Template.fromStack(stack), account: account && Template.fromStack(account) };
};

/**
 * The tags of every resource of a stack that takes tags (as CDK models them), by its path;
 * the stack's own tags, which CloudFormation passes on to every resource that takes them.
 */
export const resourceTags = (stack: Stack): { resources: Record<string, Record<string, string>>; stack: Record<string, string> } => ({
  resources: Object.fromEntries(
    stack.node
      .findAll()
      .filter((construct): construct is CfnResource => CfnResource.isCfnResource(construct) && TagManager.isTaggable(construct))
      .map((resource) => [resource.node.path, (resource as unknown as ITaggable).tags.tagValues()]),
  ),
  stack: stack.tags.tagValues(),
});

/** A CloudWatch alarm of a template, by its name. */
export type TemplateAlarm = {
  Properties: { AlarmName: string; Namespace?: string; MetricName?: string; Dimensions?: unknown; Metrics?: unknown[] } & Record<
    string,
    unknown
  >;
};

/** Every metric an alarm watches (its own, or those of its math expression), as `namespace name dimensions`. */
export const alarmMetrics = (alarm: TemplateAlarm): string[] => {
  const { Namespace, MetricName, Dimensions, Metrics } = alarm.Properties;
  const own = MetricName ? [{ Namespace, MetricName, Dimensions }] : [];
  const inner = ((Metrics ?? []) as { MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: unknown } } }[]).flatMap(
    (metric) => (metric.MetricStat ? [metric.MetricStat.Metric] : []),
  );
  return [...own, ...inner].map((metric) => `${metric.Namespace} ${metric.MetricName} ${JSON.stringify(metric.Dimensions ?? [])}`);
};
