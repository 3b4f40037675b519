import { conditionKeys, Estimate, seededRandom, type Comparable, type ConditionKey, type ConditionScores } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { estimateValue, NOT_ENOUGH_INFORMATION, type EstimateContext, type EstimateInput } from './estimate';
import { fitTownModel, type TownModel } from './town-model';

// 12:00 NZST on 15 June 2026.
const now = new Date('2026-06-15T00:00:00Z');
const context: EstimateContext = { now, citySaleToRvRatio: null, cityMedianPricePerM2: null };

const input: EstimateInput = {
  address: '12 Rata Street',
  suburb: 'Ponsonby',
  city: 'Auckland',
  floorArea: 150,
  landArea: 600,
  bedrooms: 3,
  bathrooms: 2,
  rateableValue: 800_000,
  conditionScores: { kitchen: 5, bathroom: 4, roofing: 3 },
};

let seq = 0;
const comparable = (o: Partial<Comparable> = {}): Comparable => {
  seq += 1;
  return {
    saleId: `c${seq}`,
    address: `${seq} Example Road`,
    suburb: 'Ponsonby',
    city: 'Auckland',
    saleDate: '2026-06-01',
    price: 1_200_000,
    matchPercentage: 80,
    bedrooms: 3,
    bathrooms: 2,
    floorArea: 150,
    landArea: 600,
    rateableValue: 1_000_000,
    distance: 0.5,
    demo: false,
    ...o,
  };
};

/** The worked example of the doc comment. */
const worked = [
  comparable({ price: 1_000_000, floorArea: 125, matchPercentage: 80, rateableValue: 800_000, saleDate: '2026-05-16' }), // $8,000/m², 30 days ago, ratio 1.25
  comparable({ price: 900_000, floorArea: 120, matchPercentage: 60, rateableValue: 750_000, saleDate: '2026-04-16' }), // $7,500/m², 60 days ago, ratio 1.2
  comparable({ price: 1_020_000, floorArea: 120, matchPercentage: 60, rateableValue: 850_000, saleDate: '2026-06-15' }), // $8,500/m², today, ratio 1.2
];

/** What the comparable sales priced (the share condition and market adjust), from the market line. */
const comparablesShareOf = (e: Estimate) => {
  const line = e.explanation.find((l) => l.startsWith('Market:'))!;
  const share = /of the \$([\d,]+) the comparable sales priced/.exec(line);
  return share ? Number(share[1]!.replace(/,/g, '')) : e.baseValue;
};

const breakdownAddsUp = (e: Estimate) => {
  expect(e.estimatedValue).toBe(e.baseValue + e.conditionAdjustment + e.marketAdjustment);
  for (const v of [e.estimatedValue, e.conservativeValue, e.optimisticValue, e.baseValue, e.conditionAdjustment, e.marketAdjustment]) expect(Math.abs(v) % 1000).toBe(0);
  expect(e.conservativeValue).toBeLessThanOrEqual(e.estimatedValue);
  expect(e.optimisticValue).toBeGreaterThanOrEqual(e.estimatedValue);
  expect(Number.isInteger(e.confidence)).toBe(true);
  expect(e.confidence).toBeGreaterThanOrEqual(15);
  expect(e.confidence).toBeLessThanOrEqual(95);
};

/** A small deterministic pseudo-random generator (LCG), so failures can be replayed. */
const random = (seed: number) => {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
};

