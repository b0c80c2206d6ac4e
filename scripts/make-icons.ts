/**
 * The app's PNG icons for its manifest (web/public/icons/icon-{192,512}.png), drawn from its
 * one icon (web/app/icon.svg) by Debian's chromium: run after changing the icon.
 *   node --import tsx scripts/make-icons.ts
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, ensureChromium } from '../test/e2e/support/chromium';

const WEB = path.join(__dirname, '..', 'web');
const ICON_SIZES = [192, 512] as const;

const main = async () => {
  const svg = fs.readFileSync(path.join(WEB, 'app', 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  try {
    for (const size of ICON_SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
      await page.screenshot({ path: path.join(WEB, 'public', 'icons', `icon-${size}.png`), omitBackground: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
};

main().catch((error: Error) => {
  console.error(`make-icons: ${error.message}`);
  process.exit(1);
});
