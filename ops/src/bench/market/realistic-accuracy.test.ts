import { describe, expect, it } from 'vitest';
import { mergeValuationRows } from '../valuation-phase';
import { markdownTable } from '../table';
import { measureRealisticAccuracy } from './realistic-accuracy';
import { VARIED_NOISE } from './bench-market';
import { realisticRows, variedRows } from './realistic-rows';

describe('measureRealisticAccuracy', () => {
  const options = { seed: 3, now: new Date('2026-06-15T00:00:00Z'), salesPerTown: 150, towns: 2 };
  const result = measureRealisticAccuracy(options);

  it('values every held-out sale with the oracle, the best-informed valuer, both baselines and the model, from earlier sales only', () => {
    expect(result.heldOut).toBeGreaterThan(20);
    expect(result.cases).toHaveLength(result.heldOut);
    expect(result.oracle.count).toBe(result.heldOut);
    expect(result.rvBaseline.count).toBe(result.heldOut);
    expect(result.perM2Baseline.count).toBe(result.heldOut);
    expect(result.model.count).toBe(result.heldOut);
    expect(result.model.ratioToFloor).toBeCloseTo(result.model.mdape / result.oracle.mdape, 10);
    expect(result.bestInformed.count).toBe(result.heldOut);
    expect(result.bestInformed.ratioToFloor).toBeCloseTo(result.bestInformed.mdape / result.oracle.mdape, 10);
    // The model values every sale here, so it and the best-informed valuer stand on the same sales.
    expect(result.model.ratioToBestInformed).toBeCloseTo(result.model.mdape / result.bestInformed.mdape, 10);
    // Each ratio with the interval its held-out sales' luck leaves it (paired resamples).
    for (const [ratio, interval] of [
      [result.model.ratioToFloor, result.model.ratioToFloorInterval],
      [result.model.ratioToBestInformed, result.model.ratioToBestInformedInterval],
    ] as const) {
      expect(interval.low).toBeLessThanOrEqual(ratio);
      expect(interval.high).toBeGreaterThanOrEqual(ratio);
      expect(interval.high).toBeGreaterThan(interval.low);
    }
    expect(result.model.buckets.reduce((n, b) => n + b.count, 0)).toBe(result.model.count);
    for (const c of result.cases) for (const comparable of c.model!.estimate.explanation) expect(comparable).not.toContain('demo data');
  });

  it("ranks confidence against the model's error from the true value as well as against the sale price's", () => {
    const { spearmanConfidenceError: againstPrice, spearmanConfidenceModelError: againstTruth } = result.model;
    expect(Math.abs(againstTruth)).toBeLessThanOrEqual(1);
    // The sale's own noise separates the two: they are measured on different errors.
    expect(againstTruth).not.toBeCloseTo(againstPrice, 6);
  });

  it('bounds what a confidence could rank: knowing the model\'s own error ranks the sale\'s error, but not wholly', () => {
    const { spearmanBound } = result.model;
    // The model's error is part of the sale's, so knowing it ranks the sale's error (negative);
    // the sale's own luck is the rest, so not perfectly.
    expect(spearmanBound).toBeLessThan(0);
    expect(spearmanBound).toBeGreaterThan(-1);
  });

  it('says what a confidence could rank from similar homes sold before: a correlation, read from earlier homes only', () => {
    const { spearmanSimilarHomes } = result.model;
    expect(Number.isFinite(spearmanSimilarHomes)).toBe(true);
    expect(Math.abs(spearmanSimilarHomes)).toBeLessThanOrEqual(1);
  });

  it('splits the homes into fifths by how far their sales really stray, each with its coverage and stated against sold', () => {
    const varied = measureRealisticAccuracy({ ...options, noiseVariation: VARIED_NOISE });
    const fifths = varied.model.byNoiseFifth;
    expect(fifths).toHaveLength(5);
    expect(fifths.reduce((n, f) => n + f.count, 0)).toBe(varied.model.count);
    fifths.forEach((f, i) => {
      expect(f.noise.low).toBeLessThanOrEqual(f.noise.high);
      if (i > 0) expect(f.noise.low).toBeGreaterThanOrEqual(fifths[i - 1]!.noise.high);
      for (const share of [f.inRange, f.soldWithin]) {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }
      expect(f.statedConfidence).toBeGreaterThanOrEqual(15);
    });
    // The noisiest fifth's sales stray further: fewer sold within ±10 % than the calmest's.
    expect(fifths[4]!.soldWithin).toBeLessThan(fifths[0]!.soldWithin);
  });

  it('is deterministic for the same options', () => {
    const again = measureRealisticAccuracy(options);
    expect(again.model).toEqual(result.model);
    expect(again.oracle).toEqual(result.oracle);
  });

  it('gives rows that survive the merge into last-results.md (each starts with "Valuation", no "|" inside a cell)', () => {
    const rows = [...realisticRows(result, options.seed), ...variedRows(result, options.seed, VARIED_NOISE)];
    for (const row of rows) {
      expect(row.measure.startsWith('Valuation')).toBe(true);
      expect(`${row.measure}${row.result}${row.aim}`).not.toContain('|');
    }
    const base = `${markdownTable([{ measure: 'Single-event appends', result: '1 /s', aim: '—' }])}\n`;
    const merged = mergeValuationRows(base, rows, '_Valuation rows measured today._')!;
    expect(merged.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(rows.length + 3);
    expect(mergeValuationRows(merged, rows, '_Valuation rows measured today._')).toBe(merged);
  });
});
