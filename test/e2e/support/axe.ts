import * as fs from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.x levels A and AA rules: what the app promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core run in the page as it stands, through the debugging protocol (so the page's
 * CSP, which refuses any script without its nonce, stays as strict as for a visitor).
 * Each violation comes back as one readable line: rule, impact and the elements.
 */
export const accessibilityViolations = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: {
            run(
              context: Document,
              options: object,
            ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    WCAG_TAGS,
  );
  return result.violations.map(
    (violation) =>
      `${new URL(page.url()).pathname} ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
};
