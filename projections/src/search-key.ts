/**
 * Text as a search compares it: without accents or macrons (so "kainga" finds "Kāinga"), lower
 * case, one space between words, nothing outside the Basic Multilingual Plane (an emoji would sort
 * after the prefix range's upper bound in MongoDB's UTF-8 order). Read models store it beside the
 * text, indexed, and a search normalises the query the same way.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u{10000}-\u{10FFFF}]/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The filter of every string that starts with `prefix`: one range of an index on the field, so
 * both stores read only the matching entries (no regular expression, which the embedded store
 * would answer by a scan).
 */
export function startsWith(prefix: string): { $gte: string; $lt: string } {
  return { $gte: prefix, $lt: `${prefix}\uffff` };
}
