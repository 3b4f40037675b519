import { propertyTypes, seededRandom, type SaleData } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { candidateRank, findComparables, findComparablesAmong, firstInRank, matchSale, normalisePlace, prepareSales, type Candidate, type ValuationSubject } from './comparables';

// 12:00 NZST on Monday 15 June 2026.
const now = new Date('2026-06-15T00:00:00Z');

const subject: ValuationSubject = {
  address: '12 Rata Street',
  suburb: 'Ponsonby',
  city: 'Auckland',
  latitude: -36.85,
  longitude: 174.75,
  floorArea: 150,
  landArea: 600,
  bedrooms: 3,
  bathrooms: 2,
  rateableValue: 900_000,
};

let seq = 0;
const sale = (overrides: Partial<SaleData> = {}): SaleData => {
  seq += 1;
  return {
    saleId: `sale-${String(seq).padStart(3, '0')}`,
    address: `${seq} Example Road`,
    suburb: 'Ponsonby',
    city: 'Auckland',
    saleDate: '2026-06-01',
    price: 1_200_000,
    bedrooms: 3,
    bathrooms: 2,
    floorArea: 150,
    landArea: 600,
    rateableValue: 950_000,
    latitude: -36.85,
    longitude: 174.75,
    demo: false,
    source: 'test',
    ...overrides,
  };
};

const noCoords = { latitude: null, longitude: null } as const;

describe('matchSale', () => {
  it('gives 100 to an identical sale in the same suburb, 90 in another suburb', () => {
    expect(matchSale(subject, sale()).matchPercentage).toBe(100);
    expect(matchSale(subject, sale({ suburb: 'Grey Lynn' })).matchPercentage).toBe(90);
  });

  it('renormalises over the attributes both sides have (hand-computed)', () => {
    // floor 1 − 30/150 = 0.8 (w25), land 1 − 100/600 = 0.8333 (w15), bedrooms 1 − 1/3 (w15),
    // bathrooms 1 − 1/2 (w10); no distance: similarity (20 + 12.5 + 10 + 5) / 65 = 0.7308;
    // another suburb: 90 × 0.7308 = 65.8 → 66.
    const s = sale({ ...noCoords, suburb: 'Grey Lynn', floorArea: 120, landArea: 500, bedrooms: 4, bathrooms: 1 });
    expect(matchSale(subject, s).matchPercentage).toBe(66);
    expect(matchSale(subject, s).distanceKm).toBeNull();
    // The same suburb adds its 10 points: 75.8 → 76.
    expect(matchSale(subject, { ...s, suburb: ' ponsonby ' }).matchPercentage).toBe(76);
  });

  it('scores distance linearly to zero at 10 km', () => {
    // 0.045° of latitude ≈ 5.004 km → s = 0.4996; the rest identical: similarity
    // (35 × 0.4996 + 65) / 100 = 0.8249; another suburb: 90 × 0.8249 = 74.2 → 74.
    const s = sale({ suburb: 'Elsewhere', latitude: -36.805 });
    const m = matchSale(subject, s);
    expect(m.distanceKm).toBeCloseTo(5.004, 2);
    expect(m.similarities.distance).toBeCloseTo(0.4996, 3);
    expect(m.matchPercentage).toBe(74);
    const far = matchSale(subject, sale({ suburb: 'Elsewhere', latitude: -36.5 }));
    expect(far.similarities.distance).toBe(0);
    expect(far.matchPercentage).toBeLessThan(m.matchPercentage);
  });

  it('is neutral (similarity 0.5) when nothing can be compared', () => {
    const bare = sale({ ...noCoords, suburb: '', floorArea: null, landArea: null, bedrooms: null, bathrooms: null });
    expect(matchSale(subject, bare).matchPercentage).toBe(45);
    // Two empty suburbs are not "the same suburb".
    expect(matchSale({ ...subject, suburb: '' }, bare).matchPercentage).toBe(45);
    expect(matchSale(subject, { ...bare, suburb: 'Ponsonby' }).matchPercentage).toBe(55);
  });

  it('treats two zero land areas as equal', () => {
    const m = matchSale({ ...subject, landArea: 0 }, sale({ landArea: 0 }));
    expect(m.similarities.landArea).toBe(1);
  });

  it('always gives an integer from 0 to 100', () => {
    let state = 7;
    const rnd = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const maybe = (v: number) => (rnd() < 0.2 ? null : v);
    for (let i = 0; i < 500; i++) {
      const s = sale({
        suburb: rnd() < 0.5 ? 'Ponsonby' : 'Mt Eden',
        latitude: maybe(-36.85 + (rnd() - 0.5) * 0.5),
        floorArea: maybe(20 + rnd() * 600),
        landArea: maybe(rnd() * 3000),
        bedrooms: maybe(Math.floor(rnd() * 7)),
        bathrooms: maybe(Math.floor(rnd() * 5)),
      });
      const m = matchSale(subject, s).matchPercentage;
      expect(Number.isInteger(m)).toBe(true);
      expect(m).toBeGreaterThanOrEqual(0);
      expect(m).toBeLessThanOrEqual(100);
    }
  });
});

