import type { Row } from '../table';
import { fmtInt } from '../table';
import type { ErrorSummary, Interval } from './metrics';
import { propertyTypes } from './property-types';
import { BENCH_MARKET_DEFAULTS, type NoiseVariation } from './bench-market';
import type { RealisticAccuracyResult } from './realistic-accuracy';

/** Aims of issue 11: the model's MdAPE within 1.2× the oracle's floor, 80 % ± 5 points of prices inside its range. */
export const AIM_FLOOR_RATIO = 1.2;
export const AIM_IN_RANGE = 0.8;
export const AIM_IN_RANGE_TOLERANCE = 0.05;

const pct = (x: number, digits = 1) => (Number.isNaN(x) ? '–' : `${(x * 100).toFixed(digits)} %`);
const signedPct = (x: number) => (Number.isNaN(x) ? '–' : `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)} %`);

/** "MdAPE 7.0 % · 67 % / 92 % within 10 / 20 % · bias +2.3 %". */
export const errorText = (s: ErrorSummary) => `MdAPE ${pct(s.mdape)} · ${pct(s.within10, 0)} / ${pct(s.within20, 0)} within 10 / 20 % · bias ${signedPct(s.bias)}`;

/** The market the figures stand on, for a row or a progress line. */
export const marketText = (r: RealisticAccuracyResult, seed: number) =>
  `${fmtInt(r.heldOut)} held-out sales of ${r.towns} towns, ${fmtInt(r.training)} training sales (${fmtInt(r.nonMarket)} family transfers), ${fmtInt(r.withoutRv)} sales without an RV, seed ${seed}`;

/** A signed correlation, e.g. "−0.04" (NaN: "–"). */
export const correlationText = (x: number) => (Number.isNaN(x) ? '–' : `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)}`);

/** The coverage row's result and aim, "82 % (±10.0 % mean)" against "80 % ± 5". */
const inRangeText = (m: RealisticAccuracyResult['model']) => `${pct(m.inRange, 0)} (±${pct(m.meanHalfWidth)} mean)`;
const IN_RANGE_AIM = `${pct(AIM_IN_RANGE, 0)} ± ${Math.round(AIM_IN_RANGE_TOLERANCE * 100)}`;
const FLOOR_RATIO_AIM = `≤ ${AIM_FLOOR_RATIO.toFixed(1)}×`;

/** "1.13–1.30": a 95 % interval of a ratio. */
const ratioInterval = (i: Interval) => `${i.low.toFixed(2)}–${i.high.toFixed(2)}`;

/** "1.21× (95 % interval 1.13–1.30)": a ratio and how far the held-out sales' luck leaves it unsure. */
export const ratioText = (ratio: number, interval: Interval) => `${ratio.toFixed(2)}× (95 % interval ${ratioInterval(interval)})`;

/** "1.26× (95 % interval 1.17–1.35; floor 4.1 %; best-informed valuer 1.22×, model ÷ it 1.03×, 0.97–1.09)". */
const floorRatioText = (r: RealisticAccuracyResult) =>
  `${r.model.ratioToFloor.toFixed(2)}× (95 % interval ${ratioInterval(r.model.ratioToFloorInterval)}; floor ${pct(r.oracle.mdape)}; best-informed valuer ${r.bestInformed.ratioToFloor.toFixed(2)}×, model ÷ it ${r.model.ratioToBestInformed.toFixed(2)}×, ${ratioInterval(r.model.ratioToBestInformedInterval)})`;

/** "Low 0 · Fair 5 (3.5 %, 2.1–6.0 %) · …": each confidence bucket's count and median error with its 95 % interval. */
const bucketsText = (m: RealisticAccuracyResult['model']) =>
  m.buckets
    .map((b) => `${b.label} ${fmtInt(b.count)}${b.count > 0 ? ` (${pct(b.mdape)}, ${(b.mdapeInterval.low * 100).toFixed(1)}–${pct(b.mdapeInterval.high)})` : ''}`)
    .join(' · ');

/** "Fair 63 % → 100 % · … · all 80 % → 82 %": the confidence each used bucket states beside the share that sold within ±10 %. */
const statedText = (m: RealisticAccuracyResult['model']) =>
  [...m.buckets.filter((b) => b.count > 0).map((b) => `${b.label} ${b.statedConfidence.toFixed(0)} % → ${pct(b.soldWithin, 0)}`), `all ${m.meanConfidence.toFixed(0)} % → ${pct(m.soldWithin, 0)}`].join(' · ');

/**
 * The rows of the realistic-market accuracy (ops/src/bench/market/), first in the valuation
 * table. Every measure starts with "Valuation" so `mergeValuationRows` finds them again.
 */
