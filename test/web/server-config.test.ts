import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WEB_CONFIG_ENV, type WebConfig } from '../../contract';
import fixture from './fixtures/amplify_outputs.json';

/** The web server reads its config once per process: load a fresh module per case. */
const load = (env: Record<string, string | undefined>): WebConfig => {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  try {
    let config: WebConfig | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module per case, which only require() gives inside isolateModules
      config = (require('../../web/lib/server-config') as typeof import('../../web/lib/server-config')).loadWebConfig();
    });
    return config!;
  } finally {
    process.env = saved;
  }
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the document in VAULT_WEB_CONFIG wins over any file (the deployed server function)', () => {
  const inline = { ...fixture, data: { ...fixture.data, url: 'https://inline.example.com/graphql' } };
  const config = load({ [WEB_CONFIG_ENV.json]: JSON.stringify(inline), [WEB_CONFIG_ENV.file]: path.join(dir, 'missing.json') });
  expect(config.data.url).toBe('https://inline.example.com/graphql');
});

test('otherwise the file WEB_CONFIG_FILE names (the local stack, next dev)', () => {
  const file = path.join(dir, 'amplify_outputs.json');
  fs.writeFileSync(file, JSON.stringify(fixture));
  expect(load({ [WEB_CONFIG_ENV.json]: undefined, [WEB_CONFIG_ENV.file]: file }).auth.user_pool_id).toBe(fixture.auth.user_pool_id);
});

test('a missing, unreadable or malformed config stops with what is wrong and how to fix it', () => {
  expect(() => load({ [WEB_CONFIG_ENV.json]: undefined, [WEB_CONFIG_ENV.file]: path.join(dir, 'nope.json') })).toThrow(
    /nope\.json is missing\. Run `npm start`/,
  );
  expect(() => load({ [WEB_CONFIG_ENV.json]: '{"version":' })).toThrow(/\$VAULT_WEB_CONFIG is not JSON/);
  const broken = { ...fixture, auth: { ...fixture.auth, user_pool_id: '' } };
  expect(() => load({ [WEB_CONFIG_ENV.json]: JSON.stringify(broken) })).toThrow(/malformed:\n {2}auth\.user_pool_id/);
});
