import { seededRandom, type PropertyType } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { fitTownModel, TOWN_MODEL_MIN_SALES, townModelLogPrice, townMonthEffect, townTrendEffect, type TownModelSale } from './town-model';
import { normalDraws } from '../../testing/normal-draws';

/** Sales whose ln price is exactly 13 + suburb + type + 0.7 ln(F/150) + 0.2 ln(L/500) (+ 0.3 without land), plus `noise`. */
function sales(count: number, noise: number, seed = 1): TownModelSale[] {
  const random = seededRandom(seed);
  const suburbs = [
    ['Karori', 0.2],
    ['Newtown', -0.1],
    ['Kelburn', 0],
  ] as const;
  const types: readonly [PropertyType, number][] = [
    ['house', 0],
    ['townhouse', 0.05],
    ['apartment', 0.1],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [suburb, level] = suburbs[i % 3]!;
    const [propertyType, typeEffect] = types[Math.floor(i / 3) % 3]!;
    const floorArea = 60 + Math.round(random() * 200);
    const landArea = propertyType === 'apartment' ? 0 : 200 + Math.round(random() * 700);
    const lnPrice = 13 + level + typeEffect + 0.7 * Math.log(floorArea / 150) + (landArea > 0 ? 0.2 * Math.log(landArea / 500) : 0.3) + noise * (random() - 0.5);
    return { price: Math.exp(lnPrice), suburb, propertyType, floorArea, landArea };
  });
}

