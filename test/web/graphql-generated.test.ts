import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { STATEMENTS } from '../../web/lib/graphql';

const ROOT = path.join(__dirname, '..', '..');

test('the generated GraphQL types and documents are current (else run `npm run graphql:generate`)', () => {
  // The generator's own check mode: it generates in memory and names any file that differs.
  const check = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'graphql-codegen'), ['--config', 'codegen.ts', '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
  expect(check.status).toBe(0);
}, 60_000);

test('documents ship already parsed: an AST, not a string the browser would parse', () => {
  expect(STATEMENTS.kind).toBe('Document');
  expect(STATEMENTS.definitions[0]).toMatchObject({ kind: 'OperationDefinition', operation: 'query', name: { value: 'Statements' } });
});
