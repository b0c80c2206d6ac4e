import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * No sentence a person reads says "1 statements": a count put before a plural noun in a
 * template (`${count} statements`) goes through countOf (Intl.PluralRules), or the line
 * says what it is when the count is one. Counts that are constants (a limit, the days
 * Recently deleted keeps) are never one.
 */
const ROOT = path.join(__dirname, '..', '..');
const FOLDERS = ['contract', 'lambda', 'graphql', 'web/app', 'web/components', 'web/lib'];
const NOUNS =
  'statements|files|accounts|cards|months|days|weeks|shares|uploads|minutes|hours|seconds|transactions|pages|versions|records|items|links|words|rows|banks|balances|breaks|gaps|notices|mails|people';
const COUNT_BEFORE_NOUN = new RegExp(String.raw`\$\{([^{}]*)\}\s+(?:${NOUNS})\b`, 'g');
/** A constant's name (SHARE_LIMITS.maxStatements, RECENTLY_DELETED.keepDays). */
const CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
/** Words, not a count: `${acceptedTypesInWords(kind)} files`. */
const WORDS = /InWords\(/;
/** The line deals with one itself: `n === 1 ? 'One file' : `${n} files``. */
const ONE_HANDLED = /===\s*1\s*\?|>\s*1\b|!==\s*1\b/;

const sources = (folder: string): string[] =>
  fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !/generated|node_modules|\.next/.test(file) ? [file] : [];
  });

test('every count before a plural noun in the words people read agrees with its number', () => {
  const found: string[] = [];
  for (const file of FOLDERS.flatMap(sources)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(COUNT_BEFORE_NOUN)) {
          if (CONSTANT.test(match[1]) || WORDS.test(match[1]) || ONE_HANDLED.test(line)) continue;
          found.push(`${path.relative(ROOT, file)}:${index + 1}: ${match[0]}`);
        }
      });
  }
  expect(found).toEqual([]);
});

test('the check finds what it is for', () => {
  const line = 'message: `${moved} statements were moved`';
  expect([...line.matchAll(COUNT_BEFORE_NOUN)].map((match) => match[1])).toEqual(['moved']);
  expect(CONSTANT.test('SHARE_LIMITS.maxStatements')).toBe(true);
  expect(CONSTANT.test('moved')).toBe(false);
});
