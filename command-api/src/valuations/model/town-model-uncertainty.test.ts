import { seededRandom } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { fitTownModel, shrunkSpreads, townModelLeaveOneOut, townModelLogPrice, townModelSpread, townModelStudentizedResidual, townModelVariance, type TownModelSale } from './town-model';
import { normalDraws } from '../../testing/normal-draws';

/**
 * Houses in three suburbs (Karori with 4 streets of many sales; Newtown and Kelburn; Seatoun with
 * two sales), ln price = 13 + suburb + street + 0.7 ln(F/150) + 0.2 ln(L/500) + noise.
 */
function town(seed = 1): TownModelSale[] {
  const random = seededRandom(seed);
  const home = (suburb: string, street: string, number: number, level: number): TownModelSale => {
    const floorArea = 100 + Math.round(random() * 100);
    const landArea = 400 + Math.round(random() * 300);
    const ln = 13 + level + 0.7 * Math.log(floorArea / 150) + 0.2 * Math.log(landArea / 500) + 0.06 * (random() - 0.5);
    return { price: Math.exp(ln), address: `${number} ${street}`, suburb, propertyType: 'house', floorArea, landArea };
  };
  const out: TownModelSale[] = [];
  for (let i = 0; i < 120; i++) out.push(home('Karori', ['Hill Street', 'Park Road', 'Beach Road', 'Main Road'][i % 4]!, i + 1, 0.2 + (i % 4) * 0.01));
  for (let i = 0; i < 60; i++) out.push(home('Newtown', 'Riddiford Street', i + 1, -0.1));
  for (let i = 0; i < 60; i++) out.push(home('Kelburn', 'Upland Road', i + 1, 0));
  out.push(home('Seatoun', 'Marine Parade', 1, 0.3), home('Seatoun', 'Marine Parade', 3, 0.3));
  return out;
}

const house = { suburb: 'Karori', address: '200 Hill Street', propertyType: 'house' as const, floorArea: 150, landArea: 500 };

describe('townModelVariance', () => {
  const model = fitTownModel(town())!;

  it('is small for a typical home on a street of many sales, about 1 / (its sales + 2)', () => {
    const v = townModelVariance(model, house)!;
    expect(v).toBeGreaterThan(1 / (30 + 2));
    expect(v).toBeLessThan(2 / (30 + 2));
  });

  it('grows on a street it has not seen, in a suburb of two sales, and for an unusual size', () => {
    const typical = townModelVariance(model, house)!;
    expect(townModelVariance(model, { ...house, address: '5 Unknown Lane' })!).toBeGreaterThan(typical + 0.4);
    const seatoun = townModelVariance(model, { ...house, suburb: 'Seatoun', address: '9 Marine Parade' })!;
    expect(seatoun).toBeGreaterThan(townModelVariance(model, { ...house, suburb: 'Newtown', address: '90 Riddiford Street' })!);
    expect(townModelVariance(model, { ...house, floorArea: 600 })!).toBeGreaterThan(typical);
  });

  it('is null without a floor area, or for a model built without its fit', () => {
    expect(townModelVariance(model, { ...house, floorArea: null })).toBeNull();
    const { uncertainty: _, ...byHand } = model;
    expect(townModelVariance(byHand, house)).toBeNull();
  });
});

