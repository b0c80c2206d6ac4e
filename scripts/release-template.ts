/**
 * `npm run release:template [-- --accept-replacement]`, when cutting a release: synthesizes
 * the `prod` template as the tests do, prints what changed against the released one
 * (release/prod-template.json) and whether a deploy would replace or remove what holds
 * people's data, then writes it as the new released template. Refuses (exit 1, nothing
 * written) when it would, unless `--accept-replacement` says the replacement is intended
 * and its data has a way across (docs/deploying.md#upgrading).
 */
import { formatDifferences, fullDiff } from '@aws-cdk/cloudformation-diff';
import { App } from 'aws-cdk-lib';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { buildVaultApp } from '../lib/app';
import { RELEASED_TEMPLATE, releasedForm, upgradeProblems, type CfnTemplate } from '../lib/upgrade-safety';
import { CDK_CONTEXT, TEST_SES_CONTEXT, TEST_WEB_CONTEXT } from '../test/support/vault-app';

const ROOT = path.join(__dirname, '..');

/**
 * The tests' synth of `prod` (test/support/vault-app.ts): the same context and no bundling,
 * so the upgrade-safety test compares like with like and an unchanged tree gives the same file.
 */
const synthProd = (): CfnTemplate => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-template-'));
  try {
    const app = new App({
      outdir,
      context: { ...CDK_CONTEXT, ...TEST_WEB_CONTEXT, ...TEST_SES_CONTEXT, 'aws:cdk:bundling-stacks': [] },
    });
    const stack = buildVaultApp(app);
    return app.synth().getStackArtifact(stack.artifactId).template as CfnTemplate;
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
};

const main = async () => {
  const { values } = parseArgs({ options: { 'accept-replacement': { type: 'boolean', default: false } } });
  const file = path.relative(ROOT, RELEASED_TEMPLATE);
  const before = fs.existsSync(RELEASED_TEMPLATE) ? fs.readFileSync(RELEASED_TEMPLATE, 'utf8') : undefined;
  const released: CfnTemplate = before ? JSON.parse(before) : {};
  const next = releasedForm(synthProd());

  const diff = fullDiff(released, next);
  console.log(before ? `Changes against ${file}:` : `No ${file} yet: the first released template.`);
  if (diff.isEmpty) console.log('  none');
  else formatDifferences(process.stdout, diff);

  const problems = upgradeProblems(released, next, diff);
  if (problems.length === 0) {
    console.log("\nPeople's data: the user pool, identity pool, table and files bucket all stay (none replaced or removed).");
  } else {
    console.log(`\nPeople's data: ${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
    for (const problem of problems) console.log(`  - ${problem.words}`);
    if (!values['accept-replacement']) {
      throw new Error(
        `${file} is unchanged. If the replacement is intended and its data has a way across (docs/deploying.md#upgrading), run again with --accept-replacement`,
      );
    }
    console.log('--accept-replacement: writing it anyway.');
  }

  const text = await prettier.format(JSON.stringify(next, null, 2), {
    ...(await prettier.resolveConfig(RELEASED_TEMPLATE)),
    filepath: RELEASED_TEMPLATE,
  });
  if (text === before) {
    console.log(`${file} is already this template.`);
    return;
  }
  fs.mkdirSync(path.dirname(RELEASED_TEMPLATE), { recursive: true });
  fs.writeFileSync(RELEASED_TEMPLATE, text);
  console.log(`Wrote ${file}; commit it with the release.`);
};

main().catch((error: unknown) => {
  console.error(`release:template: ${(error as Error).message}`);
  process.exit(1);
});
