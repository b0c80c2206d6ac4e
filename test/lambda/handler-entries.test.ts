import * as fs from 'node:fs';
import * as path from 'node:path';
import { handlerEntries } from '../../bench/handler-entries';

const LIB = path.join(__dirname, '..', '..', 'lib');

/** The handler entries the constructs name, as written in their source (`code: { entry: 'push/index.ts' }`, a presign API's entry). */
const namedInLib = (): string[] => {
  const named = new Set<string>();
  for (const file of fs.readdirSync(LIB, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    for (const match of fs.readFileSync(path.join(LIB, file), 'utf8').matchAll(/'([a-z-]+\/(?:[a-z-]+-)?index\.ts)'/g)) named.add(match[1]);
  }
  return [...named].sort();
};

// The bench measures the handlers it finds by the naming rule; this holds the rule to what deploys.
test('the handler entries found in lambda/ are exactly those the CDK app deploys', () => {
  expect(handlerEntries()).toEqual(namedInLib());
  expect(handlerEntries()).toContain('statements/index.ts');
});
