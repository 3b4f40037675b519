import { describe, expect, it } from 'vitest';
import { formatNzd, formatSignedNzd, formatSignedPercent, roundToThousand } from './money';

describe('money', () => {
  it('formats NZD without decimals', () => {
    expect(formatNzd(1295000)).toBe('$1,295,000');
    expect(formatNzd(7849.6)).toBe('$7,850');
    expect(formatNzd(-0.2)).toBe('$0');
  });
  it('always shows the sign of an adjustment', () => {
    expect(formatSignedNzd(40000)).toBe('+$40,000');
    expect(formatSignedNzd(-12000)).toBe('-$12,000');
    expect(formatSignedNzd(0)).toBe('+$0');
    expect(formatSignedNzd(-0)).toBe('+$0');
  });
  it('formats a signed percentage', () => {
    expect(formatSignedPercent(0.0625)).toBe('+6.3 %');
    expect(formatSignedPercent(-0.04)).toBe('-4 %');
  });
  it('rounds to the nearest thousand symmetrically and never returns -0', () => {
    expect(roundToThousand(1075200)).toBe(1075000);
    expect(roundToThousand(43500)).toBe(44000);
    expect(roundToThousand(-43500)).toBe(-44000);
    expect(Object.is(roundToThousand(-400), 0)).toBe(true);
  });
});