export function realisticRows(r: RealisticAccuracyResult, seed: number): Row[] {
  const m = r.model;
  const byType = propertyTypes.map((t) => `${t} ${pct(m.byType[t].mdape)} (${fmtInt(m.byType[t].count)})`).join(' · ');
  return [
    { measure: `Valuation, realistic market (${fmtInt(r.heldOut)} held-out sales, ${r.towns} towns, seed ${seed}): oracle`, result: errorText(r.oracle), aim: 'the floor' },
    { measure: "Valuation, realistic market: reference, knows all but the home's own factor (no RV)", result: errorText(r.allButTheHome), aim: '—' },
    { measure: 'Valuation, realistic market: model', result: errorText(m), aim: '—' },
    {
      measure: "Valuation, realistic market: best-informed valuer (knows the market's rules and figures; reads the street's level, the condition and the home's own factor from the street's sales, the ratings and the RV)",
      result: `${errorText(r.bestInformed)} · ${r.bestInformed.ratioToFloor.toFixed(2)}× the floor`,
      aim: '— (within reach)',
    },
    { measure: 'Valuation, realistic market: model MdAPE ÷ floor', result: ratioText(m.ratioToFloor, m.ratioToFloorInterval), aim: FLOOR_RATIO_AIM },
    { measure: 'Valuation, realistic market: model MdAPE ÷ best-informed valuer (the same sales)', result: ratioText(m.ratioToBestInformed, m.ratioToBestInformedInterval), aim: '—' },
    { measure: "Valuation, realistic market: model's median error against the home's true value (the sale's own luck left out)", result: pct(m.medianErrorFromTruth), aim: '—' },
    { measure: "Valuation, realistic market: baseline (a) RV × town's recent price/RV", result: errorText(r.rvBaseline), aim: '> model' },
    { measure: "Valuation, realistic market: baseline (b) suburb's median $/m² × floor area", result: errorText(r.perM2Baseline), aim: '> model' },
    { measure: 'Valuation, realistic market: sale price inside [conservative, optimistic]', result: inRangeText(m), aim: IN_RANGE_AIM },
    { measure: 'Valuation, realistic market: confidence buckets, count (MdAPE, its 95 % interval)', result: bucketsText(m), aim: 'MdAPE falls; not all one bucket' },
    { measure: 'Valuation, realistic market: confidence stated → share that sold within ±10 % of the estimate, by bucket', result: statedText(m), aim: 'stated ≈ sold' },
    {
      // No "|" in a cell: the table is merged back by splitting lines on it.
      measure: 'Valuation, realistic market: rank correlation of confidence and absolute error (Spearman), mean confidence',
      result: `${correlationText(m.spearmanConfidenceError)}, ${m.meanConfidence.toFixed(0)} %`,
      aim: '< 0',
    },
    {
      measure: "Valuation, realistic market: rank correlation of confidence and the model's error against the home's true value (Spearman)",
      result: correlationText(m.spearmanConfidenceModelError),
      aim: '< 0',
    },
    {
      measure: "Valuation, realistic market: the most a confidence could rank: one that knew the model's error against the true value and how far the sale strays, against the error from the sale price (Spearman)",
      result: correlationText(m.spearmanBound),
      aim: '— (a bound)',
    },
    {
      measure: SIMILAR_HOMES_MEASURE('realistic'),
      result: correlationText(m.spearmanSimilarHomes),
      aim: '— (a reference)',
    },
    { measure: 'Valuation, realistic market: model MdAPE by property type (count)', result: byType, aim: '—' },
    {
      measure: 'Valuation, realistic market: model MdAPE with ≥ 3 / < 3 same-suburb comparables',
      result: `${pct(m.sameSuburb.atLeast3.mdape)} (${fmtInt(m.sameSuburb.atLeast3.count)}) / ${pct(m.sameSuburb.fewer.mdape)} (${fmtInt(m.sameSuburb.fewer.count)})`,
      aim: '—',
    },
    { measure: 'Valuation, realistic market: model MdAPE on homes without an RV', result: `${pct(m.noRv.mdape)} (${fmtInt(m.noRv.count)})`, aim: '—' },
  ];
}

/** The row of what a confidence could rank from similar homes sold before (`spearmanSimilarHomes`). */
const SIMILAR_HOMES_MEASURE = (market: string) =>
  `Valuation, ${market} market: rank correlation of a confidence read from similar homes sold before (the model's errors on earlier held-out homes of the suburb and kind) and absolute error (Spearman)`;

/**
 * The rows of the varied market (`VARIED_NOISE`: the realistic market whose suburbs and kinds of
 * home sell with their own noise), where a confidence has something to find: how far a home's
 * sales stray is a fact of its suburb and kind that the town's sales show.
 */