describe('normalisePlace', () => {
  it('ignores case, spaces and macrons', () => {
    expect(normalisePlace('  Taupō ')).toBe('taupo');
    expect(normalisePlace('Palmerston   North')).toBe(normalisePlace('palmerston north'));
  });
});

describe('findComparables', () => {
  it('keeps up to 5 sales of the last 3 months in the same city, best match first', () => {
    // All in the subject's suburb at 0 km: match = 90 × similarity + 10.
    const sales = [
      sale({ saleId: 'a', floorArea: 130 }), // floor 1 − 20/150: (75 + 25 × 0.8667) → 96.67% → 97
      sale({ saleId: 'b' }), // 100
      sale({ saleId: 'c', bedrooms: 5 }), // bedrooms 1 − 2/3: 90 % → 91
      sale({ saleId: 'd', landArea: 300 }), // land 1 − 300/600: 92.5 % → 93.25 → 93
      sale({ saleId: 'e', landArea: 500 }), // land 1 − 100/600: 97.5 % → 97.75 → 98
      sale({ saleId: 'f', bedrooms: 5, bathrooms: 4 }), // 80 % → 82: sixth, left out
      sale({ saleId: 'wellington', city: 'Wellington' }),
    ];
    const result = findComparables(subject, sales, now);
    expect(result.windowMonths).toBe(3);
    expect(result.note).toBeNull();
    expect(result.comparables.map((c) => [c.saleId, c.matchPercentage])).toEqual([
      ['b', 100],
      ['e', 98],
      ['a', 97],
      ['d', 93],
      ['c', 91],
    ]);
  });

  it('copies the sale into the comparable and rounds the distance to 0.1 km', () => {
    const s = sale({ suburb: 'Grey Lynn', latitude: -36.805, rateableValue: 1_000_000 });
    const [c] = findComparables(subject, [s, sale(), sale()], now).comparables.filter((x) => x.saleId === s.saleId);
    expect(c).toEqual({
      saleId: s.saleId,
      address: s.address,
      suburb: 'Grey Lynn',
      city: 'Auckland',
      saleDate: '2026-06-01',
      price: 1_200_000,
      matchPercentage: 74,
      bedrooms: 3,
      bathrooms: 2,
      floorArea: 150,
      landArea: 600,
      rateableValue: 1_000_000,
      distance: 5,
      demo: false,
    });
  });

  it('matches the city regardless of case and macrons', () => {
    const result = findComparables({ ...subject, city: 'Taupō' }, [sale({ city: 'taupo' }), sale({ city: 'TAUPŌ' }), sale({ city: 'Taupo ' })], now);
    expect(result.comparables).toHaveLength(3);
  });

  it('never includes a sale dated after today in New Zealand', () => {
    const sales = [sale({ saleId: 'today', saleDate: '2026-06-15' }), sale({ saleId: 'tomorrow', saleDate: '2026-06-16' }), sale({ saleId: 'next-year', saleDate: '2027-01-01' })];
    const ids = findComparables(subject, sales, now).comparables.map((c) => c.saleId);
    expect(ids).toContain('today');
    expect(ids).not.toContain('tomorrow');
    expect(ids).not.toContain('next-year');
  });

  it('uses the New Zealand date of now: a sale dated today in NZ counts even while UTC is still on yesterday', () => {
    const nzMorning = new Date('2026-11-21T20:00:00Z'); // 09:00 NZDT on 22 Nov
    const sales = [sale({ saleId: 'x', saleDate: '2026-11-22' }), sale({ saleDate: '2026-11-01' }), sale({ saleDate: '2026-11-01' })];
    expect(findComparables(subject, sales, nzMorning).comparables.map((c) => c.saleId)).toContain('x');
  });

  it('counts the window by calendar months, inclusive of its first day', () => {
    const sales = [sale({ saleId: 'edge', saleDate: '2026-03-15' }), sale({ saleId: 'before', saleDate: '2026-03-14' }), sale(), sale()];
    const result = findComparables(subject, sales, now);
    expect(result.windowMonths).toBe(3);
    expect(result.comparables.map((c) => c.saleId)).toContain('edge');
    expect(result.comparables.map((c) => c.saleId)).not.toContain('before');
  });

  it('widens to 6 months when fewer than 3 sales are in the last 3 months, and says so', () => {
    const sales = [sale({ saleDate: '2026-05-01' }), sale({ saleDate: '2026-04-01' }), sale({ saleDate: '2026-01-10' }), sale({ saleDate: '2025-08-01' })];
    const result = findComparables(subject, sales, now);
    expect(result.windowMonths).toBe(6);
    expect(result.comparables).toHaveLength(3);
    expect(result.note).toBe('Only 2 comparable sales in the last 3 months; widened the search to 6 months.');
  });

  it('widens step by step to 12 and 24 months', () => {
    const twelve = findComparables(subject, [sale({ saleDate: '2026-05-01' }), sale({ saleDate: '2025-09-01' }), sale({ saleDate: '2025-08-01' })], now);
    expect(twelve.windowMonths).toBe(12);
    expect(twelve.note).toBe('Only 1 comparable sale in the last 3 months; widened the search to 12 months.');

    const twentyFour = findComparables(subject, [sale({ saleDate: '2025-05-01' }), sale({ saleDate: '2024-09-01' }), sale({ saleDate: '2024-08-01' }), sale({ saleDate: '2024-06-14' })], now);
    expect(twentyFour.windowMonths).toBe(24);
    expect(twentyFour.comparables).toHaveLength(3);
    expect(twentyFour.note).toBe('No comparable sales in the last 3 months; widened the search to 24 months.');
  });

  it('uses what it found at 24 months when still fewer than 3', () => {
    const result = findComparables(subject, [sale({ saleDate: '2026-06-01' }), sale({ saleDate: '2023-01-01' })], now);
    expect(result.windowMonths).toBe(24);
    expect(result.comparables).toHaveLength(1);
    expect(result.note).toBe('Only 1 comparable sale in the last 3 months; widened the search to 24 months and found 1.');
  });

  it('says so when there is nothing at all', () => {
    const result = findComparables(subject, [sale({ city: 'Hamilton' }), sale({ saleDate: '2020-01-01' })], now);
    expect(result).toEqual({ comparables: [], windowMonths: 24, note: 'No comparable sales in Auckland in the last 24 months.' });
    expect(findComparables(subject, [], now).comparables).toEqual([]);
  });

  it('drops sales matching less than 20 %', () => {
    // far away, 40 m² vs 150, 5,000 m² land vs 600, 1 bed vs 3... → ≈ 3 %.
    const poor = sale({ saleId: 'poor', suburb: 'Far', latitude: -37.5, floorArea: 20, landArea: 20_000, bedrooms: 8, bathrooms: 6 });
    const result = findComparables(subject, [poor, sale(), sale(), sale()], now);
    expect(result.comparables.map((c) => c.saleId)).not.toContain('poor');
    expect(result.comparables.every((c) => c.matchPercentage >= 20)).toBe(true);
  });

  it('does not count dropped sales towards the 3 before widening', () => {
    const poor = () => sale({ suburb: 'Far', latitude: -37.5, floorArea: 20, landArea: 20_000, bedrooms: 8, bathrooms: 6 });
    const result = findComparables(subject, [poor(), poor(), poor(), sale(), sale({ saleDate: '2025-12-01' }), sale({ saleDate: '2025-11-01' })], now);
    expect(result.windowMonths).toBe(12);
    expect(result.comparables).toHaveLength(3);
  });

  it('skips sales with no real date or no positive price', () => {
    const result = findComparables(subject, [sale({ saleId: 'bad-date', saleDate: '2026-02-30' }), sale({ saleId: 'free', price: 0 }), sale(), sale(), sale()], now);
    expect(result.comparables.map((c) => c.saleId)).not.toContain('bad-date');
    expect(result.comparables.map((c) => c.saleId)).not.toContain('free');
  });

  it('prefers the same suburb', () => {
    const result = findComparables(subject, [sale({ saleId: 'other', suburb: 'Grey Lynn' }), sale({ saleId: 'same' }), sale({ saleId: 'same2' }), sale({ saleId: 'other2', suburb: 'Grey Lynn' })], now);
    expect(result.comparables.slice(0, 2).map((c) => c.saleId)).toEqual(['same', 'same2']);
    expect(result.comparables[2]!.matchPercentage).toBe(90);
    // …but a clearly better match elsewhere still outranks a poor one in the same suburb.
    const poorSame = sale({ saleId: 'poor-same', floorArea: 60, bedrooms: 1 });
    const goodOther = sale({ saleId: 'good-other', suburb: 'Grey Lynn' });
    expect(findComparables(subject, [poorSame, goodOther, sale({ saleId: 'z' })], now).comparables.map((c) => c.saleId)).toEqual(['z', 'good-other', 'poor-same']);
  });

  it('breaks ties by date (newest first), then sale id', () => {
    const sales = [sale({ saleId: 'b', saleDate: '2026-05-01' }), sale({ saleId: 'a', saleDate: '2026-05-01' }), sale({ saleId: 'c', saleDate: '2026-06-10' })];
    expect(findComparables(subject, sales, now).comparables.map((c) => c.saleId)).toEqual(['c', 'a', 'b']);
  });

  it('is deterministic whatever the input order', () => {
    const sales = Array.from({ length: 20 }, (_, i) =>
      sale({ saleId: `s${i}`, saleDate: `2026-0${(i % 5) + 1}-1${i % 9}`, floorArea: 100 + (i % 7) * 10, bedrooms: 2 + (i % 3), suburb: i % 2 ? 'Ponsonby' : 'Herne Bay' }),
    );
    const forward = findComparables(subject, sales, now);
    const backward = findComparables(subject, [...sales].reverse(), now);
    const shuffled = findComparables(subject, [...sales.filter((_, i) => i % 2), ...sales.filter((_, i) => !(i % 2))], now);
    expect(backward).toEqual(forward);
    expect(shuffled).toEqual(forward);
  });

  it('says when the comparables are generated demo data', () => {
    const all = findComparables(subject, [sale({ demo: true }), sale({ demo: true }), sale({ demo: true })], now);
    expect(all.note).toBe('These comparables are generated demo data, not real sales.');

    const some = findComparables(subject, [sale({ demo: true }), sale(), sale()], now);
    expect(some.note).toBe('1 of these comparables is generated demo data, not real sales.');

    const widened = findComparables(subject, [sale({ demo: true }), sale({ demo: true, saleDate: '2025-01-01' }), sale({ demo: true, saleDate: '2025-02-01' })], now);
    expect(widened.note).toBe('Only 1 comparable sale in the last 3 months; widened the search to 24 months. These comparables are generated demo data, not real sales.');
  });
});

