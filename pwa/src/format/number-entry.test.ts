import { describe, expect, it } from 'vitest';
import { isNumberText, numberFromText, readNumberEntry, type NumberRule } from './number-entry';

const rate: NumberRule = { min: 0, max: 25, message: 'Enter an interest rate from 0% to 25%' };

describe('numberFromText', () => {
  it('reads plain decimals, ignoring spaces, thousands separators, a leading $ and a trailing %', () => {
    expect(numberFromText('150')).toBe(150);
    expect(numberFromText('12.')).toBe(12);
    expect(numberFromText('.5')).toBe(0.5);
    expect(numberFromText(' 900 000 ')).toBe(900000);
    expect(numberFromText('$1,250,000')).toBe(1250000);
    expect(numberFromText('6.5%')).toBe(6.5);
  });
  it('refuses letters, signs, exponents and lone points', () => {
    for (const text of ['abc', '12a', '-50', '+5', '12e5', '1E3', '.', '', '1.2.3', 'Infinity']) expect(numberFromText(text)).toBeNull();
  });
});

describe('readNumberEntry', () => {
  it('empty is neither a value nor an error', () => {
    expect(readNumberEntry('  ', rate)).toEqual({ value: null, error: null });
  });
  it('a number in range is its value', () => {
    expect(readNumberEntry('9', rate)).toEqual({ value: 9, error: null });
    expect(readNumberEntry('0', rate)).toEqual({ value: 0, error: null });
    expect(readNumberEntry('25', rate)).toEqual({ value: 25, error: null });
  });
  it('out of range or not a number: no value, and the message', () => {
    for (const text of ['9999', '25.01', '-1', '12e5', 'nine']) expect(readNumberEntry(text, rate)).toEqual({ value: null, error: rate.message });
  });
});

describe('isNumberText', () => {
  it('is true for empty and numbers, false for anything else', () => {
    expect(isNumberText('')).toBe(true);
    expect(isNumberText('1,000')).toBe(true);
    expect(isNumberText('12e5')).toBe(false);
    expect(isNumberText('-50')).toBe(false);
  });
});
