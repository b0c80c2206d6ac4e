/**
 * Institutions' names as files write them differ ("JPMorgan Chase Bank, N.A." on a PDF,
 * "Chase" in an export's name, "ING-DiBa AG" and "ING"): two names are the same
 * institution when every distinctive word of the shorter is in the longer. Legal forms
 * (AG, S.A., N.A., plc) and words every bank uses (bank, the, of) are not distinctive, so
 * "First Harbor Bank" and "First National Bank" stay two.
 */

/** Legal forms and words that do not tell one institution from another. */
const GENERIC = new Set([
  'ag', 'sa', 'na', 'nv', 'eg', 'se', 'plc', 'ltd', 'llc', 'inc', 'gmbh', 'kg', 'spa', 'sl', 'sas', 'co', 'corp',
  'the', 'of', 'and', 'et', 'de', 'del', 'la', 'le', 'y', 'und', 'der', 'die',
  'bank', 'banque', 'banco', 'banca', 'group', 'groupe', 'grupo', 'company', 'sucursal', 'en', 'espana', 'france', 'deutschland',
  // An OFX's ORG is often the bank's domain ("fidelity.com"): its ending tells no bank from another.
  'www', 'com', 'net', 'org',
]); // prettier-ignore

/** The distinctive words of an institution's name: lower case, without accents, legal forms or generic words. */
export const institutionWords = (name: string): string[] =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // "S.A." and "N.A." are one word each.
    .replace(/\b(\p{L})\.(\p{L})\.?/gu, '$1$2')
    .split(/[^\p{L}\d]+/u)
    .filter((word) => word && !GENERIC.has(word));

/** Whether two names are the same institution (neither may be empty of distinctive words). */
export const sameInstitution = (a: string, b: string): boolean => {
  const [shorter, longer] = [institutionWords(a), institutionWords(b)].sort((x, y) => x.length - y.length);
  if (shorter.length === 0) return false;
  const words = new Set(longer);
  return shorter.every((word) => words.has(word));
};
