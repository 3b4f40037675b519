import { describe, expect, it } from 'vitest';
import { formatPercent, groupDigits, parseAmount } from './calculator-format';

describe('calculator display helpers', () => {
  it('formats percentages with two decimals', () => {
    expect(formatPercent(4.55)).toBe('4.55%');
    expect(formatPercent(2.9985)).toBe('3.00%');
    expect(formatPercent(-13.2729)).toBe('-13.27%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(80, 1)).toBe('80.0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
  });
  it('groups digits and parses them back', () => {
    expect(groupDigits(800000)).toBe('800,000');
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('')).toBe('');
    expect(parseAmount('$ 800,000')).toBe(800000);
    expect(parseAmount('1,234.50')).toBe(1234.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});