describe('estimateValue: the worked example', () => {
  const e = estimateValue(input, worked, context);

  it('matches the hand-computed figures', () => {
    // (kainga-model-3 on: condition and market adjust only the comparables' share; see estimate.ts.)
    // Comparables scaled to 150 m² by (150 / fᵢ)^0.6 (land is 600 m² everywhere, so no land term):
    //   1,000,000 × 1.2^0.6 = $1,115,601 (w80); 900,000 × 1.25^0.6 = $1,028,934 (w60);
    //   1,020,000 × 1.25^0.6 = $1,166,125 (w60). Weighted median: total 200, half 100, cumulative
    //   60, 140 → $1,115,601. CV of the three: 56,652 / 1,103,553 = 0.05134.
    //   s_C = √((3 × 0.05134² + 0.15²) / 3) × √(4/3) × 75 / 66.67 = 0.10068 × 1.1547 × 1.125 = 0.13078.
    // RV: ratios 1.25, 1.2, 1.2 → median 1.2 × $800,000 = $960,000 (no city ratio).
    //   CV of the ratios 0.019373 → s_R = √((3 × 0.019373² + 0.1²) / 3) × √(4/3) = 0.070320.
    // Blend: w = 0.070320² / (0.13078² + 0.070320²) = 0.0049449 / 0.022048 = 0.22428
    //   → 0.22428 × 1,115,601 + 0.77572 × 960,000 = $994,898 → $995,000.
    //   s = √(0.22428² × 0.13078² + 0.77572² × 0.070320²) = 0.061934.
    // The comparables' share of the base: 0.22428 × 1,115,601 = $250,207 (the RV's 77.6 % is not
    // adjusted again: it was assessed for this home and the ratio brings it to today).
    // Condition: mean (5 + 4 + 3)/3 = 4 → +4 % × 250,207 = 10,008 → $10,000.
    // Market: days ago 30, 60, 0; $/m² 8,000, 7,500, 8,500: x̄ 30, ȳ 8,000, Sxx 1,800 days², β = −16.67/day
    //   → the comparables' trend +6.34 % a month, with S = 1,800 / 30.4375² = 1.943 months² it gets
    //   λ = 1.943 / 601.943 = 0.32 % against a flat market → +0.02 % a month × 0.99 months × 250,207
    //   = $51 → $0.
    // Estimate: 995,000 + 10,000 + 0 = $1,005,000.
    // Rated home (kainga-model-8): 3 of the 10 criteria that count as a full set, on the comparables'
    //   share 250,207 / 994,898 = 0.25149: 0.25149 × 0.04 × 0.8 × 0.3 = 0.0024143 of condition known,
    //   s' = √(0.061934² − 0.0024143²) = 0.061887.
    // Range: u = 1.28 × 0.061887 = 0.079215 → 1,005,000 × 0.920785 = 925,389 → $925,000;
    //   × 1.079215 = 1,084,611 → $1,085,000.
    // Confidence: σ = u / 1.28 = 0.061887; P(|Z| ≤ 0.10 / 0.061887 = 1.6159) = 0.8939 → 89.
    expect(e).toMatchObject({
      baseValue: 995_000,
      conditionAdjustment: 10_000,
      marketAdjustment: 0,
      estimatedValue: 1_005_000,
      confidence: 89,
      conservativeValue: 925_000,
      optimisticValue: 1_085_000,
      engine: 'model',
      engineVersion: 'kainga-model-15',
      fallbackReason: null,
    });
    expect(Estimate.parse(e)).toEqual(e);
    breakdownAddsUp(e);
  });

  it('explains every factor in plain English with NZD amounts', () => {
    expect(e.explanation).toEqual([
      "Comparable sales: 3 sales, each price scaled to this home's size (× (150 m² ÷ its floor area)^0.6, as price grows more slowly than size) → median $1,115,601 weighted by match ($7,437/m²).",
      'Rateable value: $800,000 × 1.20 (median sale-to-RV ratio of 3 comparables) → $960,000.',
      'Base value: 22 % comparable sales ($1,115,601, expected error ±13 %) + 78 % rateable value ($960,000, ±7 %) → $995,000; the approach with the smaller expected error gets more weight.',
      'Condition: average 4.0 stars over 3 rated criteria (3 = Good is neutral, 4 % a star) → +4 % of the $250,000 the comparable sales priced = +$10,000.',
      "Market: the comparables' price per m² moved +6.3 % a month, but they sold within 2.0 months of each other, so that trend gets 0.3 % of the weight and a flat market (no city-wide trend known) gets 99.7 % → +0 % a month; from the comparables' median sale date (1.0 months ago) to today → +0 % of the $250,000 the comparable sales priced = +$0.",
      'Estimated value: $995,000 base + $10,000 condition + $0 market = $1,005,000.',
      'Confidence 89 %: the chance that the home sells within ±10 % of the estimate, if sale prices stray from estimates as the range below says (a normal spread whose 80 % interval is the range), from 3 comparable sales, the rateable value, 3 of 34 criteria rated.',
      "Range: ±7.9 % (1.28 × the base value's expected error of ±6.2 %; about 4 in 5 sales fall inside) → $925,000 to $1,085,000.",
    ]);
  });

  it('does not depend on the order of the comparables', () => {
    expect(estimateValue(input, [...worked].reverse(), context)).toEqual(e);
  });

  it("scales the range by the city's calibration, and says so", () => {
    // u = 1.28 × 1.5 × 0.061887 = 0.118823 → 1,005,000 × 0.881177 = 885,583 → $886,000; × 1.118823 = 1,124,417 → $1,124,000.
    const wide = estimateValue(input, worked, { ...context, rangeScale: 1.5 });
    expect(wide).toMatchObject({ estimatedValue: 1_005_000, conservativeValue: 886_000, optimisticValue: 1_124_000 });
    expect(wide.explanation.at(-1)).toBe(
      "Range: ±11.9 % (1.28 × the base value's expected error of ±6.2 %, widened × 1.50 by how far Auckland's recent sales, valued the same way, fell from their estimates; about 4 in 5 sales fall inside) → $886,000 to $1,124,000.",
    );
    expect(estimateValue(input, worked, { ...context, rangeScale: null })).toEqual(e);
  });
});

describe('estimateValue: condition', () => {
  it('is neutral when nothing is rated or everything is Good', () => {
    expect(estimateValue({ ...input, conditionScores: {} }, worked, context).conditionAdjustment).toBe(0);
    expect(estimateValue({ ...input, conditionScores: { kitchen: 0, pool: 0 } }, worked, context).conditionAdjustment).toBe(0);
    const allGood = Object.fromEntries(conditionKeys.map((k) => [k, 3])) as ConditionScores;
    expect(estimateValue({ ...input, conditionScores: allGood }, worked, context).conditionAdjustment).toBe(0);
  });

  it('ignores N/A criteria (0) in the average', () => {
    const a = estimateValue({ ...input, conditionScores: { kitchen: 5 } }, worked, context);
    const b = estimateValue({ ...input, conditionScores: { kitchen: 5, pool: 0, ensuite: 0 } }, worked, context);
    expect(b.conditionAdjustment).toBe(a.conditionAdjustment);
    // average 5 → +8 % of the comparables' $250,207 = $20,017 → $20,000.
    expect(a.conditionAdjustment).toBe(20_000);
  });

  it('lowers the estimate for poor condition, symmetrically to excellent', () => {
    const poor = estimateValue({ ...input, conditionScores: { kitchen: 1, roofing: 1 } }, worked, context);
    expect(poor.conditionAdjustment).toBe(-20_000);
    breakdownAddsUp(poor);
  });

  it('stays within ±10 % of the base value', () => {
    const next = random(11);
    for (let i = 0; i < 200; i++) {
      const scores = Object.fromEntries(conditionKeys.map((k) => [k, Math.floor(next() * 6)])) as ConditionScores;
      const e = estimateValue({ ...input, conditionScores: scores }, worked, context);
      expect(Math.abs(e.conditionAdjustment)).toBeLessThanOrEqual(0.1 * e.baseValue + 500);
    }
  });

  it('is monotone: raising any one rated score never lowers the estimate (random inputs)', () => {
    const next = random(2024);
    const comparableSets = [worked, [], worked.slice(0, 1), [comparable(), comparable({ price: 1_500_000, saleDate: '2026-03-20' }), comparable({ price: 990_000, saleDate: '2026-05-02' })]];
    let checks = 0;
    for (let i = 0; i < 200; i++) {
      // Vary how many criteria are rated (1 to all 34) and where the scores centre (Poor to
      // Excellent), so averages near both caps are explored too.
      const ratedShare = next();
      const centre = 1 + next() * 4;
      const scores: ConditionScores = {};
      for (const k of conditionKeys) if (next() < ratedShare) scores[k] = Math.min(5, Math.max(1, Math.round(centre + (next() - 0.5) * 2.5)));
      if (Object.keys(scores).length === 0) scores.kitchen = Math.round(centre);
      const rateableValue = next() < 0.2 ? null : 200_000 + Math.round(next() * 3_000_000);
      const subject: EstimateInput = {
        ...input,
        // Without an RV the floor area must be there, or there is nothing to estimate from.
        floorArea: rateableValue !== null && next() < 0.2 ? null : 40 + Math.round(next() * 400),
        rateableValue,
        conditionScores: scores,
      };
      const ctx: EstimateContext = { now, citySaleToRvRatio: next() < 0.5 ? null : 0.8 + next(), cityMedianPricePerM2: 5_000 + next() * 10_000 };
      const comps = comparableSets[i % comparableSets.length]!;
      const before = estimateValue(subject, comps, ctx);
      for (const key of Object.keys(scores) as ConditionKey[]) {
        const score = scores[key]!;
        if (score >= 5) continue;
        const after = estimateValue({ ...subject, conditionScores: { ...scores, [key]: score + 1 } }, comps, ctx);
        expect(after.estimatedValue, `raising ${key} from ${score} (case ${i})`).toBeGreaterThanOrEqual(before.estimatedValue);
        expect(after.conditionAdjustment).toBeGreaterThanOrEqual(before.conditionAdjustment);
        expect(after.conservativeValue).toBeGreaterThanOrEqual(before.conservativeValue);
        expect(after.optimisticValue).toBeGreaterThanOrEqual(before.optimisticValue);
        checks += 1;
      }
    }
    expect(checks).toBeGreaterThan(2000);
  });

  it('treats rating a criterion that was N/A as new evidence, not a raise: a Poor rating may lower the estimate', () => {
    // Documented: monotonicity holds on the 1–5 scale. N/A → Poor adds a criterion below the average.
    const before = estimateValue({ ...input, conditionScores: { kitchen: 4 } }, worked, context);
    const after = estimateValue({ ...input, conditionScores: { kitchen: 4, pool: 1 } }, worked, context);
    expect(after.estimatedValue).toBeLessThan(before.estimatedValue);
  });

  it('raises the estimate strictly when a whole property moves from Poor to Excellent', () => {
    const all = (s: number) => Object.fromEntries(conditionKeys.map((k) => [k, s])) as ConditionScores;
    const values = [1, 2, 3, 4, 5].map((s) => estimateValue({ ...input, conditionScores: all(s) }, worked, context).estimatedValue);
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
  });
});