describe('property types', () => {
  const base: ValuationSubject = { address: '1 Queen Street', suburb: 'Ponsonby', city: 'Auckland', bedrooms: 3, bathrooms: 2, floorArea: 120, landArea: 400, rateableValue: null, latitude: null, longitude: null };
  const sale = (propertyType?: 'house' | 'townhouse' | 'unit' | 'apartment') => ({
    saleId: `t-${propertyType ?? 'none'}`,
    address: '2 Queen Street',
    suburb: 'Ponsonby',
    city: 'Auckland',
    saleDate: '2026-05-01',
    price: 1_000_000,
    bedrooms: 3,
    bathrooms: 2,
    floorArea: 120,
    landArea: 400,
    rateableValue: null,
    latitude: null,
    longitude: null,
    demo: false,
    source: 'test',
    ...(propertyType ? { propertyType } : {}),
  });

  it('prefers the same kind of home: a neighbouring kind matches 60 %, a far one 30 %; no type is a house', () => {
    expect(matchSale(base, sale('house')).matchPercentage).toBe(100);
    expect(matchSale(base, sale()).matchPercentage).toBe(100);
    expect(matchSale(base, sale('townhouse')).matchPercentage).toBe(60);
    expect(matchSale(base, sale('unit')).matchPercentage).toBe(30);
    expect(matchSale({ ...base, propertyType: 'apartment' }, sale('unit')).matchPercentage).toBe(60);
    expect(matchSale({ ...base, propertyType: 'apartment' }, sale('apartment')).typeFactor).toBe(1);
  });

  it('carries the sale’s type onto the comparable', () => {
    const { comparables } = findComparables({ ...base, propertyType: 'townhouse' }, [sale('townhouse'), sale()], new Date('2026-06-15T00:00:00Z'));
    expect(comparables.map((c) => [c.saleId, c.propertyType, c.matchPercentage])).toEqual([
      ['t-townhouse', 'townhouse', 100],
      ['t-none', undefined, 60],
    ]);
  });
});

