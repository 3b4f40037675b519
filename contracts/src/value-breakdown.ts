/**
 * The Value Breakdown of a valuation, shared by the results screen (pwa ValuationSummary) and the
 * full report (command-api valuations/report.ts), so both show the same rows adding up the same way.
 */

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

/** The figures a breakdown reads (a user's valuation, or a valuation document's property and estimate). */
export interface BreakdownFigures {
  rateableValue: number | null;
  baseValue: number | null;
  conditionAdjustment: number | null;
  marketAdjustment: number | null;
  estimatedValue: number | null;
}

/**
 * The Value Breakdown: Base Rateable Value, Condition Adjustment, Market Adjustment and Total
 * Estimated Value (consumer spec). The valuation model starts from a base value that blends the
 * rateable value with comparable sales (estimated = base + condition + market), so when the base
 * differs from the RV one more row, 'Comparable Sales Adjustment', shows the difference: the rows
 * then add up to the total. Without an RV the base value is shown as 'Base Value from Comparable
 * Sales' instead.
 */
export function valueBreakdown(v: BreakdownFigures): Breakdown {
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