describe('estimateValue: market', () => {
  it('is 0 with fewer than 3 dated comparables with a floor area', () => {
    expect(estimateValue(input, worked.slice(0, 2), context).marketAdjustment).toBe(0);
    const undated = worked.map((c, i) => (i === 0 ? { ...c, saleDate: 'unknown' } : c));
    expect(estimateValue(input, undated, context).marketAdjustment).toBe(0);
    const noArea = worked.map((c, i) => (i === 0 ? { ...c, floorArea: null } : c));
    expect(estimateValue(input, noArea, context).marketAdjustment).toBe(0);
  });

  it('is 0 when all comparables sold the same day', () => {
    const sameDay = worked.map((c) => ({ ...c, saleDate: '2026-06-01' }));
    const e = estimateValue(input, sameDay, context);
    expect(e.marketAdjustment).toBe(0);
    expect(e.explanation.some((l) => l.startsWith('Market: the comparables all sold on the same day'))).toBe(true);
  });

  it("barely trusts the comparables' own trend over a few months: a flat market without a city trend", () => {
    // kainga-model-2: the falling version of the worked example used to give −$67,000 (−6.25 %).
    const falling = worked.map((c) => ({ ...c, saleDate: c.saleDate === '2026-04-16' ? '2026-06-15' : c.saleDate === '2026-06-15' ? '2026-04-16' : c.saleDate }));
    const e = estimateValue(input, falling, context);
    expect(e.marketAdjustment).toBe(0);
    expect(e.explanation.find((l) => l.startsWith('Market:'))).toContain("moved -6.3 % a month, but they sold within 2.0 months of each other, so that trend gets 0.3 % of the weight");
    // Absent, null and unknown city trends are the same.
    expect(estimateValue(input, falling, { ...context, cityTrendPerMonth: null })).toEqual(e);
  });

  it("follows the city's trend over the comparables' median age, even with fewer than 3 comparables", () => {
    // Worked example, Auckland falling 1 % a month: λ = 0.32 %, t = 0.0032 × 6.34 % + 0.9968 × −1 % = −0.977 % a month,
    //   × 30 / 30.4375 months = −0.963 % × the comparables' $250,207 = −$2,409 → −$2,000.
    const e = estimateValue(input, worked, { ...context, cityTrendPerMonth: -0.01 });
    expect(e.marketAdjustment).toBe(-2_000);
    expect(e.explanation.find((l) => l.startsWith('Market:'))).toContain('the Auckland trend of the last 24 months (-1 % a month) gets 99.7 %');
    breakdownAddsUp(e);
    // Two comparables, 30 and 60 days ago (median 45 days): −1 % × 45 / 30.4375 of what they priced.
    const two = estimateValue(input, worked.slice(0, 2), { ...context, cityTrendPerMonth: -0.01 });
    expect(two.marketAdjustment / comparablesShareOf(two)).toBeCloseTo((-0.01 * 45) / 30.4375, 2);
    expect(two.explanation.find((l) => l.startsWith('Market:'))).toContain('fewer than 3 dated comparables with a floor area, so the Auckland trend of the last 24 months (-1 % a month) is used');
    const sameDay = estimateValue(input, worked.map((c) => ({ ...c, saleDate: '2026-05-16' })), { ...context, cityTrendPerMonth: 0.02 });
    expect(sameDay.marketAdjustment).toBeGreaterThan(0);
    expect(sameDay.explanation.find((l) => l.startsWith('Market:'))).toContain('the comparables all sold on the same day, so the Auckland trend');
  });

  it('gives the comparables their own trend more weight the longer the span they sold over', () => {
    // Rising 2 % a month for two years, comparables spread over it: S = Σ(months − mean)² is large.
    const spread = [0, 6, 12, 18, 23].map((monthsAgo) => {
      const day = new Date(Date.UTC(2026, 5 - monthsAgo, 15)).toISOString().slice(0, 10);
      return comparable({ price: Math.round(1_200_000 * Math.pow(1.02, -monthsAgo)), floorArea: 150, saleDate: day });
    });
    const few = spread.map((c) => ({ ...c, saleDate: c.saleDate > '2026-03-15' ? c.saleDate : '2026-05-01' }));
    const weight = (e: Estimate) => Number(/trend gets ([\d.]+) % of the weight/.exec(e.explanation.find((l) => l.startsWith('Market:'))!)![1]);
    const wide = estimateValue(input, spread, context);
    expect(weight(wide)).toBeGreaterThan(20);
    expect(weight(estimateValue(input, few, context))).toBeLessThan(weight(wide));
    expect(wide.marketAdjustment).toBeGreaterThan(0);
  });

  it('is capped at ±8 %', () => {
    const old = [
      comparable({ price: 1_000_000, floorArea: 100, saleDate: '2026-01-20' }),
      comparable({ price: 1_000_000, floorArea: 100, saleDate: '2026-02-20' }),
      comparable({ price: 1_000_000, floorArea: 100, saleDate: '2026-03-20' }),
    ];
    for (const [trend, sign] of [[0.05, 1], [-0.05, -1]] as const) {
      const capped = estimateValue(input, old, { ...context, cityTrendPerMonth: trend });
      expect(capped.marketAdjustment / comparablesShareOf(capped)).toBeCloseTo(sign * 0.08, 2);
      expect(capped.explanation.find((l) => l.startsWith('Market:'))).toContain('capped at ±8 %');
      breakdownAddsUp(capped);
    }
  });
});

