import { describe, expect, it } from 'vitest';
import { haversineKm } from './distance';

const auckland = { latitude: -36.8485, longitude: 174.7633 };
const wellington = { latitude: -41.2865, longitude: 174.7762 };

describe('haversineKm', () => {
  it('is zero from a point to itself', () => {
    expect(haversineKm(auckland, auckland)).toBe(0);
  });

  it('measures Auckland to Wellington at about 493 km', () => {
    // 4.438° of latitude at 111.195 km per degree, almost due south.
    expect(haversineKm(auckland, wellington)).toBeCloseTo(493.5, 0);
  });

  it('is symmetric', () => {
    expect(haversineKm(auckland, wellington)).toBeCloseTo(haversineKm(wellington, auckland), 9);
  });

  it('measures one degree of latitude as 111.19 km', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.195, 2);
  });

  it('shrinks a degree of longitude by cos(latitude)', () => {
    const atEquator = haversineKm({ latitude: 0, longitude: 170 }, { latitude: 0, longitude: 171 });
    const at60 = haversineKm({ latitude: -60, longitude: 170 }, { latitude: -60, longitude: 171 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 3);
  });

  it('handles the antimeridian (179.9° E to 179.9° W is short)', () => {
    expect(haversineKm({ latitude: -40, longitude: 179.9 }, { latitude: -40, longitude: -179.9 })).toBeLessThan(20);
  });

  it('handles antipodes without NaN', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371, 3);
  });
});
