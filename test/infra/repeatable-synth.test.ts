import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FINGERPRINT_FILE, WEB_ARTIFACT_STUB } from '../../lib/web-artifact';
import { synthVault } from '../support/vault-app';

/**
 * The same sources synthesize the same template, so `cdk diff` after a deploy of the same
 * commit is empty and a deploy of it changes nothing (no new web server, no CloudFront
 * invalidation): nothing in the template comes from the clock, and the web app's assets
 * are named by the sources their build was made from, not by the built files (a build
 * holds values Next.js draws at random, such as its server actions' key).
 */
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-repeatable-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A copy of the stand-in build, as a build of the same sources made on another day: other bytes, the same fingerprint. */
const buildOf = (name: string, fingerprint: string): string => {
  const copy = path.join(dir, name);
  fs.cpSync(WEB_ARTIFACT_STUB, copy, { recursive: true });
  fs.writeFileSync(path.join(copy, FINGERPRINT_FILE), fingerprint);
  fs.appendFileSync(path.join(copy, 'assets', 'BUILD_ID'), `\n${name}`);
  fs.appendFileSync(path.join(copy, 'server-functions', 'default', 'index.mjs'), `\n// ${name}: a key drawn at random\n`);
  return copy;
};

/** One synth of prod at an instant, with every Lambda bundled as a deploy bundles it. */
const synthAt = (instant: string, webArtifact: string) => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(instant));
  try {
    return JSON.stringify(synthVault({ webArtifact }, { bundle: true }).template.toJSON());
  } finally {
    now.mockRestore();
  }
};

test('two synths of the same sources, a year and a half apart, with two builds of the web app, give the same template', () => {
  const first = synthAt('2026-01-01T00:00:00Z', buildOf('monday', 'sources-0001'));
  const second = synthAt('2027-06-15T12:34:56Z', buildOf('tuesday', 'sources-0001'));
  expect(second === first).toBe(true);
}, 240_000);

test('a build of other sources is a new server and new static files (the names follow the sources, so the check can fail)', () => {
  const assetsOf = (webArtifact: string) => {
    const { template } = synthVault({ webArtifact });
    const server = Object.values(template.findResources('AWS::Lambda::Function')).find((fn: any) =>
      String(fn.Properties.Description).startsWith('web: the Next.js server'),
    ) as any;
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map((deployment: any) =>
      JSON.stringify(deployment.Properties.SourceObjectKeys),
    );
    return { server: JSON.stringify(server.Properties.Code), deployments };
  };
  const before = assetsOf(buildOf('before', 'sources-0002'));
  const after = assetsOf(buildOf('after', 'sources-0003'));
  expect(after.server).not.toBe(before.server);
  expect(after.deployments).toHaveLength(2);
  for (const [index, keys] of after.deployments.entries()) expect(keys).not.toBe(before.deployments[index]);
  // The server and the static files are two assets of one build, never one name for both.
  expect(before.deployments[0]).not.toContain(JSON.parse(before.server).S3Key);
});