describe('townModelLeaveOneOut', () => {
  it('moves a sale’s ln price as fitting the town without that sale does', () => {
    const sales = town(2);
    const model = fitTownModel(sales)!;
    const shiftAndRefit = (index: number) => {
      const sale = sales[index]!;
      const without = fitTownModel(sales.filter((_, i) => i !== index))!;
      return { shift: townModelLeaveOneOut(model, sale)!, refit: townModelLogPrice(without, sale)! - townModelLogPrice(model, sale)! };
    };
    for (const index of [5, 130, 200]) {
      const { shift, refit } = shiftAndRefit(index);
      expect(Math.abs(shift - refit)).toBeLessThan(0.1 * Math.abs(refit) + 0.0005);
    }
    // One of Seatoun's two sales: a refit drops the street (one sale is not a street), the shift
    // keeps it with one sale; both move the same way, by more than for a sale of a busy street.
    const { shift, refit } = shiftAndRefit(sales.length - 1);
    expect(Math.sign(shift)).toBe(Math.sign(refit));
    expect(Math.abs(shift)).toBeGreaterThan(Math.abs(shiftAndRefit(5).shift));
  });

  it('studentizes: a sale strays further from a model that has not seen it than from one that has', () => {
    const sales = town(3);
    const model = fitTownModel(sales)!;
    const sale = sales[sales.length - 1]!;
    const raw = Math.log(sale.price) - townModelLogPrice(model, sale)!;
    expect(Math.abs(townModelStudentizedResidual(model, sale)!)).toBeGreaterThan(Math.abs(raw));
    expect(townModelStudentizedResidual(model, { ...sale, floorArea: null })).toBeNull();
  });
});

describe('typeResidualSd', () => {
  it('gives a kind of home whose prices stray further its own wider spread, pooled towards the town’s', () => {
    const random = seededRandom(9);
    const sales: TownModelSale[] = Array.from({ length: 300 }, (_, i) => {
      const apartment = i % 3 === 0;
      const floorArea = 60 + Math.round(random() * 140);
      const noise = (apartment ? 0.3 : 0.06) * (random() - 0.5);
      return {
        price: Math.exp(13 + 0.7 * Math.log(floorArea / 120) + noise),
        address: `${i + 1} Queen Street`,
        suburb: ['Te Aro', 'Thorndon'][i % 2]!,
        propertyType: apartment ? 'apartment' : 'house',
        floorArea,
        landArea: apartment ? 0 : 500,
      };
    });
    const model = fitTownModel(sales)!;
    const spread = model.typeResidualSd!;
    expect(spread.apartment).toBeGreaterThan(2 * spread.house);
    expect(spread.house).toBeLessThan(model.residualSd);
    // A kind the town never sold keeps the town's spread.
    expect(spread.unit).toBeCloseTo(model.residualSd, 9);
  });
});