export function variedRows(r: RealisticAccuracyResult, seed: number, variation: NoiseVariation): Row[] {
  const m = r.model;
  const kinds = propertyTypes.filter((t) => variation.byType[t] !== 1).map((t) => `${t}s × ${variation.byType[t]}`).join(', ');
  return [
    {
      measure: `Valuation, varied market (the same towns, each suburb's sales ${pct(BENCH_MARKET_DEFAULTS.saleNoise, 0)} × e^(${variation.suburbLogSd}·Z) noise, ${kinds}; ${fmtInt(r.heldOut)} held-out sales, seed ${seed}): model, MdAPE ÷ floor`,
      result: `${errorText(m)} · ${floorRatioText(r)}`,
      aim: FLOOR_RATIO_AIM,
    },
    { measure: 'Valuation, varied market: sale price inside [conservative, optimistic]', result: inRangeText(m), aim: IN_RANGE_AIM },
    { measure: 'Valuation, varied market: confidence buckets, count (MdAPE, its 95 % interval)', result: bucketsText(m), aim: 'MdAPE falls; not all one bucket' },
    { measure: 'Valuation, varied market: confidence stated → share that sold within ±10 % of the estimate, by bucket', result: statedText(m), aim: 'stated ≈ sold' },
    {
      measure: 'Valuation, varied market: rank correlation of confidence and absolute error (Spearman); the most a confidence could rank',
      result: `${correlationText(m.spearmanConfidenceError)}; ${correlationText(m.spearmanBound)}`,
      aim: '< 0',
    },
    { measure: SIMILAR_HOMES_MEASURE('varied'), result: correlationText(m.spearmanSimilarHomes), aim: '— (a reference)' },
    {
      measure: "Valuation, varied market: in fifths by how far each sale really strays (the generator's noise sd): price inside the range, confidence stated → sold within ±10 %",
      result: noiseFifthsText(m),
      aim: `${IN_RANGE_AIM} and stated ≈ sold in each`,
    },
  ];
}

/** "2.6–4.5 %: 80 %, 88 % → 89 % · …": each noise fifth's coverage and stated against sold. */
const noiseFifthsText = (m: RealisticAccuracyResult['model']) =>
  m.byNoiseFifth.map((f) => `${(f.noise.low * 100).toFixed(1)}–${pct(f.noise.high)}: ${pct(f.inRange, 0)}, ${f.statedConfidence.toFixed(0)} % → ${pct(f.soldWithin, 0)}`).join(' · ');

/**
 * The rows of the thin market: the realistic market's towns with only `salesPerTown` sales each
 * over its three years (a small town's market, a few sales a month), where the town model's
 * suburbs, streets and months stand on a handful of sales each.
 */
export function thinRows(r: RealisticAccuracyResult, seed: number, salesPerTown: number): Row[] {
  const m = r.model;
  return [
    {
      measure: `Valuation, thin market (the same towns, ${fmtInt(salesPerTown)} sales a town; ${fmtInt(r.heldOut)} held-out sales, seed ${seed}): model, MdAPE ÷ floor`,
      result: `${errorText(m)} · ${floorRatioText(r)}`,
      aim: FLOOR_RATIO_AIM,
    },
    { measure: "Valuation, thin market: model's median error against the home's true value (the sale's own luck left out)", result: pct(m.medianErrorFromTruth), aim: '—' },
    { measure: 'Valuation, thin market: sale price inside [conservative, optimistic]', result: inRangeText(m), aim: IN_RANGE_AIM },
    { measure: 'Valuation, thin market: confidence stated → share that sold within ±10 % of the estimate, by bucket', result: statedText(m), aim: 'stated ≈ sold' },
  ];
}

/**
 * The rows of the drifting market: the realistic market whose suburbs each follow their own trend
 * beside their town's since the revaluation (`suburbDrift` log-sd a month), as real suburbs move
 * apart between revaluations: a suburb's level two years ago is not its level today, and its
 * sales' price-to-RV ratio is not its town's.
 */
export function driftingRows(r: RealisticAccuracyResult, seed: number, suburbDrift: number): Row[] {
  const m = r.model;
  return [
    {
      measure: `Valuation, drifting market (the same towns, each suburb's own trend beside its town's, N(0, ${pct(suburbDrift)}) a month since the revaluation; ${fmtInt(r.heldOut)} held-out sales, seed ${seed}): model, MdAPE ÷ floor`,
      result: `${errorText(m)} · ${floorRatioText(r)}`,
      aim: FLOOR_RATIO_AIM,
    },
    { measure: "Valuation, drifting market: model's median error against the home's true value (the sale's own luck left out)", result: pct(m.medianErrorFromTruth), aim: '—' },
    { measure: 'Valuation, drifting market: sale price inside [conservative, optimistic]', result: inRangeText(m), aim: IN_RANGE_AIM },
  ];
}
