import { describe, expect, it } from 'vitest';
import { BLEND_COMPARABLES_FLOOR, BLEND_COMPARABLES_SPAN, blendError, blendWeight } from './blend';

describe('blendWeight', () => {
  it('weighs by inverse variance, never giving either estimate all or nothing', () => {
    expect(blendWeight(0.05, 0.1)).toBeCloseTo(0.8, 9);
    expect(blendWeight(0.001, 1)).toBe(BLEND_COMPARABLES_FLOOR + BLEND_COMPARABLES_SPAN);
    expect(blendWeight(1, 0.001)).toBe(BLEND_COMPARABLES_FLOOR);
  });
});

describe('blendError', () => {
  it('is below either error when the two are independent', () => {
    const error = blendError(0.8, 0.05, 0.1, 0);
    expect(error).toBeCloseTo(Math.sqrt(0.8 ** 2 * 0.05 ** 2 + 0.2 ** 2 * 0.1 ** 2), 9);
    expect(error).toBeLessThan(0.05);
  });

  it('keeps the part both share: a sale’s own luck is in either estimate’s error', () => {
    // Both include a sale's own luck, sd 0.06: the first adds 0.04 of its own, the second 0.1.
    const shared = 0.06 ** 2;
    const a = Math.sqrt(shared + 0.04 ** 2);
    const b = Math.sqrt(shared + 0.1 ** 2);
    const w = 0.85;
    const own = Math.sqrt(w ** 2 * 0.04 ** 2 + (1 - w) ** 2 * 0.1 ** 2);
    expect(blendError(w, a, b, shared)).toBeCloseTo(Math.sqrt(shared + own ** 2), 9);
    expect(blendError(w, a, b, shared)).toBeGreaterThan(blendError(w, a, b, 0));
    // A covariance beyond what the two errors allow is held below their product.
    expect(Number.isFinite(blendError(0.5, 0.05, 0.05, 1))).toBe(true);
    expect(blendError(0.5, 0.05, 0.05, 1)).toBeLessThan(0.05);
  });
});
