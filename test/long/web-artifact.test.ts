import * as fs from 'node:fs';
import * as path from 'node:path';
import { readOpenNextArtifact, recordedFingerprint, webArtifactDir } from '../../lib/web-artifact';
import { buildWebArtifact, webBuildIsCurrent } from '../../lib/web-build';
import { webBuildId, webSourcesFingerprint } from '../../lib/web-sources';
import { synthVault } from '../support/vault-app';

/**
 * What `npm run deploy` ships: OpenNext's build for Lambda, synthesized into both stages
 * with cdk-nag and the CloudFormation validator. (The browser suite runs the same app
 * behind the local server, open-next.local.config.ts.)
 */
let artifact: string;
beforeAll(() => {
  artifact = buildWebArtifact('aws', { quiet: true });
}, 300_000);

test('the build is for Lambda response streaming and names its server and static files', () => {
  const built = readOpenNextArtifact(artifact);
  expect(fs.existsSync(path.join(built.server.bundleDir, 'index.mjs'))).toBe(true);
  expect(built.server.handler).toBe('index.handler');
  expect(built.staticPatterns).toEqual(expect.arrayContaining(['_next/*']));
  expect(fs.readdirSync(path.join(built.assetsDir, '_next', 'static')).length).toBeGreaterThan(0);
});

test("the build records the sources it was made from, and Next.js's build id is theirs (the same sources build the same app)", () => {
  const fingerprint = recordedFingerprint(artifact);
  expect(fingerprint).toBe(webSourcesFingerprint());
  expect(fs.readFileSync(path.join(artifact, 'assets', 'BUILD_ID'), 'utf8').trim()).toBe(webBuildId(fingerprint!));
  expect(readOpenNextArtifact(artifact).sourceFingerprint).toBe(fingerprint);
  expect(webBuildIsCurrent('aws')).toBe(true);
});

test('the server that deploys carries none of the local server: its config names the Lambda streaming wrapper', () => {
  const config = fs.readFileSync(path.join(readOpenNextArtifact(artifact).server.bundleDir, 'web', 'open-next.config.mjs'), 'utf8');
  expect(config).toContain('aws-lambda-streaming');
  expect(config).not.toContain('statement-vault-local');
  expect(config).not.toMatch(/express|compressible/);
});

test('no config, no secret and no local file ends up in what deploys', () => {
  const files = fs.readdirSync(artifact, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const names = files.map((entry) => path.relative(artifact, path.join(entry.parentPath, entry.name)));
  expect(names.filter((name) => /amplify_outputs|(^|\/)\.env|\.local-data|cdk-outputs/.test(name))).toEqual([]);
});

test.each(['dev', 'prod'])(
  '%s synthesizes with the real build (cdk-nag and the CloudFormation validator pass)',
  (stage) => {
    const { template, stack } = synthVault({
      stage,
      webArtifact: webArtifactDir('aws'),
      ...(stage === 'dev' ? { sesFromAddress: undefined, sesVerifiedDomain: undefined } : {}),
    });
    template.hasResourceProperties('AWS::Lambda::Url', { InvokeMode: 'RESPONSE_STREAM' });
    expect(stack.web.webOrigin).toBe('https://vault.example.com');
  },
  120_000,
);
