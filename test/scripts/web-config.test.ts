import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseWebConfig } from '../../contract';
import { OUTPUT_NAMES, vaultStackName } from '../../lib/outputs';

const STACK_NAME = vaultStackName('dev');
import { webConfigFromOutputs } from '../../lib/web-config-file';

/** What `cdk deploy --outputs-file` writes for this stack (values invented). */
const deployOutputs = {
  [STACK_NAME]: {
    [OUTPUT_NAMES.region]: 'us-east-1',
    [OUTPUT_NAMES.userPoolId]: 'us-east-1_AbCdEf123',
    [OUTPUT_NAMES.userPoolClientId]: '1example23456789',
    [OUTPUT_NAMES.identityPoolId]: 'us-east-1:11111111-2222-3333-4444-555555555555',
    [OUTPUT_NAMES.graphqlUrl]: 'https://abc.appsync-api.us-east-1.amazonaws.com/graphql',
    [OUTPUT_NAMES.graphqlApiKey]: 'da2-examplekey',
    [OUTPUT_NAMES.bucketName]: 'statementvault-storagefiles-abc',
    [OUTPUT_NAMES.profileImageApiUrl]: 'https://p1.execute-api.us-east-1.amazonaws.com/prod/',
    [OUTPUT_NAMES.statementsApiUrl]: 'https://s1.execute-api.us-east-1.amazonaws.com/prod/',
    [OUTPUT_NAMES.pushPublicKey]: 'BDpRpRfCk803_AkCp-fPpcqc_Lucb4ZXnBBkVKfMeJWERFmyw5UZr3Mij45PAypeeiH8UHK4U-SoyR7ZjAhY9ak',
    ProfileImageApiEndpoint585BAA1A: 'https://p1.execute-api.us-east-1.amazonaws.com/prod/',
  },
};

test("a deploy's outputs become an amplify_outputs.json 1.4 with our APIs under custom", () => {
  const config = webConfigFromOutputs(deployOutputs);
  expect(config).toEqual({
    version: '1.4',
    auth: {
      aws_region: 'us-east-1',
      user_pool_id: 'us-east-1_AbCdEf123',
      user_pool_client_id: '1example23456789',
      identity_pool_id: 'us-east-1:11111111-2222-3333-4444-555555555555',
      password_policy: {
        min_length: 8,
        require_numbers: false,
        require_lowercase: false,
        require_uppercase: false,
        require_symbols: false,
      },
      standard_required_attributes: ['email'],
      username_attributes: ['email'],
      user_verification_types: ['email'],
      unauthenticated_identities_enabled: false,
      mfa_configuration: 'NONE',
      mfa_methods: [],
    },
    data: {
      aws_region: 'us-east-1',
      url: 'https://abc.appsync-api.us-east-1.amazonaws.com/graphql',
      api_key: 'da2-examplekey',
      default_authorization_type: 'API_KEY',
      authorization_types: ['AMAZON_COGNITO_USER_POOLS'],
    },
    storage: { aws_region: 'us-east-1', bucket_name: 'statementvault-storagefiles-abc' },
    custom: {
      profileImageApiUrl: 'https://p1.execute-api.us-east-1.amazonaws.com/prod/',
      statementsApiUrl: 'https://s1.execute-api.us-east-1.amazonaws.com/prod/',
      pushPublicKey: 'BDpRpRfCk803_AkCp-fPpcqc_Lucb4ZXnBBkVKfMeJWERFmyw5UZr3Mij45PAypeeiH8UHK4U-SoyR7ZjAhY9ak',
    },
  });
  expect(parseWebConfig(config)).toEqual({ ok: true, config });
});

test('a missing stack or output is named in the error', () => {
  expect(() => webConfigFromOutputs({ Other: {} })).toThrow('no stack "StatementVault-dev" (it has Other)');
  const { [OUTPUT_NAMES.bucketName]: _dropped, ...rest } = deployOutputs[STACK_NAME];
  expect(() => webConfigFromOutputs({ [STACK_NAME]: rest })).toThrow('lack BucketName');
});

test('a malformed config names the bad keys', () => {
  const config = webConfigFromOutputs(deployOutputs);
  const broken = { ...config, data: { ...config.data, url: 'not a url' }, extra: 1 };
  const result = parseWebConfig(broken);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.problems.join('\n')).toMatch(/data\.url/);
  expect(!result.ok && result.problems.join('\n')).toMatch(/extra/);
});

test('npm run web:config writes the file, and fails clearly without outputs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-config-'));
  const outputs = path.join(dir, 'cdk-outputs.json');
  const out = path.join(dir, 'web', 'amplify_outputs.json');
  const script = path.join(__dirname, '..', '..', 'scripts', 'web-config.ts');
  const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');

  const missing = spawnSync(tsx, [script, '--outputs', outputs, '--out', out], { encoding: 'utf8' });
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('run `npm run deploy -- --stage dev` (it writes it) first');

  fs.writeFileSync(outputs, JSON.stringify(deployOutputs));
  const ok = spawnSync(tsx, [script, '--outputs', outputs, '--out', out], { encoding: 'utf8' });
  expect(ok.status).toBe(0);
  expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(webConfigFromOutputs(deployOutputs));
  fs.rmSync(dir, { recursive: true, force: true });
});