describe('estimateValue: without comparables', () => {
  it('uses the rateable value at face value when no ratio is known', () => {
    const e = estimateValue(input, [], context);
    // $800,000 × 1.0; no condition adjustment: the RV was assessed for this home as it stands.
    expect(e).toMatchObject({ baseValue: 800_000, conditionAdjustment: 0, marketAdjustment: 0, estimatedValue: 800_000 });
    expect(e.explanation.slice(0, 4)).toEqual([
      'Comparable sales: none found, so they are not used.',
      'Rateable value: $800,000 × 1.00 (no sale-to-RV ratio known, so the RV is taken at face value) → $800,000.',
      'Base value: rateable value approach alone (no comparable sales) → $800,000.',
      'Condition: no adjustment (+$0): the value rests on the rateable value alone, which was assessed for this home as it stands.',
    ]);
    breakdownAddsUp(e);
  });

  it("uses the city's sale-to-RV ratio when given", () => {
    const e = estimateValue({ ...input, conditionScores: {} }, [], { ...context, citySaleToRvRatio: 1.15 });
    expect(e.baseValue).toBe(920_000);
    expect(e.estimatedValue).toBe(920_000);
    expect(e.explanation[1]).toContain('median sale-to-RV ratio of recent sales in Auckland');
    // 0 comparables, the city's ratio alone: s_R = 0.1 × √(1 + 1/5) = 0.10954, u = 1.28 × s_R = 14.0 %;
    // P(|Z| ≤ 0.10 / 0.10954 = 0.9129) = 0.639 → 64.
    expect(e.confidence).toBe(64);
    breakdownAddsUp(e);
  });

  it("uses the suburb's own sale-to-RV ratio where the city's figures give one, and says why", () => {
    const suburb = input.suburb.trim().toLowerCase();
    const e = estimateValue({ ...input, conditionScores: {} }, [], { ...context, citySaleToRvRatio: 1.15, suburbSaleToRvRatios: { [suburb]: 1.25, elsewhere: 1.0 } });
    expect(e.baseValue).toBe(1_000_000);
    expect(e.explanation[1]).toContain(`median sale-to-RV ratio of recent sales in ${input.suburb}, Auckland (its own, where Auckland's suburbs have moved apart since the RVs were set)`);
    // A suburb with no ratio of its own, or one the same as the city's, reads the city's.
    const other = estimateValue({ ...input, conditionScores: {} }, [], { ...context, citySaleToRvRatio: 1.15, suburbSaleToRvRatios: { elsewhere: 1.0 } });
    expect(other.baseValue).toBe(920_000);
    const same = estimateValue({ ...input, conditionScores: {} }, [], { ...context, citySaleToRvRatio: 1.15, suburbSaleToRvRatios: { [suburb]: 1.15 } });
    expect(same.explanation[1]).toContain('median sale-to-RV ratio of recent sales in Auckland)');
    breakdownAddsUp(e);
  });

  it("uses the city's median price per m² without comparables or RV", () => {
    const e = estimateValue({ ...input, rateableValue: null, conditionScores: {} }, [], { ...context, cityMedianPricePerM2: 7_200 });
    // The widest range, ±30 %: σ = 0.30 / 1.28 = 0.2344, P(|Z| ≤ 0.4267) = 0.330 → 33.
    expect(e).toMatchObject({ baseValue: 1_080_000, estimatedValue: 1_080_000, confidence: 33 });
    expect(e.explanation).toContain('Base value: Auckland median $7,200/m² × 150 m² → $1,080,000 (no comparable sales or rateable value).');
    // kainga-model-2: the city median's expected error is 25 % → u = min(1.28 × 0.25, 30 %) = 30 %, the widest range.
    expect(e.conservativeValue).toBe(756_000);
    expect(e.optimisticValue).toBe(1_404_000);
    breakdownAddsUp(e);
  });

  it('refuses with a clear message when there is nothing to go on', () => {
    expect(() => estimateValue({ ...input, rateableValue: null }, [], context)).toThrow(NOT_ENOUGH_INFORMATION);
    expect(() => estimateValue({ ...input, rateableValue: null, floorArea: null }, [], { ...context, cityMedianPricePerM2: 7_000 })).toThrow(
      'Not enough information to estimate: enter the floor area or the rateable value.',
    );
  });
});

