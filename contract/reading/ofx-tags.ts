import { tick } from './deadline';

/**
 * The aggregates of an OFX or QFX file's text, found by one pass over its tags. Version 1
 * (SGML) leaves its leaf elements unclosed and version 2 (XML) closes them, but both close
 * their aggregates (STMTTRN, BANKACCTFROM, LEDGERBAL…), so an aggregate runs from its start
 * tag to the first end tag of its name after it; the blocks of the names asked for do not
 * overlap, and one that never closes is no block.
 *
 * A pattern that searches lazily for the end tag (`<X>([\s\S]*?)</X>`) searches the rest of
 * the text again from every start tag that has none, so a file of unclosed start tags takes
 * time in the square of its length; here each tag is looked at once, and which end tag
 * closes a start tag is found by walking each name's end tags forward, never back.
 */

/** An aggregate: its tag's name (upper case) and its content, from after its start tag to its end tag. */
export interface OfxBlock {
  name: string;
  /** Where its content begins: just after the start tag. */
  from: number;
  /** Where its content ends: the end tag's `<`. */
  to: number;
}

/** Characters of a tag's name: OFX's are letters, digits and dots (INTU.BID); XML's may hold `_`, `-` and `:`. */
const isNameChar = (code: number) =>
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  (code >= 48 && code <= 57) ||
  code === 46 ||
  code === 95 ||
  code === 45 ||
  code === 58;

const LT = 60;
const GT = 62;
const SLASH = 47;

/**
 * The blocks of the aggregates named, by group, in file order: from each start tag to the
 * first end tag of the same name after it. Within a group blocks do not overlap (a start tag
 * inside a block taken is part of it, as the transactions of a list are), and a start tag
 * with no end tag after it is passed over (a later aggregate of another name may still
 * close); groups are read apart, so one group's blocks may hold another's. Names are matched
 * in any case; each name is in one group.
 */
export const ofxAggregates = <G extends string>(text: string, groups: Record<G, readonly string[]>): Record<G, OfxBlock[]> => {
  const keys = Object.keys(groups) as G[];
  const names = keys.flatMap((key, group) => groups[key].map((name) => ({ name: name.toUpperCase(), group })));
  const byName = new Map(names.map(({ name }, index) => [name, index]));
  const lengths = new Set(names.map(({ name }) => name.length));
  // Start tags as parallel arrays (position of `<`, name's index); end tags' positions by name.
  const startAt: number[] = [];
  const startName: number[] = [];
  const ends: number[][] = names.map(() => []);
  for (let at = text.indexOf('<'); at !== -1;) {
    tick();
    let cursor = at + 1;
    const closing = text.charCodeAt(cursor) === SLASH;
    if (closing) cursor++;
    const nameFrom = cursor;
    while (cursor < text.length && isNameChar(text.charCodeAt(cursor))) cursor++;
    // Only a name of a length asked for is cut out of the text and looked up.
    if (lengths.has(cursor - nameFrom) && text.charCodeAt(cursor) === GT) {
      const index = byName.get(text.slice(nameFrom, cursor).toUpperCase());
      if (index !== undefined) {
        if (closing) ends[index].push(at);
        else {
          startAt.push(at);
          startName.push(index);
        }
      }
    }
    // What lies between this `<` and the cursor is a slash and name characters: no `<` is passed over.
    at = text.charCodeAt(cursor) === LT ? cursor : text.indexOf('<', cursor);
  }
  const found = Object.fromEntries(keys.map((key) => [key, [] as OfxBlock[]])) as Record<G, OfxBlock[]>;
  const next = names.map(() => 0);
  const resume = keys.map(() => 0);
  for (let index = 0; index < startAt.length; index++) {
    tick();
    const { name, group } = names[startName[index]];
    if (startAt[index] < resume[group]) continue;
    const from = startAt[index] + name.length + 2;
    const closes = ends[startName[index]];
    let end = next[startName[index]];
    while (end < closes.length && closes[end] < from) end++;
    next[startName[index]] = end;
    if (end === closes.length) continue;
    found[keys[group]].push({ name, from, to: closes[end] });
    resume[group] = closes[end] + name.length + 3;
  }
  return found;
};
