/** Design tokens: colours chosen for WCAG AA contrast on white (4.5:1 or better for text). */
export const theme = {
  color: {
    text: '#111827',
    muted: '#4b5563',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    danger: '#b91c1c',
    success: '#047857',
    border: '#d1d5db',
    surface: '#ffffff',
    background: '#f3f4f6',
    focus: '#f59e0b',
  },
  radius: '8px',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;
