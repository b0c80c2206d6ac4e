/** A cell as the filing rules read it: text, a number as written, a date as YYYY-MM-DD. */
export const cellText = (value: unknown): string => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
};
