import { normalisePlace } from './comparables';

/** The suffixes an address may abbreviate, so "14 Rata St" and "2 Rata Street" share a street. */
const STREET_SUFFIXES: Record<string, string> = {
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  cres: 'crescent',
  cr: 'crescent',
  pl: 'place',
  dr: 'drive',
  tce: 'terrace',
  ln: 'lane',
  hwy: 'highway',
  pde: 'parade',
  ct: 'court',
  cl: 'close',
  gr: 'grove',
  sq: 'square',
};

/**
 * The street of an address, normalised: "2/14A Rata St" → "rata street" (unit, number and letter
 * dropped, the suffix spelled out, case and macrons ignored); null when the address has no
 * number before a name (a rural address, a building's name).
 */
export function streetOf(address: string): string | null {
  const match = /^\s*(?:(?:flat|unit|apt)\s*\w+\s*,?\s*)?(?:\w+\s*\/\s*)?\d+\s*[a-z]?\s*,?\s+(.+?)\s*$/i.exec(address);
  if (!match) return null;
  const words = normalisePlace(match[1]!.replace(/[.,]/g, ' ')).split(' ').filter(Boolean);
  if (words.length === 0 || /^\d/.test(words[0]!)) return null;
  const last = words.length - 1;
  words[last] = STREET_SUFFIXES[words[last]!] ?? words[last]!;
  return words.join(' ');
}
