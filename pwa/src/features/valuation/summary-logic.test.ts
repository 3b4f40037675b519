import { describe, expect, it } from 'vitest';
import { formatSignedNZD } from '../../format/format';
import { adjustmentTone, listedFacts, summaryConfidence, valueBreakdown } from './summary-logic';

const base = { rateableValue: 900_000, baseValue: 950_000, conditionAdjustment: 19_000, marketAdjustment: -8_000, estimatedValue: 961_000 };

describe('value breakdown', () => {
  it('starts from the RV, adds the sales difference and the adjustments, and adds up to the total', () => {
    const b = valueBreakdown(base);
    expect(b.rows.map((r) => r.label)).toEqual(['Base Rateable Value', 'Comparable Sales Adjustment', 'Condition Adjustment', 'Market Adjustment']);
    expect(b.rows[0]).toMatchObject({ value: 900_000, signed: false });
    expect(b.rows[1]).toMatchObject({ value: 50_000, signed: true });
    expect(b.total).toBe(961_000);
    expect(b.rows.reduce((sum, r) => sum + (r.value ?? 0), 0)).toBe(b.total);
  });
  it('leaves the sales row out when the base is the RV', () => {
    const b = valueBreakdown({ ...base, baseValue: 900_000, estimatedValue: 911_000 });
    expect(b.rows.map((r) => r.key)).toEqual(['base', 'condition', 'market']);
  });
  it('without an RV starts from the base value of comparable sales', () => {
    const b = valueBreakdown({ ...base, rateableValue: null });
    expect(b.rows[0]).toMatchObject({ label: 'Base Rateable Value', value: null });
    expect(b.rows[1]).toMatchObject({ label: 'Base Value from Comparable Sales', value: 950_000, signed: false });
    expect(b.rows.reduce((sum, r) => sum + (r.value ?? 0), 0)).toBe(b.total);
  });
  it('shows missing adjustments as 0', () => {
    const b = valueBreakdown({ ...base, conditionAdjustment: null, marketAdjustment: null });
    expect(b.rows.find((r) => r.key === 'condition')?.value).toBe(0);
    expect(b.rows.find((r) => r.key === 'market')?.value).toBe(0);
  });
});

describe('adjustment sign and colour', () => {
  it('non-negative: plus sign, green; negative: minus sign, red', () => {
    expect(adjustmentTone(0)).toBe('positive');
    expect(adjustmentTone(12_000)).toBe('positive');
    expect(adjustmentTone(-1)).toBe('negative');
    expect(formatSignedNZD(0)).toBe('+$0');
    expect(formatSignedNZD(12_000)).toBe('+$12,000');
    expect(formatSignedNZD(-8_000)).toBe('-$8,000');
  });
});

describe('summary confidence', () => {
  it("always reads High with the percentage, 75 when absent, and fills round(c/100×5) dots", () => {
    expect(summaryConfidence(null)).toEqual({ percent: 75, filled: 4, text: 'High (75%)' });
    expect(summaryConfidence(30)).toEqual({ percent: 30, filled: 2, text: 'High (30%)' });
    expect(summaryConfidence(95)).toEqual({ percent: 95, filled: 5, text: 'High (95%)' });
    expect(summaryConfidence(9)).toMatchObject({ filled: 0, text: 'High (9%)' });
    expect(summaryConfidence(70)).toMatchObject({ filled: 4 });
  });
});

describe('listed valuation defaults', () => {
  it('are 3 bed, 2 bath, 150 sqm when missing', () => {
    expect(listedFacts({ bedrooms: null, bathrooms: null, floorArea: null })).toEqual({ bedrooms: 3, bathrooms: 2, floorArea: 150 });
    expect(listedFacts({ bedrooms: 5, bathrooms: 1, floorArea: 90 })).toEqual({ bedrooms: 5, bathrooms: 1, floorArea: 90 });
  });
});
