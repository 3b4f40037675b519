import { describe, expect, it } from 'vitest';
import { readNumberEntry } from '../../format/number-entry';
import { calculatorRules, entryText, formatPercent, groupDigits } from './calculator-format';

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
  it('groups digits', () => {
    expect(groupDigits(800000)).toBe('800,000');
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('')).toBe('');
  });
});

describe('calculator fields', () => {
  it('show money with thousands separators and percentages as they are', () => {
    expect(entryText(800000, 'money')).toBe('800,000');
    expect(entryText(4.5, 'percent')).toBe('4.5');
    expect(entryText(null, 'money')).toBe('');
  });
  it('bound the property value at $50,000,000 and the rate at 0–25 %, saying so', () => {
    expect(readNumberEntry('99,999,999,999,999', calculatorRules.propertyValue).error).toBe('Enter a property value from $0 to $50,000,000');
    expect(readNumberEntry('50,000,000', calculatorRules.propertyValue).value).toBe(50_000_000);
    expect(readNumberEntry('9999', calculatorRules.interestRate)).toEqual({ value: null, error: 'Enter an interest rate from 0% to 25%' });
    expect(readNumberEntry('9', calculatorRules.interestRate).value).toBe(9);
    expect(readNumberEntry('-50', calculatorRules.weeklyRent).error).toBe('Enter a weekly rent from $0 to $100,000');
    expect(readNumberEntry('120', calculatorRules.managementFeePercent).error).toBe('Enter a management fee from 0% to 100%');
  });
});
