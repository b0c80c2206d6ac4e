import { PALETTES, TOAST_COLORS, colorSchemeCss, theme } from '../../web/lib/theme';

/**
 * Dark mode keeps the light theme's contrast guarantees: every text colour on every
 * surface it is shown on, and white on the filled buttons, at WCAG AA (4.5:1) or better.
 */
const luminance = (hex: string): number => {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

describe.each(Object.entries(PALETTES))('the %s palette', (_name, palette) => {
  test.each(['text', 'muted', 'link', 'danger'] as const)('%s is readable on the page and on cards', (token) => {
    for (const ground of [palette.surface, palette.background]) expect(contrast(palette[token], ground)).toBeGreaterThanOrEqual(4.5);
  });

  test('button text is readable on primary and destructive buttons, and error text on its own box', () => {
    expect(contrast(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.onPrimary, palette.dangerStrong)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.danger, palette.dangerSurface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.text, palette.highlight)).toBeGreaterThanOrEqual(4.5);
  });
});

test('components name custom properties, and the dark palette applies only when the system asks for it', () => {
  expect(theme.color.dangerStrong).toBe('var(--vault-danger-strong)');
  expect(colorSchemeCss).toMatch(/^:root \{ color-scheme: light dark; --vault-text: #111827;/);
  expect(colorSchemeCss).toContain('@media (prefers-color-scheme: dark) { :root { --vault-text: #f3f4f6;');
});

test("the coloured toasts' white text is readable on each colour, and the page sets them over react-toastify's", () => {
  for (const color of Object.values(TOAST_COLORS)) expect(contrast('#ffffff', color)).toBeGreaterThanOrEqual(4.5);
  expect(colorSchemeCss).toContain(':root:root { --toastify-color-info: #0a5ea8; --toastify-color-success: #1b7a2e;');
});
