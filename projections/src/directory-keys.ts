import { searchKey } from './search-key';

/**
 * The normalised forms of a property's address, suburb and city that the directory searches
 * (projections/src/property-directory.ts): kept on each `properties` document under `search`,
 * indexed, and computed the same way (searchKey) for the words a person types. The admin's
 * property list searches the same keys by prefix.
 */

/** Words that may open an address before its number: "Flat 2, 10 Smith Road". */
const UNIT_WORDS = new Set(['flat', 'unit', 'apartment', 'apt', 'level', 'lot', 'shop', 'suite']);

/**
 * The street of a normalised address: the address less the numbers (and unit words) before the
 * street name — "3/45a queen street" → "queen street", "flat 2, 10 smith road" → "smith road".
 * An address of numbers alone is its own street.
 */
export function streetOf(address: string): string {
  const words = address.split(' ');
  let i = 0;
  while (i < words.length - 1 && (/\d/.test(words[i]!) || UNIT_WORDS.has(words[i]!.replace(/[,.]$/, '')))) i += 1;
  return words.slice(i).join(' ');
}

export interface SearchKeys {
  address: string;
  street: string;
  suburb: string;
  city: string;
  /** address, suburb and city on separate lines: a substring never spans two of them. */
  text: string;
}

export function searchKeysOf(p: { address: string; suburb: string; city: string }): SearchKeys {
  const address = searchKey(p.address);
  const suburb = searchKey(p.suburb);
  const city = searchKey(p.city);
  return { address, street: streetOf(address), suburb, city, text: `${address}\n${suburb}\n${city}` };
}

/** `text` as a regular expression that matches it literally. */
export const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
