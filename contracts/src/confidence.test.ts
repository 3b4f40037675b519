import { describe, expect, it } from 'vitest';
import { filledConfidenceDots, mapConfidenceLabel, resultsConfidence, showcaseConfidence } from './confidence';

describe('confidence readings', () => {
  it('reads buckets on the results pages', () => {
    expect([1, 2, 3, 4, 5].map((b) => resultsConfidence(b).label)).toEqual(['Low', 'Fair', 'Good', 'High', 'Very High']);
    expect(resultsConfidence(5).colour).toBe('emerald');
    expect(resultsConfidence(0)).toEqual({ label: 'Unknown', colour: 'grey' });
    expect(resultsConfidence(null).label).toBe('Unknown');
  });
  it('reads buckets on the map page', () => {
    expect(['1', '2', '3', '4', '5', 'x'].map(mapConfidenceLabel)).toEqual(['Very Low', 'Low', 'Medium', 'High', 'Very High', 'Very High']);
    expect(mapConfidenceLabel(2)).toBe('Low');
  });
  it('reads the showcase as High or Medium', () => {
    expect([1, 2, 3, 4, 5].map(showcaseConfidence)).toEqual(['Medium', 'Medium', 'Medium', 'High', 'High']);
  });
  it('fills round(confidence/100*5) dots, 75 when absent', () => {
    expect([0, 9, 10, 50, 69, 70, 100].map(filledConfidenceDots)).toEqual([0, 0, 1, 3, 3, 4, 5]);
    expect(filledConfidenceDots(undefined)).toBe(4);
  });
});