describe('estimateValue: other shapes of input', () => {
  it('uses comparable prices directly when the subject has no floor area', () => {
    const e = estimateValue({ ...input, floorArea: null, rateableValue: null, conditionScores: {} }, worked, context);
    // Weighted median of $900,000 (w60), $1,000,000 (w80), $1,020,000 (w60) → $1,000,000.
    expect(e.baseValue).toBe(1_000_000);
    expect(e.explanation[0]).toBe('Comparable sales: median price $1,000,000 weighted by match over 3 sales (no floor area given to compare per m²).');
  });

  it('says when the comparables are generated demo data', () => {
    const allDemo = estimateValue(input, worked.map((c) => ({ ...c, demo: true })), context);
    expect(allDemo.explanation[0]).toMatch(/^Comparable sales: 3 sales, .* → median \$1,115,601 weighted by match \(\$7,437\/m²\)\. These are generated demo data, not real sales\.$/);
    const oneDemo = estimateValue(input, worked.map((c, i) => ({ ...c, demo: i === 0 })), context);
    expect(oneDemo.explanation[0]).toMatch(/ 1 of them is generated demo data, not real sales\.$/);
  });

  it('uses comparables alone when there is no RV', () => {
    const e = estimateValue({ ...input, rateableValue: null, conditionScores: {} }, worked, context);
    // The scaled comparables' weighted median (see the worked example): $1,115,601.
    expect(e.baseValue).toBe(1_116_000);
    expect(e.explanation).toContain('Rateable value: not given, so it is not used.');
  });

  // kainga-model-2: the blend weighs each approach by its expected error (it used to be 0.2 + 0.7 × n/5 × match).
  it('gives the comparables more weight the better they match and, beside a city ratio, the more there are', () => {
    const base = (comps: Comparable[], ctx = context) => estimateValue({ ...input, conditionScores: {} }, comps, ctx).baseValue;
    // All comparables at $1,000,000 for 125 m² (scaled: $1,115,601 for 150 m²) and ratio 1.0 (RV approach $800,000).
    const c = (match: number) => comparable({ price: 1_000_000, floorArea: 125, rateableValue: 1_000_000, matchPercentage: match, saleDate: '2026-06-01' });
    expect(base([c(50)])).toBeLessThan(base([c(90)]));
    const withCity = { ...context, citySaleToRvRatio: 1 };
    expect(base([c(90)], withCity)).toBeLessThan(base([c(90), c(90), c(90)], withCity));
    expect(base([c(90), c(90), c(90)], withCity)).toBeLessThan(base([c(90), c(90), c(90), c(90), c(90)], withCity));
  });

  it('leans on the approach that priced the comparables more consistently, within 20 % to 90 %', () => {
    const base = (comps: Comparable[]) => estimateValue({ ...input, rateableValue: 800_000, conditionScores: {} }, comps, context).baseValue;
    // Same size as the subject, so the scaled prices are the prices.
    // Prices agree at $1,200,000, sale-to-RV ratios scatter (1.5 … 0.75, median 1.0): the comparables get the 90 % cap
    //   → 0.9 × 1,200,000 + 0.1 × 800,000 = $1,160,000.
    const pricesAgree = [800_000, 1_000_000, 1_200_000, 1_400_000, 1_600_000].map((rv) => comparable({ price: 1_200_000, floorArea: 150, rateableValue: rv }));
    expect(base(pricesAgree)).toBe(1_160_000);
    // Prices scatter ($800,000 … $1,600,000, median $1,200,000), ratios agree at 1.0: the comparables get the 20 % floor
    //   → 0.2 × 1,200,000 + 0.8 × 800,000 = $880,000.
    const ratiosAgree = [800_000, 1_000_000, 1_200_000, 1_400_000, 1_600_000].map((price) => comparable({ price, floorArea: 150, rateableValue: price }));
    expect(base(ratiosAgree)).toBe(880_000);
  });

  it('scales comparables to the subject: price grows more slowly than floor and land area', () => {
    const one = [comparable({ price: 1_000_000, floorArea: 100, landArea: 400, rateableValue: null })];
    const value = (floorArea: number, landArea: number | null) => estimateValue({ ...input, floorArea, landArea, rateableValue: null, conditionScores: {} }, one, context).baseValue;
    expect(value(100, 400)).toBe(1_000_000);
    // (200 / 100)^0.6 = 1.5157 → $1,516,000, not the $2,000,000 of a plain $/m².
    expect(value(200, 400)).toBe(1_516_000);
    // (800 / 400)^0.15 = 1.1096 → $1,110,000.
    expect(value(100, 800)).toBe(1_110_000);
    // No land area on either side: the land term drops out.
    expect(value(100, null)).toBe(1_000_000);
  });
});

