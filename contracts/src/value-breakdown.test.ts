import { describe, expect, it } from 'vitest';
import { valueBreakdown } from './value-breakdown';

const base = { rateableValue: 900_000, baseValue: 950_000, conditionAdjustment: 19_000, marketAdjustment: -8_000, estimatedValue: 961_000 };
const sum = (b: ReturnType<typeof valueBreakdown>) => b.rows.reduce((s, r) => s + (r.value ?? 0), 0);

describe('valueBreakdown (results screen and report)', () => {
  it('starts from the RV, adds the sales difference and the adjustments, and adds up to the total', () => {
    const b = valueBreakdown(base);
    expect(b.rows.map((r) => r.key)).toEqual(['base', 'sales', 'condition', 'market']);
    expect(sum(b)).toBe(961_000);
    expect(b.total).toBe(961_000);
  });
  it('adds up without an RV (the base value of comparable sales stands first)', () => {
    const b = valueBreakdown({ ...base, rateableValue: null });
    expect(b.rows[1]).toMatchObject({ label: 'Base Value from Comparable Sales', value: 950_000 });
    expect(sum(b)).toBe(b.total);
  });
  it('leaves the sales row out when the base is the RV', () => {
    expect(valueBreakdown({ ...base, baseValue: 900_000, estimatedValue: 911_000 }).rows.map((r) => r.key)).toEqual(['base', 'condition', 'market']);
  });
});