describe('suburbResidualSd and townModelSpread', () => {
  // Two suburbs of the same houses: Aro Valley's sales stray five times as far as Thorndon's.
  const random = seededRandom(11);
  const sales: TownModelSale[] = Array.from({ length: 300 }, (_, i) => {
    const noisy = i % 2 === 0;
    const floorArea = 60 + Math.round(random() * 140);
    return {
      price: Math.exp(13 + 0.7 * Math.log(floorArea / 120) + (noisy ? 0.3 : 0.06) * (random() - 0.5)),
      address: `${i + 1} ${noisy ? 'Aro Street' : 'Tinakori Road'}`,
      suburb: noisy ? 'Aro Valley' : 'Thorndon',
      propertyType: 'house',
      floorArea,
      landArea: 500,
    };
  });
  const model = fitTownModel(sales)!;

  it("gives a suburb whose prices stray further its own wider spread, pooled towards the town's", () => {
    const spread = model.suburbResidualSd!;
    expect(spread['aro valley']).toBeGreaterThan(2 * spread['thorndon']!);
    expect(spread['thorndon']).toBeLessThan(model.residualSd);
    expect(spread['aro valley']).toBeGreaterThan(model.residualSd);
  });

  it('reads a noisy suburb’s spread in full, though the town’s fences cut more of its sales’ tails than a calm one’s', () => {
    // Normal noise, sd 4 % in Kelburn and 12 % in Newtown, 400 sales each: the town's fences sit at
    // about 1.5 of Newtown's sds and cut 14 % of its sales; those kept spread by three quarters of
    // the whole, which read Newtown as 2.1 times Kelburn.
    const draw = seededRandom(21);
    const normal = normalDraws(draw);
    const homes: TownModelSale[] = Array.from({ length: 800 }, (_, i) => {
      const noisy = i % 2 === 0;
      const floorArea = 60 + Math.round(draw() * 140);
      return {
        price: Math.exp(13 + 0.7 * Math.log(floorArea / 120) + (noisy ? 0.12 : 0.04) * normal()),
        address: `${i + 1} ${noisy ? 'Riddiford Street' : 'Upland Road'}`,
        suburb: noisy ? 'Newtown' : 'Kelburn',
        propertyType: 'house',
        floorArea,
        landArea: 500,
      };
    });
    const spread = fitTownModel(homes)!.suburbResidualSd!;
    const ratio = spread['newtown']! / spread['kelburn']!;
    // Three, within what 400 sales of each can tell (±5 % each).
    expect(ratio).toBeGreaterThan(2.6);
    expect(ratio).toBeLessThan(3.4);
  });

  it("states a home's spread as its suburb's and its kind's, and the town's where it knows neither", () => {
    const house = { suburb: 'Aro Valley', propertyType: 'house' as const };
    const kind = model.typeResidualSd!.house / model.residualSd;
    expect(townModelSpread(model, house)).toBeCloseTo(model.suburbResidualSd!['aro valley']! * kind, 12);
    expect(townModelSpread(model, { ...house, suburb: 'THORNDON ' })).toBeCloseTo(model.suburbResidualSd!['thorndon']! * kind, 12);
    // A suburb and a kind the town never sold.
    expect(townModelSpread(model, { suburb: 'Kelburn', propertyType: 'unit' })).toBeCloseTo(model.residualSd, 12);
    // A model built by hand has one spread.
    expect(townModelSpread({ ...model, typeResidualSd: undefined, suburbResidualSd: undefined }, house)).toBe(model.residualSd);
  });
});

describe('shrunkSpreads', () => {
  it('gives every group the town’s spread when they differ no more than their sales’ chance allows', () => {
    // 50 sales each: a sample sd's ln is unsure by ±0.1, and these differ by ±0.05.
    const groups = [0.057, 0.06, 0.063, 0.06].map((sd) => ({ count: 50, sd }));
    expect(shrunkSpreads(groups, 0.06)).toEqual([0.06, 0.06, 0.06, 0.06]);
  });

  it('gives every group the town’s spread when their scatter beyond chance is within one standard error of none', () => {
    // Nine suburbs of 25 sales (ln sd unsure by ±0.14), each 0.16 off the town's in ln: at face
    // value τ² = 0.16² − 1/50 = 0.0056 and each would keep a fifth of its difference, but nine such
    // groups scatter that much by chance alone (Σ nᵢdᵢ² = 5.76 against 4.5 ± √4.5 = 2.1).
    const groups = [1, -1, 1, -1, 1, -1, 1, -1, 1].map((sign) => ({ count: 25, sd: 0.07 * Math.exp(0.16 * sign) }));
    expect(shrunkSpreads(groups, 0.07)).toEqual(groups.map(() => 0.07));
  });

  it('keeps most of a real difference, the more the more sales show it, and a group of one sale none', () => {
    const groups = [
      { count: 200, sd: 0.03 },
      { count: 200, sd: 0.12 },
      { count: 10, sd: 0.12 },
      { count: 1, sd: 0.3 },
    ];
    const [calm, wild, few, one] = shrunkSpreads(groups, 0.06);
    expect(calm).toBeGreaterThan(0.03);
    expect(calm).toBeLessThan(0.032);
    expect(wild).toBeGreaterThan(0.115);
    expect(wild).toBeLessThan(0.12);
    // Ten sales: pulled further towards the town's, still wider than it.
    expect(few).toBeLessThan(wild!);
    expect(few).toBeGreaterThan(0.09);
    expect(one).toBe(0.06);
  });
});
