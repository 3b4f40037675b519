import { describe, expect, it } from 'vitest';
import { indicatorDots, nextIndex, rotated, rotationKey, saveIndex, startIndex } from './ad-rotation';
import { memoryStorage } from './ad-storage';

describe('ad rotation', () => {
  it('keys the stored index by placement and city, case and spaces aside', () => {
    expect(rotationKey('property_results', ' Auckland ')).toBe(rotationKey('property_results', 'auckland'));
    expect(rotationKey('property_results', 'Auckland')).not.toBe(rotationKey('mortgage_calculator', 'Auckland'));
    expect(rotationKey('property_results', 'Auckland')).not.toBe(rotationKey('property_results', 'Wellington'));
    expect(rotationKey('property_results', null)).toBe('kainga.adRotation.property_results.any');
  });

  it('starts from the stored index, wrapped to the adverts there are now', () => {
    const storage = memoryStorage();
    saveIndex(storage, 'k', 7);
    expect(startIndex(storage, 'k', 10, () => 0.99)).toBe(7);
    expect(startIndex(storage, 'k', 3, () => 0.99)).toBe(1);
  });

  it('starts at random when nothing (or nonsense) is stored', () => {
    const storage = memoryStorage();
    expect(startIndex(storage, 'k', 4, () => 0)).toBe(0);
    expect(startIndex(storage, 'k', 4, () => 0.6)).toBe(2);
    expect(startIndex(storage, 'k', 4, () => 0.999999)).toBe(3);
    storage.setItem('k', 'abc');
    expect(startIndex(storage, 'k', 4, () => 0.5)).toBe(2);
    storage.setItem('k', '-2');
    expect(startIndex(storage, 'k', 4, () => 0.5)).toBe(2);
    expect(startIndex(null, 'k', 4, () => 0.3)).toBe(1);
    expect(startIndex(storage, 'k', 0, () => 0.5)).toBe(0);
  });

  it('advances cyclically', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(5, 0)).toBe(0);
  });

  it('shows at most 5 dots, keeping the current advert among them', () => {
    expect(indicatorDots(0, 1)).toEqual([]);
    expect(indicatorDots(1, 3)).toEqual([0, 1, 2]);
    expect(indicatorDots(0, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(indicatorDots(4, 8)).toEqual([2, 3, 4, 5, 6]);
    expect(indicatorDots(7, 8)).toEqual([3, 4, 5, 6, 7]);
    for (let i = 0; i < 12; i++) {
      const dots = indicatorDots(i, 12);
      expect(dots).toHaveLength(5);
      expect(dots).toContain(i);
    }
  });

  it('turns the list so the current advert comes first', () => {
    expect(rotated(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotated(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotated(['a', 'b', 'c'], 5)).toEqual(['c', 'a', 'b']);
    expect(rotated([], 2)).toEqual([]);
  });
});