describe('estimateValue: confidence and range', () => {
  const agreeing = (n: number) => Array.from({ length: n }, () => comparable({ price: 1_200_000, floorArea: 150, matchPercentage: 85 }));

  it('rises with more agreeing comparables', () => {
    const values = [0, 1, 2, 3, 4, 5].map((n) => estimateValue(input, agreeing(n), context).confidence);
    // Until it reaches the 95 % it never exceeds.
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(Math.min(94, values[i - 1]!));
  });

  it('falls when the comparables disagree', () => {
    const tight = [1_150_000, 1_200_000, 1_250_000].map((price) => comparable({ price }));
    const loose = [700_000, 1_200_000, 1_700_000].map((price) => comparable({ price }));
    expect(estimateValue(input, loose, context).confidence).toBeLessThan(estimateValue(input, tight, context).confidence);
  });

  it('narrows for a rated home by the condition its ratings explain, on the share they adjust, and says so', () => {
    const halfWidth = (e: Estimate) => (e.optimisticValue - e.conservativeValue) / 2 / e.estimatedValue;
    const allRated = (score: number) => Object.fromEntries(conditionKeys.map((k) => [k, score])) as ConditionScores;
    const unrated = estimateValue({ ...input, conditionScores: {} }, worked, context);
    const rated = estimateValue({ ...input, conditionScores: allRated(3) }, worked, context);
    // All Good: the same estimate, a narrower range, a higher confidence.
    expect(rated.estimatedValue).toBe(unrated.estimatedValue);
    expect(halfWidth(rated)).toBeLessThan(halfWidth(unrated));
    expect(rated.confidence).toBeGreaterThanOrEqual(unrated.confidence);
    // The same narrowing however the home is rated: knowing it is poor is knowing as much as knowing it is good.
    expect(halfWidth(estimateValue({ ...input, conditionScores: allRated(1) }, worked, context))).toBeCloseTo(halfWidth(rated), 2);
    // s' = √(0.061934² − (0.25149 × 0.04 × 0.8)²) = 0.061412 → ±7.9 % (1.28 × 6.1 %).
    expect(rated.explanation.at(-1)).toMatch(/expected error of ±6\.1 %, ±6\.2 % had the condition not been rated;/);
    expect(unrated.explanation.at(-1)).toMatch(/expected error of ±6\.2 %;/);
    // N/A everywhere is nothing rated.
    expect(estimateValue({ ...input, conditionScores: allRated(0) }, worked, context)).toMatchObject({ conservativeValue: unrated.conservativeValue, optimisticValue: unrated.optimisticValue });
    // On the rateable value alone condition adjusts nothing, so the ratings take nothing out of its error.
    const rvAlone = (scores: ConditionScores) => estimateValue({ ...input, conditionScores: scores }, [], context);
    expect(rvAlone(allRated(3))).toMatchObject({ conservativeValue: rvAlone({}).conservativeValue, optimisticValue: rvAlone({}).optimisticValue });
  });

  it('rises with closer matches and a known RV', () => {
    const poorMatch = Array.from({ length: 3 }, () => comparable({ matchPercentage: 30 }));
    const goodMatch = Array.from({ length: 3 }, () => comparable({ matchPercentage: 95 }));
    expect(estimateValue(input, goodMatch, context).confidence).toBeGreaterThan(estimateValue(input, poorMatch, context).confidence);
    expect(estimateValue(input, goodMatch, context).confidence).toBeGreaterThan(estimateValue({ ...input, rateableValue: null }, goodMatch, context).confidence);
  });

  it('reaches 95 at best, with a range from the expected error of both approaches', () => {
    const allRated = Object.fromEntries(conditionKeys.map((k) => [k, 3])) as ConditionScores;
    const perfect = Array.from({ length: 5 }, () => comparable({ matchPercentage: 100, price: 1_200_000, floorArea: 150, rateableValue: 1_200_000 }));
    const e = estimateValue({ ...input, rateableValue: 1_200_000, conditionScores: allRated }, perfect, context);
    expect(e.confidence).toBe(95);
    expect(e.estimatedValue).toBe(1_200_000);
    // kainga-model-2 (was ±5.3 % from the confidence): no spread, so the priors alone:
    //   s_C = √(0.15² / 5) × √1.2 = 0.07348, s_R = √(0.1² / 5) × √1.2 = 0.04899, w = 0.30769,
    //   s = √(0.30769² × 0.07348² + 0.69231² × 0.04899²) = 0.04076; every criterion rated (model-8), on
    //   the comparables' share 0.30769: s' = √(0.04076² − (0.30769 × 0.04 × 0.8)²) = 0.039554
    //   → u = 1.28 × 0.039554 = 5.063 %.
    expect(e.conservativeValue).toBe(1_139_000); // 1,200,000 × (1 − 0.050629) = 1,139,245
    expect(e.optimisticValue).toBe(1_261_000); // × 1.050629 = 1,260,755
  });

  it('widens the range with the expected error: without an RV, with disagreeing comparables, never beyond 4 % to 30 %', () => {
    const halfWidth = (e: Estimate) => (e.optimisticValue - e.conservativeValue) / 2 / e.estimatedValue;
    const withRv = estimateValue(input, worked, context);
    const withoutRv = estimateValue({ ...input, rateableValue: null }, worked, context);
    expect(halfWidth(withoutRv)).toBeGreaterThan(halfWidth(withRv));
    const tight = [1_150_000, 1_200_000, 1_250_000].map((price) => comparable({ price }));
    const loose = [700_000, 1_200_000, 1_700_000].map((price) => comparable({ price }));
    expect(halfWidth(estimateValue({ ...input, rateableValue: null }, loose, context))).toBeGreaterThan(halfWidth(estimateValue({ ...input, rateableValue: null }, tight, context)));
    const next = random(7);
    for (let i = 0; i < 100; i++) {
      const comps = Array.from({ length: 1 + Math.floor(next() * 5) }, () => comparable({ price: 200_000 + Math.round(next() * 4_000_000), matchPercentage: 20 + Math.floor(next() * 81) }));
      const u = halfWidth(estimateValue({ ...input, rateableValue: next() < 0.5 ? null : 900_000 }, comps, context));
      expect(u).toBeGreaterThanOrEqual(0.04 - 0.002);
      expect(u).toBeLessThanOrEqual(0.3 + 0.002);
    }
  });

  it('always contains the estimate, and every breakdown adds up (random inputs)', () => {
    const next = random(99);
    for (let i = 0; i < 300; i++) {
      const n = Math.floor(next() * 6);
      const comps = Array.from({ length: n }, () =>
        comparable({
          price: 300_000 + Math.round(next() * 3_000_000),
          floorArea: next() < 0.15 ? null : 50 + Math.round(next() * 350),
          rateableValue: next() < 0.3 ? null : 250_000 + Math.round(next() * 2_500_000),
          matchPercentage: 20 + Math.floor(next() * 81),
          saleDate: `2026-0${1 + Math.floor(next() * 6)}-1${Math.floor(next() * 5)}`,
        }),
      );
      const scores = Object.fromEntries(conditionKeys.map((k) => [k, Math.floor(next() * 6)])) as ConditionScores;
      const subject = { ...input, floorArea: next() < 0.2 ? null : 60 + Math.round(next() * 300), rateableValue: next() < 0.2 ? null : 300_000 + Math.round(next() * 2_000_000), conditionScores: scores };
      const ctx = { now, citySaleToRvRatio: 1.1, cityMedianPricePerM2: 8_000 };
      if (n === 0 && subject.floorArea === null && subject.rateableValue === null) {
        expect(() => estimateValue(subject, comps, ctx)).toThrow(NOT_ENOUGH_INFORMATION);
        continue;
      }
      const e = estimateValue(subject, comps, ctx);
      breakdownAddsUp(e);
      expect(e.estimatedValue).toBeGreaterThan(0);
      expect(e.explanation.length).toBeGreaterThanOrEqual(6);
      for (const prefix of ['Comparable sales:', 'Rateable value:', 'Base value:', 'Condition:', 'Market:', 'Estimated value:', 'Confidence ']) {
        expect(e.explanation.some((l) => l.startsWith(prefix)), prefix).toBe(true);
      }
    }
  });
});

