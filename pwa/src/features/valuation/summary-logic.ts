/**
 * What the Valuation Summary shows (consumer spec "Valuation Summary (results)"), kept pure.
 */
import { DEFAULT_CONFIDENCE, filledConfidenceDots } from '@kainga/contracts/browser';

export const CONFIDENCE_DOTS = 5;

/**
 * The summary's confidence: 5 dots, filled = round(confidence / 100 × 5), and the text
 * 'High (n%)' — the label always reads High on this card (consumer spec); 75 when absent.
 */
export function summaryConfidence(confidence: number | null | undefined): { percent: number; filled: number; text: string } {
  const percent = Math.round(confidence ?? DEFAULT_CONFIDENCE);
  const filled = Math.min(CONFIDENCE_DOTS, Math.max(0, filledConfidenceDots(confidence ?? DEFAULT_CONFIDENCE)));
  return { percent, filled, text: `High (${percent}%)` };
}

export type Tone = 'positive' | 'negative' | 'neutral';

/** An adjustment's colour: green when non-negative, red when negative. */
export const adjustmentTone = (value: number): Tone => (value >= 0 ? 'positive' : 'negative');

/** The Value Breakdown is shared with the full report (contracts/src/value-breakdown.ts). */
export { valueBreakdown, type Breakdown, type BreakdownRow } from '@kainga/contracts/browser';

/** Display defaults for a listed valuation when property data is missing (consumer spec): 3 bed, 2 bath, 150 sqm. */
export const LISTED_DEFAULTS = { bedrooms: 3, bathrooms: 2, floorArea: 150 } as const;

export function listedFacts(p: { bedrooms: number | null; bathrooms: number | null; floorArea: number | null }): { bedrooms: number; bathrooms: number; floorArea: number } {
  return {
    bedrooms: p.bedrooms ?? LISTED_DEFAULTS.bedrooms,
    bathrooms: p.bathrooms ?? LISTED_DEFAULTS.bathrooms,
    floorArea: p.floorArea ?? LISTED_DEFAULTS.floorArea,
  };
}

/** 'address, suburb, city' without empty parts. */
export const fullAddress = (p: { address: string; suburb: string; city: string }) =>
  [p.address, p.suburb, p.city].map((s) => s.trim()).filter(Boolean).join(', ');
