/**
 * Whether what someone typed as a property's address looks like a New Zealand street address
 * (issue 11): the address becomes public on the map and in the directory, so "asdf", "123", an
 * email or a link should not. Zod-free, so the web app checks it as the server does
 * (ValuationRequest in api/valuations.ts).
 *
 * The rule is deliberately permissive, since real addresses vary a lot:
 * - a number: a street number, with an optional letter and/or unit ("15", "15A", "2/15", "3/45A",
 *   "12-14"); any number in the address counts, so "Flat 3, 12 Kelburn Parade" and "RD 2 Ōhaupō"
 *   pass;
 * - at least two words of two or more letters ("12 Kelburn Parade", "12 The Terrace", "RD 2
 *   Ōhaupō"), or one of the one-word street names ("12 Broadway", "1 Esplanade");
 * - no email address, link or web address, and no PO Box or Private Bag (a postal address is not
 *   a property).
 * Punctuation and other text around it are left alone: the address is escaped wherever it is shown.
 */

/** What a person is told when the address does not look like one. */
export const ADDRESS_HINT = 'Enter a street address, e.g. 12 Kelburn Parade.';

/** A street number: optional unit ("2/", "3A/", "G1/"), the number, an optional letter, an optional range ("12-14"). */
const NUMBER = /^(?:[a-z]{0,2}\d{1,5}[a-z]?\/)?\d{1,5}[a-z]?(?:-\d{1,5}[a-z]?)?$/i;
/** A word: letters (any script, with their accents), perhaps joined by an apostrophe, hyphen or full stop. */
const WORD = /^[\p{L}\p{M}]+(?:['’.-][\p{L}\p{M}]*)*$/u;
/** Streets whose whole name is one word. */
const ONE_WORD_STREETS = new Set(['broadway', 'esplanade', 'strand', 'promenade', 'boulevard', 'quay', 'parade', 'terrace']);
const EMAIL_OR_LINK = /@|:\/\/|\bwww\.|\.(?:com|net|org|io|html?|php)\b|\.(?:co|org|govt|ac|net)\.nz\b/i;
const POSTAL = /\b(?:p\.?\s?o\.?\s*box|private\s+bag)\b/i;

const letters = (word: string) => (word.match(/\p{L}/gu) ?? []).length;

export function looksLikeAddress(text: string): boolean {
  const address = text.normalize('NFC').trim();
  if (address.length < 4 || address.length > 200) return false;
  if (EMAIL_OR_LINK.test(address) || POSTAL.test(address)) return false;
  const tokens = address.split(/[\s,;]+/).map((t) => t.replace(/^[("'“‘]+|[)"'”’.:]+$/g, '')).filter(Boolean);
  if (!tokens.some((t) => NUMBER.test(t))) return false;
  const words = tokens.filter((t) => WORD.test(t) && letters(t) >= 2);
  if (words.length >= 2) return true;
  return words.length === 1 && ONE_WORD_STREETS.has(words[0]!.toLowerCase());
}
