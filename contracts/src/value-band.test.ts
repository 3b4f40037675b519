import { describe, expect, it } from 'vitest';
import { confidenceBucket, valueBand } from './value-band';

describe('valueBand', () => {
  it('contains the estimate on round steps', () => {
    const b = valueBand(812_000, 80);
    expect(b.low).toBeLessThan(812_000);
    expect(b.high).toBeGreaterThan(812_000);
    expect(b.low % 25_000).toBe(0);
    expect(b.high % 25_000).toBe(0);
  });
  it('widens as confidence falls', () => {
    const sure = valueBand(1_500_000, 95);
    const unsure = valueBand(1_500_000, 40);
    expect(unsure.high - unsure.low).toBeGreaterThan(sure.high - sure.low);
  });
  it('uses coarser steps for dearer homes', () => {
    expect(valueBand(4_200_000, 80).low % 100_000).toBe(0);
  });
});

describe('confidenceBucket', () => {
  it('maps percent to 1–5', () => {
    expect([10, 50, 64, 65, 75, 84, 85, 100].map(confidenceBucket)).toEqual([1, 2, 2, 3, 4, 4, 5, 5]);
  });
});
