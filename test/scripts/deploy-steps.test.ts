import {
  bootstrapQualifier,
  bootstrapState,
  bootstrapVersionParameter,
  cdkDeployArgs,
  checkWebApp,
  MIN_BOOTSTRAP_VERSION,
} from '../../scripts/operations/deploy-steps';

const failing = (name: string) => async () => {
  const error = new Error(name);
  error.name = name;
  throw error;
};

describe('the bootstrap check', () => {
  test('a current bootstrap is ready; a missing or old one is named so the deploy can bootstrap', async () => {
    await expect(bootstrapState(async () => String(MIN_BOOTSTRAP_VERSION + 9))).resolves.toEqual({
      kind: 'ready',
      version: MIN_BOOTSTRAP_VERSION + 9,
    });
    await expect(bootstrapState(failing('ParameterNotFound'))).resolves.toEqual({ kind: 'missing' });
    await expect(bootstrapState(async () => '14')).resolves.toEqual({ kind: 'outdated', version: 14 });
  });

  test('missing credentials or rights stop with what to do', async () => {
    await expect(bootstrapState(failing('CredentialsProviderError'))).rejects.toThrow(/no usable AWS credentials.*aws sso login/);
    await expect(bootstrapState(failing('AccessDeniedException'))).rejects.toThrow(/may not read \/cdk-bootstrap\/hnb659fds\/version/);
  });

  test('a custom qualifier, given after -- or in cdk.json, names its own bootstrap, as CDK reads it', async () => {
    const key = '@aws-cdk/core:bootstrapQualifier';
    expect(bootstrapQualifier([])).toBe('hnb659fds');
    expect(bootstrapQualifier(['sesFromAddress=a@example.com'], { [key]: 'team1' })).toBe('team1');
    expect(bootstrapQualifier([`${key}=first`, 'waf=false', `${key}=vault2`], { [key]: 'team1' })).toBe('vault2');
    expect(bootstrapVersionParameter('vault2')).toBe('/cdk-bootstrap/vault2/version');
    await expect(bootstrapState(failing('AccessDeniedException'), bootstrapVersionParameter('vault2'))).rejects.toThrow(
      /may not read \/cdk-bootstrap\/vault2\/version/,
    );
  });
});

test('cdk deploy takes the stage, its stack alone, an outputs file and the context given after --', () => {
  expect(
    cdkDeployArgs({
      stackName: 'StatementVault-prod',
      stage: 'prod',
      outputsFile: 'o.json',
      context: ['sesFromAddress=a@b.co'],
      approve: false,
    }),
  ).toEqual(['cdk', 'deploy', 'StatementVault-prod', '--outputs-file', 'o.json', '-c', 'stage=prod', '-c', 'sesFromAddress=a@b.co']);
  expect(cdkDeployArgs({ stackName: 'S', stage: 'dev', outputsFile: 'o', context: [], approve: true }).slice(-2)).toEqual([
    '--require-approval',
    'never',
  ]);
});

describe('the check of the deployed web app', () => {
  const site = (answers: Record<string, () => Response>) => async (url: string) => {
    const answer = answers[url];
    if (!answer) throw new TypeError('fetch failed', { cause: 'ENOTFOUND' });
    return answer();
  };
  const healthy = {
    'https://d1.cloudfront.net': () =>
      new Response('<html>client-123</html>', { headers: { 'strict-transport-security': 'max-age=63072000' } }),
    'http://d1.cloudfront.net': () => new Response(null, { status: 301, headers: { location: 'https://d1.cloudfront.net/' } }),
  };

  test('passes when the page carries the stack config over HTTPS and HTTP is redirected', async () => {
    await expect(checkWebApp('https://d1.cloudfront.net', 'client-123', site(healthy))).resolves.toEqual([]);
  });

  test('names each problem: another config, no HSTS, no redirect, a name that does not resolve yet', async () => {
    const wrong = {
      'https://d1.cloudfront.net': () => new Response('<html>client-999</html>'),
      'http://d1.cloudfront.net': () => new Response('plain', { status: 200 }),
    };
    await expect(checkWebApp('https://d1.cloudfront.net', 'client-123', site(wrong))).resolves.toEqual([
      "https://d1.cloudfront.net does not carry this stack's config (user pool client client-123)",
      'https://d1.cloudfront.net has no Strict-Transport-Security header',
      'http:// is not redirected to https:// (answered 200)',
    ]);
    const problems = await checkWebApp('https://vault.example.com', 'client-123', site(healthy));
    expect(problems[0]).toBe('https://vault.example.com could not be reached (ENOTFOUND)');
  });
});
