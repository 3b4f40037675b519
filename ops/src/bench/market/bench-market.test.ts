import { describe, expect, it } from 'vitest';
import { generateBenchMarket, SUBURB_DRIFT, trueValueAt, VARIED_NOISE, type BenchSale } from './bench-market';
import { indexAt } from './market-index';
import { propertyTypes } from './property-types';

const now = new Date('2026-06-15T00:00:00Z');
const market = generateBenchMarket({ seed: 7, now, salesPerTown: 400 });
const all = [...market.training, ...market.heldOut];

const pearson = (xs: readonly number[], ys: readonly number[]) => {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
};

describe('generateBenchMarket', () => {
  it('is deterministic per seed, and another seed gives another market', () => {
    const again = generateBenchMarket({ seed: 7, now, salesPerTown: 400 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(market));
    const other = generateBenchMarket({ seed: 8, now, salesPerTown: 400 });
    expect(other.training.map((s) => s.price)).not.toEqual(market.training.map((s) => s.price));
  });

  it('holds several real towns, each with suburbs a few km apart and every type of home', () => {
    expect(market.towns.map((t) => t.name)).toEqual(expect.arrayContaining(['Auckland', 'Wellington', 'Christchurch']));
    for (const town of market.towns) {
      const centres = town.suburbs;
      const distinct = new Set(centres.map((s) => s.name));
      expect(distinct.size).toBe(centres.length);
      for (const s of centres) expect(Math.hypot(s.latitude - town.latitude, (s.longitude - town.longitude) * Math.cos((town.latitude * Math.PI) / 180)) * 111).toBeLessThan(9);
    }
    const types = new Set(all.map((s) => s.home.type));
    expect([...types].sort()).toEqual([...propertyTypes].sort());
    for (const s of all.filter((x) => x.home.type === 'apartment')) expect(s.home.landArea).toBe(0);
  });

  it('dates every RV before every sale of its town, and its error is independent of the sale noise', () => {
    for (const town of market.towns) {
      const first = all.filter((s) => s.home.town === town.name).map((s) => s.saleDate).sort()[0]!;
      expect(town.revaluationDate < first).toBe(true);
    }
    const market_ = all.filter((s) => !s.nonMarket && s.rvError !== null);
    const rvLog = market_.map((s) => Math.log(s.rvError!));
    const noiseLog = market_.map((s) => Math.log(s.noise));
    expect(market_.length).toBeGreaterThan(2500);
    expect(Math.abs(pearson(rvLog, noiseLog))).toBeLessThan(0.06);
    expect(sd(rvLog)).toBeGreaterThan(0.08);
    expect(sd(rvLog)).toBeLessThan(0.12);
    expect(sd(noiseLog)).toBeGreaterThan(0.05);
    expect(sd(noiseLog)).toBeLessThan(0.07);
  });

  it('leaves a few sales without an RV', () => {
    const without = all.filter((s) => s.rateableValue === null).length / all.length;
    expect(without).toBeGreaterThan(0.02);
    expect(without).toBeLessThan(0.07);
  });

  it("turns every town's market: up to the peak, down after it, inside the sales window", () => {
    for (const town of market.towns) {
      const sales = all.filter((s) => s.home.town === town.name);
      const dates = sales.map((s) => s.saleDate).sort();
      expect(town.index.peak > dates[0]!).toBe(true);
      expect(town.index.peak < dates.at(-1)!).toBe(true);
      const home = sales[0]!.home;
      const atPeak = trueValueAt(town, home, town.index.peak);
      expect(trueValueAt(town, home, dates[0]!)).toBeLessThan(atPeak);
      expect(trueValueAt(town, home, dates.at(-1)!)).toBeLessThan(atPeak);
    }
  });

  it('puts family transfers (60–85 % of value) in the training sales only', () => {
    const transfers = market.training.filter((s) => s.nonMarket);
    expect(transfers.length / market.training.length).toBeGreaterThan(0.02);
    for (const s of transfers) {
      expect(s.noise).toBeGreaterThanOrEqual(0.59);
      expect(s.noise).toBeLessThanOrEqual(0.86);
    }
    expect(market.heldOut.some((s) => s.nonMarket)).toBe(false);
  });

  it('holds out sales of the last 12 months only, each sale one home, and prices the home at its true value with noise', () => {
    const from = '2025-06-15';
    expect(market.heldOut.length).toBeGreaterThan(300);
    for (const s of market.heldOut) expect(s.saleDate >= from).toBe(true);
    expect(new Set(all.map((s) => s.home.homeId)).size).toBe(all.length);
    const town = new Map(market.towns.map((t) => [t.name, t]));
    for (const s of all.slice(0, 200) as BenchSale[]) expect(s.trueValue).toBeCloseTo(trueValueAt(town.get(s.home.town)!, s.home, s.saleDate), 6);
  });

  it('with VARIED_NOISE, sells each suburb and kind with its own noise, and changes nothing else', () => {
    const varied = generateBenchMarket({ seed: 7, now, salesPerTown: 400, noiseVariation: VARIED_NOISE });
    const variedAll = [...varied.training, ...varied.heldOut];
    // The same homes, dates, true values and RVs: only market prices move.
    expect(variedAll.map((s) => [s.saleId, s.saleDate, s.trueValue, s.rateableValue])).toEqual(all.map((s) => [s.saleId, s.saleDate, s.trueValue, s.rateableValue]));
    for (const s of all) expect(s.noiseSd).toBe(0.06);
    // Each suburb its own noise (× e^(0.35 Z)), apartments 1.3 × a house's in the same suburb.
    const bySuburb = new Map<string, BenchSale[]>();
    for (const s of variedAll.filter((x) => !x.nonMarket)) bySuburb.set(`${s.home.town}/${s.home.suburb}`, [...(bySuburb.get(`${s.home.town}/${s.home.suburb}`) ?? []), s]);
    const houseSds = [...bySuburb.values()].map((sales) => sales.find((s) => s.home.type === 'house')!.noiseSd);
    expect(Math.max(...houseSds) / Math.min(...houseSds)).toBeGreaterThan(2);
    for (const sales of bySuburb.values()) {
      const house = sales.find((s) => s.home.type === 'house')!.noiseSd;
      for (const s of sales) expect(s.noiseSd).toBeCloseTo(house * VARIED_NOISE.byType[s.home.type], 12);
    }
    // The prices follow: the realised log noise of a suburb's sales against the sd they were drawn with.
    const big = [...bySuburb.values()].filter((sales) => sales.length >= 60);
    const drawn = big.map((sales) => mean(sales.map((s) => s.noiseSd)));
    const realised = big.map((sales) => sd(sales.map((s) => Math.log(s.noise))));
    expect(pearson(drawn, realised)).toBeGreaterThan(0.7);
  });

  it("with SUBURB_DRIFT, moves each suburb along its own trend beside its town's from the revaluation on, and changes nothing else", () => {
    const drifting = generateBenchMarket({ seed: 7, now, salesPerTown: 400, suburbDrift: SUBURB_DRIFT });
    const driftingAll = [...drifting.training, ...drifting.heldOut];
    // The same homes on the same dates; without drift every suburb's trend is 0.
    expect(driftingAll.map((s) => [s.saleId, s.saleDate])).toEqual(all.map((s) => [s.saleId, s.saleDate]));
    for (const town of market.towns) for (const g of Object.values(town.suburbDrift)) expect(g).toBe(0);
    const trends = drifting.towns.flatMap((town) => Object.values(town.suburbDrift));
    expect(sd(trends)).toBeGreaterThan(SUBURB_DRIFT * 0.7);
    expect(sd(trends)).toBeLessThan(SUBURB_DRIFT * 1.3);
    const towns = new Map(drifting.towns.map((t) => [t.name, t]));
    for (const s of driftingAll.slice(0, 200)) {
      const town = towns.get(s.home.town)!;
      const months = (Date.parse(s.saleDate) - Date.parse(town.revaluationDate)) / 86_400_000 / (365.25 / 12);
      // Its town's index × its suburb's own trend since the revaluation.
      expect(s.trueValue).toBeCloseTo(s.home.hidden.peakValue * indexAt(town.index, s.saleDate) * Math.exp(town.suburbDrift[s.home.suburb]! * months), 0);
      expect(s.trueValue).toBeCloseTo(trueValueAt(town, s.home, s.saleDate), 6);
    }
    // The council saw each home at its suburb's level on the revaluation date, before any drift.
    const errors = driftingAll.flatMap((s) => (s.rvError === null ? [] : [Math.log(s.rvError)]));
    expect(Math.abs(mean(errors))).toBeLessThan(0.01);
  });
});
