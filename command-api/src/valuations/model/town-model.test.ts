import { seededRandom, type PropertyType } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { fitTownModel, TOWN_MODEL_MIN_SALES, townModelLogPrice, type TownModelSale } from './town-model';

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
    const model = fitTownModel(sales(270, 0.02), new Array(270).fill(1))!;
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
    const model = fitTownModel(sales(90, 0.05), new Array(90).fill(1))!;
    const home = { suburb: 'Somewhere New', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    const townLevel = model.intercept + model.floorElasticity * (Math.log(150) - model.centre.lnFloor) + model.landElasticity * (Math.log(500) - model.centre.lnLand);
    expect(townModelLogPrice(model, home)).toBeCloseTo(townLevel, 9);
    expect(townModelLogPrice(model, { ...home, floorArea: null })).toBeNull();
    expect(townModelLogPrice(model, { ...home, landArea: null })).toBeNull();
  });

  it('shrinks a suburb seen in only a few sales towards the town', () => {
    const few = [...sales(120, 0.02), ...sales(2, 0, 2).map((s) => ({ ...s, suburb: 'Oriental Bay', price: s.price * Math.exp(0.5) }))];
    const model = fitTownModel(few, new Array(few.length).fill(1))!;
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
    const model = fitTownModel(town, new Array(town.length).fill(1))!;
    // Relative to the suburb's other streets (the suburb's own level takes up part of it).
    const upland = model.streets['kelburn|upland road']! - model.streets['kelburn|glasgow street']!;
    expect(upland).toBeGreaterThan(0.12);
    expect(upland).toBeLessThan(Math.log(1.2));
    // Other suburbs' Upland Roads are their own streets, at their suburb's level.
    expect(Math.abs(model.streets['karori|upland road']!)).toBeLessThan(0.03);
    const home = { address: '12 Upland Rd', suburb: 'Kelburn', propertyType: 'house' as const, floorArea: 150, landArea: 500 };
    const price = (h: Omit<TownModelSale, 'price'>) => Math.exp(townModelLogPrice(model, h)!);
    expect(price(home) / price({ ...home, address: '12 Glasgow Street' })).toBeGreaterThan(1.12);
    // A street it has not seen, or an address without a number, is the suburb's level.
    expect(townModelLogPrice(model, { ...home, address: '3 Unknown Lane' })).toBeCloseTo(townModelLogPrice(model, { ...home, address: 'Kelburn House' })!, 9);
  });

  it('needs enough sales with a floor and land area', () => {
    expect(fitTownModel(sales(TOWN_MODEL_MIN_SALES - 1, 0.02), new Array(TOWN_MODEL_MIN_SALES).fill(1))).toBeNull();
    const withoutArea = sales(100, 0.02).map((s) => ({ ...s, floorArea: null }));
    expect(fitTownModel(withoutArea, new Array(100).fill(1))).toBeNull();
  });
});
