import { describe, expect, it } from 'vitest';
import { streamOf } from './random';
import { SIMILAR_HOMES_MIN, similarHomesErrors, similarHomesRanking } from './similar-homes';

const day = (i: number) => `2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;

describe('similarHomesErrors and similarHomesRanking', () => {
  it("reads each home's expected error from the homes of its group that sold before it", () => {
    const homes = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07].map((error, i) => ({ groups: ['Ponsonby house', 'Auckland'], soldOn: day(i), error }));
    const expected = similarHomesErrors(homes);
    // Nothing sold before the first.
    expect(expected[0]).toBeNaN();
    // Fewer than five earlier in the group or the town: every earlier home answers.
    expect(expected[2]).toBeCloseTo((0.01 + 0.02) / 2, 12);
    // Five earlier: the group answers, and never with the home's own error or a later one.
    expect(expected[5]).toBeCloseTo((0.01 + 0.02 + 0.03 + 0.04 + 0.05) / 5, 12);
    expect(expected[6]).toBeCloseTo((0.01 + 0.02 + 0.03 + 0.04 + 0.05 + 0.06) / 6, 12);
  });

  it('uses the finest group with enough earlier homes, and homes sold the same day do not see each other', () => {
    const town = Array.from({ length: SIMILAR_HOMES_MIN }, (_, i) => ({ groups: ['Stoke unit', 'Nelson'], soldOn: day(i), error: 0.1 }));
    const later = [
      { groups: ['Stoke house', 'Nelson'], soldOn: day(10), error: 0.3 },
      { groups: ['Stoke unit', 'Nelson'], soldOn: day(10), error: 0.9 },
      { groups: ['Stoke unit', 'Nelson'], soldOn: day(11), error: 0.2 },
    ];
    const expected = similarHomesErrors([...later, ...town]);
    // A house: no earlier houses in Stoke, so the town's five earlier homes answer.
    expect(expected[0]).toBeCloseTo(0.1, 12);
    // A unit the same day: the five earlier units, not the house sold that day.
    expect(expected[1]).toBeCloseTo(0.1, 12);
    // The next day's unit sees the unit sold the day before.
    expect(expected[2]).toBeCloseTo((0.1 * 5 + 0.9) / 6, 12);
  });

  it('ranks errors where the kind of home decides them, and not where nothing does', () => {
    const random = streamOf(7, 'similar homes');
    const spread = () => random.next();
    const decided = Array.from({ length: 400 }, (_, i) => ({ groups: [i % 2 ? 'units' : 'houses'], soldOn: day(i % 300), error: (i % 2 ? 0.1 : 0.02) * (0.5 + spread()) }));
    expect(similarHomesRanking(decided)).toBeLessThan(-0.5);
    const undecided = Array.from({ length: 400 }, (_, i) => ({ groups: [i % 2 ? 'units' : 'houses'], soldOn: day(i % 300), error: 0.05 * (0.5 + spread()) }));
    expect(Math.abs(similarHomesRanking(undecided))).toBeLessThan(0.15);
  });
});
