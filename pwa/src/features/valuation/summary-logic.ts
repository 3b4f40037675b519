/**
 * What the Valuation Summary shows (consumer spec "Valuation Summary (results)"), kept pure.
 */
import { DEFAULT_CONFIDENCE, filledConfidenceDots } from '@kainga/contracts/browser';
import type { UserValuation } from '@kainga/contracts';

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

export interface BreakdownRow {
  key: 'base' | 'sales' | 'condition' | 'market';
  label: string;
  value: number | null;
  /** shown with a sign and coloured (adjustments) */
  signed: boolean;
  /** a short explanation for screen and tooltip */
  hint?: string;
}

export interface Breakdown {
  rows: BreakdownRow[];
  total: number | null;
}

/**
 * The Value Breakdown: Base Rateable Value, Condition Adjustment, Market Adjustment and Total
 * Estimated Value (consumer spec). The valuation model starts from a base value that blends the
 * rateable value with comparable sales (estimated = base + condition + market), so when the base
 * differs from the RV one more row, 'Comparable Sales Adjustment', shows the difference: the rows
 * then add up to the total. Without an RV the base value is shown as 'Base Value from Comparable
 * Sales' instead.
 */
export function valueBreakdown(v: Pick<UserValuation, 'rateableValue' | 'baseValue' | 'conditionAdjustment' | 'marketAdjustment' | 'estimatedValue'>): Breakdown {
  const rows: BreakdownRow[] = [];
  const rv = v.rateableValue;
  rows.push({ key: 'base', label: 'Base Rateable Value', value: rv, signed: false, hint: 'The council rateable value (RV) you entered.' });
  if (v.baseValue !== null) {
    if (rv !== null) {
      const difference = v.baseValue - rv;
      if (difference !== 0) {
        rows.push({
          key: 'sales',
          label: 'Comparable Sales Adjustment',
          value: difference,
          signed: true,
          hint: 'How far recent comparable sales and the sale-to-RV ratio move the value from the RV.',
        });
      }
    } else {
      rows.push({ key: 'sales', label: 'Base Value from Comparable Sales', value: v.baseValue, signed: false, hint: 'No RV was given, so the value starts from comparable sales.' });
    }
  }
  rows.push({ key: 'condition', label: 'Condition Adjustment', value: v.conditionAdjustment ?? 0, signed: true, hint: 'From your condition ratings.' });
  rows.push({ key: 'market', label: 'Market Adjustment', value: v.marketAdjustment ?? 0, signed: true, hint: 'From the recent trend of comparable sale prices.' });
  return { rows, total: v.estimatedValue };
}

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
