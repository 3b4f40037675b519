/**
 * What a person typed into a number field, read without throwing it away (issue 11: letters,
 * `-50` and `12e5` used to empty the field silently). The field keeps its text; this says which
 * number it means, or what is wrong with it, so the screen can show the message beside the text
 * and never compute with a number other than the one shown.
 */

/** The range a field accepts and the message shown when the text is not a number in it. */
export interface NumberRule {
  min: number;
  max: number;
  /** e.g. 'Enter an interest rate from 0% to 25%' */
  message: string;
}

export interface NumberEntry {
  /** the number the text means; null when empty or wrong */
  value: number | null;
  /** the rule's message when the text is not a number in range; null otherwise (also when empty) */
  error: string | null;
}

/** Plain decimals only: no sign, no exponent (12e5 is not how anyone writes a price). */
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * The text as a plain number: spaces and thousands separators are ignored, as is a leading '$' or
 * a trailing '%' (the field shows those itself). Null when it is not a plain non-negative decimal.
 */
export function numberFromText(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/%$/, '').replace(/[\s,]/g, '');
  if (!DECIMAL.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** Whether the text could be a number at all (empty counts: nothing is wrong yet). */
export const isNumberText = (text: string) => text.trim() === '' || numberFromText(text) !== null;

/** Reads a field's text against its rule. Empty is not an error here: required fields say so themselves. */
export function readNumberEntry(text: string, rule: NumberRule): NumberEntry {
  if (text.trim() === '') return { value: null, error: null };
  const n = numberFromText(text);
  if (n === null || n < rule.min || n > rule.max) return { value: null, error: rule.message };
  return { value: n, error: null };
}
