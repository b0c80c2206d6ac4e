import * as fs from 'node:fs';
import * as path from 'node:path';

const LAMBDA = path.join(__dirname, '..', '..', 'lambda');

/**
 * The handlers load most of their code at the first invocation (`await import`), and esbuild
 * keeps every export of a module loaded that way and of what it imports: a handler module
 * that imports the contract's index (`contract/index.ts`) brings every contract module, and
 * through their schemas all of zod with its locales, about 470 KB, into the bundle, which
 * Node parses at every cold start. Handler code imports the contract module it needs instead.
 */
test('no handler module imports the contract through its index', () => {
  const offenders = fs
    .readdirSync(LAMBDA, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => /from '(\.\.\/)+contract'/.test(fs.readFileSync(path.join(LAMBDA, file), 'utf8')));
  expect(offenders).toEqual([]);
});
