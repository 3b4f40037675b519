import { describe, expect, it } from 'vitest';
import { formatArea, formatDateNZ, formatNZD, formatSignedNZD } from './format';

describe('formats', () => {
  it('formats NZD without decimals', () => {
    expect(formatNZD(1250000.4)).toBe('$1,250,000');
    expect(formatNZD(null)).toBe('—');
  });
  it('signs breakdown amounts', () => {
    expect(formatSignedNZD(12000)).toBe('+$12,000');
    expect(formatSignedNZD(0)).toBe('+$0');
    expect(formatSignedNZD(-8000)).toBe('-$8,000');
  });
  it('formats en-NZ dates', () => {
    expect(formatDateNZ('2025-03-05T10:00:00Z')).toBe('5 Mar 2025');
    expect(formatDateNZ('nope')).toBe('—');
  });
  it('formats areas', () => {
    expect(formatArea(1650)).toBe('1,650 m²');
  });
});
