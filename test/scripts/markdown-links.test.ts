import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { anchorsOf, brokenMarkdownLinks, brokenMarkdownMentions, describeBrokenLink, githubSlug } from '../../scripts/markdown-links';

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = 'test/fixtures/markdown-links';
/** The fixtures break links on purpose, and this file names what they break. */
const ON_PURPOSE = [`${FIXTURES}/`, 'test/scripts/markdown-links.test.ts'];

/** The repository's files git keeps or would keep (tracked, or new and not ignored), by pattern. */
const repositoryFiles = (...patterns: string[]): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !ON_PURPOSE.some((purpose) => file.startsWith(purpose)));

test("every relative link and #anchor in the repository's Markdown leads somewhere", () => {
  const pages = repositoryFiles('*.md');
  expect(pages).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'CONTRIBUTING.md', 'docs/architecture.md']));
  expect(brokenMarkdownLinks(ROOT, pages).map(describeBrokenLink)).toEqual([]);
});

test('every Markdown page a source file names (a comment, a message, an alarm) exists, with its anchor', () => {
  const sources = repositoryFiles('*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs', '*.yml', '.ci/run');
  expect(sources).toEqual(expect.arrayContaining(['lib/constructs/vault-monitoring.ts', '.ci/run']));
  expect(brokenMarkdownMentions(ROOT, sources).map(describeBrokenLink)).toEqual([]);
});

test('a missing file, a missing heading, a third heading of the same words and a path out of the repository are broken; the rest leads somewhere', () => {
  expect(brokenMarkdownLinks(ROOT, [`${FIXTURES}/page.md`]).map(describeBrokenLink)).toEqual([
    `${FIXTURES}/page.md:32: missing.md: ${FIXTURES}/missing.md does not exist`,
    `${FIXTURES}/page.md:33: other.md#no-such-heading: ${FIXTURES}/other.md has no heading whose anchor is #no-such-heading`,
    `${FIXTURES}/page.md:34: #duplicate-2: ${FIXTURES}/page.md has no heading whose anchor is #duplicate-2`,
    `${FIXTURES}/page.md:35: ../../../../outside.md: it leads outside the repository`,
    `${FIXTURES}/page.md:37: gone.md: ${FIXTURES}/gone.md does not exist`,
  ]);
});

test("a source file's mentions are read from its folder, then from the root, with an anchor or a heading's words", () => {
  expect(brokenMarkdownMentions(ROOT, [`${FIXTURES}/mentions.txt`]).map(describeBrokenLink)).toEqual([
    `${FIXTURES}/mentions.txt:3: gone.md: gone.md does not exist`,
    `${FIXTURES}/mentions.txt:3: other.md#gone: ${FIXTURES}/other.md has no heading whose anchor is #gone`,
    `${FIXTURES}/mentions.txt:3: other.md, "Gone away": ${FIXTURES}/other.md has no heading whose anchor is #gone-away`,
  ]);
});

test("headings' anchors are GitHub's: lower case, spaces to hyphens, punctuation dropped but - and _, repeats numbered", () => {
  expect(githubSlug('Pinned versions, and why')).toBe('pinned-versions-and-why');
  expect(githubSlug('How it is tested (`npm test`, `npm run test:long`)')).toBe('how-it-is-tested-npm-test-npm-run-testlong');
  expect(githubSlug('Why `aws-cdk-lib/aws-appsync` and not `@aws-cdk/aws-appsync-alpha`')).toBe(
    'why-aws-cdk-libaws-appsync-and-not-aws-cdkaws-appsync-alpha',
  );
  expect(githubSlug('Scans overdue: a statement stays "scanning"')).toBe('scans-overdue-a-statement-stays-scanning');
  expect(githubSlug('The `LOCAL_NO_WEB` setting, **bold** and _emphasis_')).toBe('the-local_no_web-setting-bold-and-emphasis');
  expect(githubSlug('Statements by mail, added where `mailDomain` is set')).toBe('statements-by-mail-added-where-maildomain-is-set');
  expect([...anchorsOf('# A\n## A\n```\n## A\n```\n## A\n## A 1\n')]).toEqual(['a', 'a-1', 'a-2', 'a-1-1']);
});
