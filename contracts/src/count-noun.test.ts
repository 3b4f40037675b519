import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun';

describe('countNoun', () => {
  it('puts the singular after one and the plural after any other count', () => {
    expect(countNoun(1, 'person', 'people')).toBe('1 person');
    expect(countNoun(2, 'person', 'people')).toBe('2 people');
    expect(countNoun(0, 'year', 'years')).toBe('0 years');
    expect(countNoun(1, 'year', 'years')).toBe('1 year');
    expect(countNoun(1.5, 'year', 'years')).toBe('1.5 years');
  });

  it('writes the count the en-NZ way', () => {
    expect(countNoun(1000, 'person', 'people')).toBe('1,000 people');
  });
});
