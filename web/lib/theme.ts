/**
 * Design tokens, as CSS custom properties: one palette for a light system setting and one
 * for a dark one, each chosen for WCAG AA contrast (4.5:1 or better for text on the
 * surfaces it appears on; white on `primary` and `dangerStrong` buttons too). Components
 * use `theme.color.*`, which name the properties, so they follow the system setting
 * without a line of their own.
 */
const LIGHT = {
  text: '#111827',
  muted: '#4b5563',
  /** Buttons and accents behind white text. */
  primary: '#1d4ed8',
  /** Links and the current page: text on the page's surfaces. */
  link: '#1d4ed8',
  /** Error text. */
  danger: '#b91c1c',
  /** Destructive buttons behind white text. */
  dangerStrong: '#b91c1c',
  dangerSurface: '#fef2f2',
  dangerBorder: '#fecaca',
  border: '#d1d5db',
  surface: '#ffffff',
  background: '#f3f4f6',
  highlight: '#eff6ff',
  onPrimary: '#ffffff',
  focus: '#f59e0b',
} as const;

const DARK: Record<keyof typeof LIGHT, string> = {
  text: '#f3f4f6',
  muted: '#b6bcc6',
  primary: '#2563eb',
  link: '#93c5fd',
  danger: '#fca5a5',
  dangerStrong: '#b91c1c',
  dangerSurface: '#3f1212',
  dangerBorder: '#7f1d1d',
  border: '#4b5563',
  surface: '#1f2937',
  background: '#111827',
  highlight: '#1e3a5f',
  onPrimary: '#ffffff',
  focus: '#f59e0b',
};

export type ColorToken = keyof typeof LIGHT;

const property = (token: string) => `--vault-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

const declarations = (palette: Record<string, string>) =>
  Object.entries(palette)
    .map(([token, value]) => `${property(token)}: ${value};`)
    .join(' ');

/**
 * The coloured toasts' backgrounds, behind their white text: react-toastify's own (#07bc0c
 * green, #3498db blue…) give white text 2-3:1. These keep each colour and reach 4.5:1.
 */
export const TOAST_COLORS = { info: '#0a5ea8', success: '#1b7a2e', warning: '#8a5a00', error: '#b3261e' } as const;

/**
 * The palettes as CSS, for the global styles: light by default, dark when the system asks
 * for it; the toasts' colours, set with more weight than react-toastify's stylesheet, which
 * loads after them.
 */
export const colorSchemeCss = `:root { color-scheme: light dark; ${declarations(LIGHT)} }
@media (prefers-color-scheme: dark) { :root { ${declarations(DARK)} } }
:root:root { ${Object.entries(TOAST_COLORS)
  .map(([kind, color]) => `--toastify-color-${kind}: ${color};`)
  .join(' ')} }`;

/** The palettes themselves, for tests that check their contrast. */
export const PALETTES = { light: LIGHT, dark: DARK } as const;

export const theme = {
  color: Object.fromEntries(Object.keys(LIGHT).map((token) => [token, `var(${property(token)})`])) as Record<ColorToken, string>,
  radius: '8px',
  /** Every current browser maps system-ui to the platform's own face (San Francisco, Segoe UI, Roboto…). */
  font: 'system-ui, sans-serif',
} as const;