describe('findComparablesAmong (sales prepared once)', () => {
  const random = seededRandom(20261126);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const maybe = <T>(value: T) => (random() < 0.15 ? null : value);
  const randomSale = (): SaleData =>
    sale({
      suburb: pick(['Ponsonby', 'Grey Lynn', 'Herne Bay', '']),
      city: pick(['Auckland', 'auckland ', 'Wellington']),
      saleDate: pick(['2026-06-14', '2026-05-02', '2026-01-20', '2025-09-30', '2024-08-01', '2026-06-20', '2026-02-30']),
      price: pick([0, 650_000, 1_100_000, 1_900_000]),
      floorArea: maybe(Math.round(40 + random() * 260)),
      landArea: maybe(pick([0, Math.round(100 + random() * 900)])),
      bedrooms: maybe(Math.floor(random() * 6)),
      bathrooms: maybe(1 + Math.floor(random() * 3)),
      latitude: random() < 0.2 ? null : -36.85 + (random() - 0.5) * 0.2,
      longitude: random() < 0.2 ? null : 174.75 + (random() - 0.5) * 0.2,
      ...(random() < 0.7 ? { propertyType: pick(propertyTypes) } : {}),
    });

  it('finds what findComparables finds, each comparable with matchSale’s match and distance', () => {
    let found = 0;
    for (let round = 0; round < 40; round++) {
      const sales = Array.from({ length: 60 }, randomSale);
      const home: ValuationSubject = { ...subject, floorArea: maybe(120), landArea: maybe(500), propertyType: pick(propertyTypes), ...(round % 4 === 0 ? noCoords : {}) };
      const result = findComparablesAmong(home, prepareSales(sales), now);
      expect(result).toEqual(findComparables(home, sales, now));
      found += result.comparables.length;
      for (const c of result.comparables) {
        const breakdown = matchSale(home, sales.find((s) => s.saleId === c.saleId)!);
        expect(c.matchPercentage).toBe(breakdown.matchPercentage);
        expect(c.distance).toBe(breakdown.distanceKm === null ? null : Math.round(breakdown.distanceKm * 10) / 10);
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('keeps exactly what rating every sale of the town would keep, whether the window widens or not', () => {
    // The reference rates every sale, then applies rules 1–4; the search rates older sales only
    // when the first window holds too few.
    const reference = (home: ValuationSubject, sales: readonly SaleData[]) => {
      const rated = sales
        .filter((s) => normalisePlace(s.city) === 'auckland' && s.price > 0 && /^\d{4}-\d{2}-\d{2}$/.test(s.saleDate) && s.saleDate !== '2026-02-30' && s.saleDate <= '2026-06-15')
        .map((s) => ({ s, match: matchSale(home, s).matchPercentage }))
        .filter(({ match }) => match >= 20);
      for (const from of ['2026-03-15', '2025-12-15', '2025-06-15', '2024-06-15']) {
        const inWindow = rated.filter(({ s }) => s.saleDate >= from);
        if (inWindow.length >= 3 || from === '2024-06-15')
          return inWindow
            .sort((a, b) => b.match - a.match || b.s.saleDate.localeCompare(a.s.saleDate) || a.s.saleId.localeCompare(b.s.saleId))
            .slice(0, 5)
            .map(({ s }) => s.saleId);
      }
      return [];
    };
    const widened = new Set<number>();
    for (let round = 0; round < 60; round++) {
      // Few recent sales in some rounds (the search widens), many in others.
      const recent = round % 3;
      const sales = Array.from({ length: 40 }, (_, i) =>
        sale({ ...randomSale(), city: pick(['Auckland', 'Wellington']), saleDate: i < recent ? '2026-05-20' : pick(['2026-01-20', '2025-09-30', '2025-03-01', '2024-08-01', '2026-06-20']) }),
      ).concat(round % 2 === 0 ? Array.from({ length: 10 }, () => sale({ ...randomSale(), city: 'Auckland', saleDate: '2026-06-01' })) : []);
      const home: ValuationSubject = { ...subject, floorArea: maybe(120), propertyType: pick(propertyTypes) };
      const result = findComparablesAmong(home, prepareSales(sales), now);
      expect(result.comparables.map((c) => c.saleId)).toEqual(reference(home, sales));
      widened.add(result.windowMonths);
    }
    // Both paths were taken: found in the first window, and widened.
    expect(widened.has(3)).toBe(true);
    expect([...widened].some((m) => m > 3)).toBe(true);
  });

  it('prepares a frozen sale once and any other sale afresh, so a changed sale is read as it is now', () => {
    const frozen = Object.freeze(sale({ suburb: 'Tāmaki' }));
    expect(prepareSales([frozen])[0]).toBe(prepareSales([frozen])[0]);
    const open = sale({ saleDate: '2026-06-01' });
    expect(prepareSales([open])[0]!.saleDay).toBe('2026-06-01');
    open.saleDate = '2026-02-30';
    expect(prepareSales([open])[0]!.saleDay).toBeNull();
  });
});

describe('firstInRank', () => {
  it('keeps the same first k, in the same order, as a stable sort by rank and a slice, ties included', () => {
    const random = seededRandom(20261128);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    for (let round = 0; round < 300; round++) {
      // Few distinct matches, days and ids, so ties at every level (even identical ranks) are common.
      const candidates: Candidate[] = Array.from({ length: Math.floor(random() * 40) }, () => ({
        p: prepareSales([{ ...sale(), saleId: pick(['a', 'b', 'c']) }])[0]!,
        saleDay: pick(['2026-01-01', '2026-02-01', '2026-03-01']),
        match: pick([20, 55, 90]),
      }));
      for (const k of [0, 1, 3, 5, 50]) {
        const got = firstInRank(candidates, k);
        const want = [...candidates].sort(candidateRank).slice(0, k);
        expect(got).toHaveLength(want.length);
        // The very same candidates: among equal ranks, the first given stays first.
        got.forEach((c, i) => expect(c).toBe(want[i]));
      }
    }
  });
});