describe("estimateValue: the town's sales model", () => {
  const townModel: TownModel = {
    intercept: Math.log(1_000_000),
    floorElasticity: 0.5,
    landElasticity: 0.2,
    noLand: 0,
    curvature: { floor: 0, land: 0, floorLand: 0 },
    typeFloorSlopes: { house: 0, townhouse: 0, unit: 0, apartment: 0 },
    months: new Array<number>(24).fill(0),
    suburbs: { ponsonby: 0.2, 'grey lynn': 0 },
    streets: {},
    streetSales: {},
    types: { house: 0, townhouse: 0, unit: -0.1, apartment: 0 },
    centre: { lnFloor: Math.log(150), lnLand: Math.log(600) },
    residualSd: 0.08,
    salesCount: 400,
  };
  const subject = { ...input, conditionScores: {}, rateableValue: null };
  // Priced exactly as the model says, today: a Grey Lynn sale is e^0.2 cheaper than the same home in Ponsonby.
  const greyLynn = [1, 2, 3].map(() => comparable({ suburb: 'Grey Lynn', price: 1_000_000, floorArea: 150, landArea: 600, saleDate: '2026-06-15' }));

  it('adjusts each comparable to this home by its suburb, kind and size, and weighs in its own price as twenty sales', () => {
    const e = estimateValue(subject, greyLynn, { ...context, townModel });
    // Each: 1,000,000 × e^0.2 = 1,221,403; the model's own price e^(ln 1M + 0.2) = 1,221,403; all agree.
    expect(e.baseValue).toBe(1_221_000);
    expect(e.explanation[0]).toBe(
      "Comparable sales: 3 sales, each price adjusted to this home and to today by what Auckland's sales of the last 24 months say its suburb, street, kind of home, size and sale month are worth → median $1,221,403 weighted by match; the same sales model prices this home at $1,221,403, which counts as 20 sales → $1,221,403 today, $1,221,403 at the comparables' median sale date (0.0 months ago).",
    );
    // Without the model, the fixed size rules leave the Grey Lynn prices as they are.
    expect(estimateValue(subject, greyLynn, context).baseValue).toBe(1_000_000);
  });

  it("counts the comparables for what neighbours' residuals share in the town: not at all when they share nothing, as 20 sales at most", () => {
    // Three comparables 10 % above what the model says of them: their median is 1,343,543 for this home.
    const dearer = greyLynn.map((c) => ({ ...c, price: 1_100_000 }));
    const base = (neighbourCovariance?: number) =>
      estimateValue(subject, dearer, { ...context, townModel: { ...townModel, ...(neighbourCovariance === undefined ? {} : { neighbourCovariance }) } });
    // Neighbours stray no more alike than strangers: the model's own price, and the line says why.
    const alone = base(0);
    expect(alone.baseValue).toBe(1_221_000);
    expect(alone.explanation[0]).toContain("which is taken as it is: in Auckland's sales, neighbours stray from the model no more alike than homes far apart");
    // τ² = σ² / 101: the model counts as 100 sales, the three comparables as 3 % of the value.
    expect(base(0.08 ** 2 / 101).baseValue).toBe(Math.round((3 * 1_343_543 + 100 * 1_221_403) / 103 / 1000) * 1000);
    expect(base(0.08 ** 2 / 101).explanation[0]).toContain('which counts as 100 sales');
    // Neighbours that share a lot, or a town not measured: twenty sales, as before.
    const twenty = Math.round((3 * 1_343_543 + 20 * 1_221_403) / 23 / 1000) * 1000;
    expect(base(0.05 ** 2).baseValue).toBe(twenty);
    expect(base().baseValue).toBe(twenty);
  });

  it('does not widen the range for comparables that match poorly: the town model prices the home itself', () => {
    const close = greyLynn.map((c) => ({ ...c, matchPercentage: 90 }));
    const far = greyLynn.map((c) => ({ ...c, matchPercentage: 40 }));
    const width = (e: Estimate) => e.optimisticValue - e.conservativeValue;
    const near = estimateValue(subject, close, { ...context, townModel });
    const poor = estimateValue(subject, far, { ...context, townModel });
    expect(poor.estimatedValue).toBe(near.estimatedValue);
    expect(width(poor)).toBe(width(near));
    expect(poor.confidence).toBe(near.confidence);
    // The fixed size rules have only the comparables' spread to go on: poor matches widen it (× 75 / 40).
    expect(width(estimateValue(subject, far, context))).toBeGreaterThan(width(estimateValue(subject, close, context)));
  });

  it("brings the comparables to today along the town's monthly index, and shows the move as the market step", () => {
    // Prices six months ago stood e^0.05 above today's; the comparables sold 6.4 months ago (month 6 of the index), at exactly the model's price.
    const months = new Array<number>(24).fill(0);
    months[6] = 0.05;
    const falling = { ...townModel, months };
    const sold = [1, 2, 3].map(() => comparable({ suburb: 'Ponsonby', price: Math.round(1_221_403 * Math.exp(0.05)), floorArea: 150, landArea: 600, saleDate: '2025-12-01' }));
    const e = estimateValue(subject, sold, { ...context, now: new Date('2026-06-15T00:00:00Z'), townModel: falling });
    // As at their sale date: 1,221,403 × e^0.05 = 1,284,025; the index fell e^−0.05 − 1 = −4.9 % since.
    expect(e.baseValue).toBe(1_284_000);
    expect(e.marketAdjustment).toBe(-63_000);
    expect(e.estimatedValue).toBe(1_221_000);
    expect(e.explanation.find((l) => l.startsWith('Market:'))).toMatch(/^Market: Auckland's monthly price index, read from its sales of the last 24 months, moved -4\.9 % from the comparables' median sale date \(6\.4 months ago\) to today = -\$63,000\.$/);
  });

  it("gives a home the model knows less well a wider range and lower confidence, from the fit's own uncertainty", () => {
    // A fitted town: Karori and Kelburn sold 60 times each, 30 % apart; nobody has sold in Seatoun,
    // which may be as far from either (kainga-model-10: the town's suburbs say how far). Both homes
    // below are on streets without a sale, so only what the model knows of their suburb differs.
    const random = seededRandom(4);
    const sales = Array.from({ length: 120 }, (_, i) => {
      const floorArea = 120 + Math.round(random() * 60);
      const hill = i % 2 === 0;
      return { price: Math.exp(13.8 + (hill ? 0.15 : -0.15) + 0.6 * Math.log(floorArea / 150) + 0.3 * (random() - 0.5)), address: `${i + 1} ${hill ? 'Hill Street' : 'Park Road'}`, suburb: hill ? 'Karori' : 'Kelburn', propertyType: 'house' as const, floorArea, landArea: 600 };
    });
    const fitted = fitTownModel(sales)!;
    const home = { ...subject, address: '5 Unknown Lane', suburb: 'Karori', floorArea: 150, landArea: 600 };
    const known = estimateValue(home, greyLynn, { ...context, townModel: fitted });
    const unknown = estimateValue({ ...home, address: '9 Marine Parade', suburb: 'Seatoun' }, greyLynn, { ...context, townModel: fitted });
    const width = (e: typeof known) => (e.optimisticValue - e.conservativeValue) / e.estimatedValue;
    expect(width(unknown)).toBeGreaterThan(width(known) * 1.1);
    expect(unknown.confidence).toBeLessThan(known.confidence);
  });

  it("gives a home in a suburb whose sales stray further a wider range and lower confidence", () => {
    // The same house in Grey Lynn and in Ponsonby, whose sales stray twice as far from the model.
    const varied = { ...townModel, suburbResidualSd: { ponsonby: 0.12, 'grey lynn': 0.06 } };
    const home = { ...subject, suburb: 'Grey Lynn' };
    const calm = estimateValue(home, greyLynn, { ...context, townModel: varied });
    const stray = estimateValue({ ...home, suburb: 'Ponsonby' }, greyLynn, { ...context, townModel: varied });
    const width = (e: typeof calm) => (e.optimisticValue - e.conservativeValue) / e.estimatedValue;
    expect(width(stray)).toBeGreaterThan(width(calm) * 1.5);
    expect(stray.confidence).toBeLessThan(calm.confidence);
    // Each says why, in its comparables line.
    expect(stray.explanation[0]).toMatch(/ Sales in Ponsonby stray further from this model than Auckland's overall \(typically ±12 % against ±8 %\), which makes the range wider\.$/);
    expect(calm.explanation[0]).toMatch(/ Sales in Grey Lynn stray less far from this model than Auckland's overall \(typically ±6 % against ±8 %\), which makes the range narrower\.$/);
    // One spread for the whole town: the two get the same width.
    const same = (suburb: string) => width(estimateValue({ ...home, suburb }, greyLynn, { ...context, townModel }));
    expect(same('Ponsonby')).toBeCloseTo(same('Grey Lynn'), 2);
  });

  it("counts a suburb's extra spread as its sales' own luck, which the RV shares: blending the RV in does not narrow it", () => {
    const varied = { ...townModel, suburbResidualSd: { ponsonby: 0.12, 'grey lynn': 0.06 } };
    // What a sale's luck shares between the model's price and the RV's in the town (0.07²): Grey
    // Lynn's is less by its calm, (0.06² − 0.08²) × 1.5, which leaves it above 0.
    const shared = { ...context, townModel: varied, townModelRvCovariance: 0.0049 };
    // The expected error the range stands for (no rated condition, no range scale): u / 1.28.
    const error = (suburb: string, rateableValue: number | null) => {
      const e = estimateValue({ ...subject, suburb, rateableValue }, greyLynn, shared);
      return (e.optimisticValue / e.estimatedValue - 1) / 1.28;
    };
    const excess = (rateableValue: number | null) => error('Ponsonby', rateableValue) ** 2 - error('Grey Lynn', rateableValue) ** 2;
    // Comparables alone: Ponsonby's error² exceeds Grey Lynn's by (0.12² − 0.06²)(1 + v).
    expect(excess(null)).toBeGreaterThan(0.12 ** 2 - 0.06 ** 2);
    // With the RV weighed in, all of it is left: a sale's own luck moves its price away from the RV as well.
    expect(excess(1_100_000)).toBeCloseTo(excess(null), 3);
    // The RV's stated error carries it too: wider in Ponsonby, narrower in Grey Lynn, than in a town of one spread.
    const rvError = (suburb: string, model: TownModel) => {
      const line = estimateValue({ ...subject, suburb, rateableValue: 1_100_000 }, greyLynn, { ...shared, townModel: model }).explanation.find((l) => l.startsWith('Base value:'))!;
      return Number(/rateable value \(\$[\d,]+, ±(\d+) %\)/.exec(line)![1]);
    };
    const alike = rvError('Grey Lynn', townModel);
    expect(rvError('Ponsonby', varied)).toBeGreaterThan(alike);
    expect(rvError('Grey Lynn', varied)).toBeLessThan(alike);
  });

  it('falls back to the fixed size rules for a home without a floor area', () => {
    const e = estimateValue({ ...subject, floorArea: null }, greyLynn, { ...context, townModel });
    expect(e.explanation[0]).toMatch(/^Comparable sales: median price/);
  });
});
