import * as fs from 'node:fs';
import * as path from 'node:path';
import { acceptAttribute } from '../../contract/file-types';
import { SHARE_TARGET, SHARE_TARGET_WORKER } from '../../contract/share-target';
import { APP_MANIFEST } from '../../web/lib/app-manifest';

describe('the vault as a share target', () => {
  const PUBLIC = path.join(__dirname, '..', '..', 'web', 'public');

  test("its worker's values are the contract's (it is a static file, so it repeats them)", () => {
    const worker = fs.readFileSync(path.join(PUBLIC, SHARE_TARGET_WORKER), 'utf8');
    const literal = /const SHARE_TARGET = (\{[^}]*\});/.exec(worker)?.[1];
    expect(literal).toBeDefined();
    // The object literal, read as JSON: its keys quoted, its strings in double quotes, no trailing comma.
    const json = literal!
      .replace(/'/g, '"')
      .replace(/(\w+):/g, '"$1":')
      .replace(/,\s*\}/, '}');
    expect(JSON.parse(json)).toEqual(SHARE_TARGET);
  });

  test("only the share target's worker handles fetches: the app's pages never start a worker for a request", () => {
    expect(fs.readFileSync(path.join(PUBLIC, SHARE_TARGET_WORKER), 'utf8')).toMatch(/addEventListener\('fetch'/);
    expect(fs.readFileSync(path.join(PUBLIC, 'sw.js'), 'utf8')).not.toMatch(/addEventListener\(\s*['"]fetch/);
  });

  test('the manifest names it, taking the files an upload takes, and opens the app on the list', () => {
    const app = APP_MANIFEST;
    expect(app.start_url).toBe('/statements');
    expect(app.share_target).toEqual({
      action: SHARE_TARGET.action,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: SHARE_TARGET.field, accept: acceptAttribute('statement').split(',') }] },
    });
    const icons: readonly { sizes: string; src: string }[] = app.icons;
    for (const size of ['192x192', '512x512']) {
      const icon = icons.find((one) => one.sizes === size)!;
      expect(fs.existsSync(path.join(__dirname, '..', '..', 'web', 'public', icon.src))).toBe(true);
    }
  });
});
