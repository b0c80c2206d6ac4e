import { monthFromName } from './dates';

/**
 * The period a file's name gives, as banks and people name statements: "2024-01",
 * "202401", "Jan 2024", "January_2024", "2024_01_31", "01-2024", "Statement 20240131.pdf".
 * Where the name holds several (an export's creation date beside the statement's), the
 * latest is the statement's end. Undefined when the name gives none.
 */
export const periodFromFileName = (fileName: string): string | undefined => {
  const name = fileName.replace(/\.[a-z0-9]{2,4}$/i, '');
  const found: string[] = [];
  const add = (year: number, month: number) => {
    if (year >= 1990 && year <= 2100 && month >= 1 && month <= 12) found.push(`${year}-${String(month).padStart(2, '0')}`);
  };
  // Digits not run together with other digits: 2024-01, 2024_01_31, 20240131, 202401.
  for (const match of name.matchAll(/(?<!\d)(\d{4})[-_. ]?(\d{2})(?:[-_. ]?(\d{2}))?(?!\d)/g)) {
    const [, year, month, day] = match;
    if (day !== undefined && (Number(day) < 1 || Number(day) > 31)) continue;
    add(Number(year), Number(month));
  }
  // Month first: 01-2024, 01.2024 (a day before it, 31.01.2024, changes nothing).
  for (const match of name.matchAll(/(?<![\d])(\d{1,2})[-_. ](\d{4})(?!\d)/g)) add(Number(match[2]), Number(match[1]));
  // Month names: Jan 2024, January_2024, 2024-Jan, März 2024. A name is tried from its word's start only (from each
  // of its letters, a long word would be read again from every one).
  for (const match of name.matchAll(/(?<!\p{L})(\p{L}{3,}\.?)[-_. ]*(\d{4})(?!\d)|(?<!\d)(\d{4})[-_. ]*(\p{L}{3,})/gu)) {
    const word = match[1] ?? match[4];
    const year = match[2] ?? match[3];
    const month = monthFromName(word);
    if (month) add(Number(year), month);
  }
  return found.sort().at(-1);
};