describe('fitTownModel', () => {
  it("recovers the town's suburb levels, kinds of home and size elasticities", () => {
    const model = fitTownModel(sales(270, 0.02))!;
    expect(model.floorElasticity).toBeCloseTo(0.7, 1);
    expect(model.landElasticity).toBeCloseTo(0.2, 1);
    // Effects are relative and shrunk a little towards the town: differences are what matter.
    expect(model.suburbs['karori']! - model.suburbs['newtown']!).toBeCloseTo(0.3, 1);
    expect(model.types.townhouse - model.types.house).toBeCloseTo(0.05, 1);
    expect(model.residualSd).toBeLessThan(0.02);
    const price = (home: Omit<TownModelSale, 'price'>) => Math.exp(townModelLogPrice(model, home)!);
    // The same house in Karori against Newtown: e^0.3 = 1.35 times.
    const house = { suburb: 'Karori', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    expect(price(house) / price({ ...house, suburb: 'Newtown' })).toBeCloseTo(Math.exp(0.3), 1);
  });

  it("prices a suburb it has not seen at the town's level, and a home without a floor area not at all", () => {
    const model = fitTownModel(sales(90, 0.05))!;
    const home = { suburb: 'Somewhere New', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    const f = Math.log(150) - model.centre.lnFloor;
    const l = Math.log(500) - model.centre.lnLand;
    const { curvature: c } = model;
    const townLevel = model.intercept + model.floorElasticity * f + model.landElasticity * l + c.floor * f * f + c.land * l * l + c.floorLand * f * l;
    expect(townModelLogPrice(model, home)).toBeCloseTo(townLevel, 9);
    expect(townModelLogPrice(model, { ...home, floorArea: null })).toBeNull();
    expect(townModelLogPrice(model, { ...home, landArea: null })).toBeNull();
  });

  it('shrinks a suburb seen in only a few sales towards the town', () => {
    const few = [...sales(120, 0.02), ...sales(2, 0, 2).map((s) => ({ ...s, suburb: 'Oriental Bay', price: s.price * Math.exp(0.5) }))];
    const model = fitTownModel(few)!;
    expect(model.suburbs['oriental bay']!).toBeGreaterThan(0);
    expect(model.suburbs['oriental bay']!).toBeLessThan(0.3);
  });

  it("reads a street's own level beside its suburb's, shrunk by how many of its sales it has seen", () => {
    // Kelburn's sales spread over four streets; Upland Road's sell 20 % above the suburb's others.
    const streets = ['Upland Road', 'Glasgow Street', 'Rawhiti Terrace', 'Plunket Street'];
    const town = sales(360, 0.02).map((s, i) => {
      const street = streets[Math.floor(i / 3) % 4]!;
      const premium = s.suburb === 'Kelburn' && street === 'Upland Road' ? Math.log(1.2) : 0;
      return { ...s, address: `${(i % 50) + 1} ${street}`, price: s.price * Math.exp(premium) };
    });
    const model = fitTownModel(town)!;
    // Relative to the suburb's other streets (the suburb's own level takes up part of it).
    const upland = model.streets['kelburn|upland road']! - model.streets['kelburn|glasgow street']!;
    expect(upland).toBeGreaterThan(0.12);
    expect(upland).toBeLessThan(Math.log(1.2));
    // Other suburbs' Upland Roads are their own streets, level with their suburb's others.
    expect(Math.abs(model.streets['karori|upland road']! - model.streets['karori|glasgow street']!)).toBeLessThan(0.01);
    const home = { address: '12 Upland Rd', suburb: 'Kelburn', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    const price = (h: Omit<TownModelSale, 'price'>) => Math.exp(townModelLogPrice(model, h)!);
    expect(price(home) / price({ ...home, address: '12 Glasgow Street' })).toBeGreaterThan(1.12);
    // A street it has not seen, or an address without a number, is the suburb's level.
    expect(townModelLogPrice(model, { ...home, address: '3 Unknown Lane' })).toBeCloseTo(townModelLogPrice(model, { ...home, address: 'Kelburn House' })!, 9);
  });

  it('learns from its sales how far its suburbs and its streets really differ (empirical Bayes)', () => {
    // Six suburbs from 30 % below the town to 35 % above, ten streets each, sales straying by 8 %.
    const town = (streetSd: number, seed: number): TownModelSale[] => {
      const random = seededRandom(seed);
      const normal = normalDraws(random);
      const suburbs = [-0.3, -0.15, 0, 0.1, 0.2, 0.35].map((level, k) => ({ name: `Suburb ${k}`, level, streets: Array.from({ length: 10 }, () => streetSd * normal()) }));
      return Array.from({ length: 900 }, (_, i) => {
        const suburb = suburbs[i % 6]!;
        const street = Math.floor(random() * 10);
        const floorArea = 80 + Math.round(random() * 160);
        const landArea = 300 + Math.round(random() * 500);
        const lnPrice = 13 + suburb.level + suburb.streets[street]! + 0.6 * Math.log(floorArea / 150) + 0.15 * Math.log(landArea / 500) + 0.08 * normal();
        return { price: Math.exp(lnPrice), address: `${i} Street ${street}`, suburb: suburb.name, propertyType: 'house' as const, floorArea, landArea };
      });
    };
    // Streets alike: a suburb's level is its own sales' (a ridge of well under one sale: (8 % ÷ 22 %)² ≈ 0.13),
    // while a street's few sales are held close to their suburb's level.
    const alike = fitTownModel(town(0, 3))!;
    expect(alike.levelPriors!.suburb).toBeLessThan(0.5);
    expect(alike.levelPriors!.street).toBeGreaterThan(20);
    // Streets 10 % apart: each street keeps most of its own sales' level ((8 % ÷ 10 %)² ≈ 0.6 sales).
    const apart = fitTownModel(town(0.1, 3))!;
    expect(apart.levelPriors!.street).toBeLessThan(2);
    expect(apart.levelPriors!.street).toBeGreaterThan(0.2);
  });

  it("reads the town's monthly price index from its sales, a market that rose and then turned included", () => {
    // Level k months ago: rose 1 % a month until 6 months ago, then fell 1 % a month to today.
    const level = (k: number) => (k <= 6 ? 0.01 * k : 0.06 - 0.01 * (k - 6));
    const town = sales(960, 0.02, 3).map((s, i) => {
      // 40 consecutive sales a month, so every month holds every suburb and kind of home.
      const monthsAgo = Math.floor(i / 40) + 0.5;
      return { ...s, monthsAgo, price: s.price * Math.exp(level(Math.floor(monthsAgo))) };
    });
    const model = fitTownModel(town)!;
    for (const k of [3, 6, 12, 20]) expect(townMonthEffect(model, k + 0.5)).toBeCloseTo(level(k), 2);
    // A home priced 6 months ago sold e^0.06 higher than today.
    const home = { suburb: 'Karori', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    expect(townModelLogPrice(model, home, 6.5)! - townModelLogPrice(model, home)!).toBeCloseTo(0.06, 2);
  });

  it("reads each suburb's own trend beside the town's, and its level today rather than over two years", () => {
    // Six suburbs over 24 months; the town rises 0.5 % a month, and each suburb moves beside it by
    // its own g a month (−1 % to +1 %): the fastest is 24 % above its level two years ago against
    // the town, the slowest 24 % below.
    const trends = [-0.01, -0.005, 0, 0, 0.005, 0.01];
    const town = (g: readonly number[], seed: number): TownModelSale[] => {
      const random = seededRandom(seed);
      const normal = normalDraws(random);
      return Array.from({ length: 1200 }, (_, i) => {
        const k = i % 6;
        const monthsAgo = random() * 24;
        const floorArea = 80 + Math.round(random() * 160);
        const landArea = 300 + Math.round(random() * 500);
        const lnPrice = 13 + 0.1 * k - (0.005 + g[k]!) * monthsAgo + 0.6 * Math.log(floorArea / 150) + 0.15 * Math.log(landArea / 500) + 0.06 * normal();
        return { price: Math.exp(lnPrice), suburb: `Suburb ${k}`, propertyType: 'house' as const, floorArea, landArea, monthsAgo };
      });
    };
    const model = fitTownModel(town(trends, 5))!;
    const fitted = trends.map((_, k) => model.suburbTrends![`suburb ${k}`]!);
    // Read to within 0.15 % a month, and in their order.
    fitted.forEach((g, k) => expect(Math.abs(g - trends[k]!)).toBeLessThan(0.0015));
    // Today's gap between the fastest suburb and the slowest is 0.5 in ln (their levels 5 × 0.1 apart);
    // a level held over two years would read it 0.5 − 12 × 0.02 ≈ 0.26.
    const home = { suburb: 'Suburb 5', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    expect(townModelLogPrice(model, home)! - townModelLogPrice(model, { ...home, suburb: 'Suburb 0' })!).toBeCloseTo(0.5, 1);
    // 12 months ago the fastest suburb stood 6 % (the town) + 12 % (its own) below today.
    expect(townTrendEffect(model, 'Suburb 5', 12)).toBeCloseTo(-0.18, 1);
    expect(townModelLogPrice(model, home, 12)! - townModelLogPrice(model, home)!).toBeCloseTo(townTrendEffect(model, 'Suburb 5', 12), 9);
    // Suburbs that move together are read so: their trends held near zero.
    const together = fitTownModel(town([0, 0, 0, 0, 0, 0], 5))!;
    for (const g of Object.values(together.suburbTrends!)) expect(Math.abs(g)).toBeLessThan(0.001);
    expect(townMonthEffect(together, 12.5)).toBeCloseTo(-0.0625, 1);
  });

  it('is not pulled down by family transfers sold far below their value', () => {
    const market = sales(360, 0.02, 4).map((s, i) => ({ ...s, address: `${(i % 40) + 1} ${i % 2 ? 'Upland Road' : 'Glasgow Street'}` }));
    // One in ten of Upland Road's sales went to family at 70 % of its value.
    const withTransfers = market.map((s, i) => (i % 2 && i % 20 === 1 ? { ...s, price: s.price * 0.7 } : s));
    const clean = fitTownModel(market)!;
    const model = fitTownModel(withTransfers)!;
    const home = { address: '5 Upland Road', suburb: 'Kelburn', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    // A least-squares fit would put the street ~3.5 % lower (a tenth of −36 %); the robust fit moves well under 1 %.
    expect(Math.abs(townModelLogPrice(model, home)! - townModelLogPrice(clean, home)!)).toBeLessThan(0.01);
  });

  it('needs enough sales with a floor and land area', () => {
    expect(fitTownModel(sales(TOWN_MODEL_MIN_SALES - 1, 0.02))).toBeNull();
    const withoutArea = sales(100, 0.02).map((s) => ({ ...s, floorArea: null }));
    expect(fitTownModel(withoutArea)).toBeNull();
  });
});
