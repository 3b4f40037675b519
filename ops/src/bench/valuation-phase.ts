import { measureAccuracy, type AccuracyResult } from './valuation-accuracy';
import { valuationThroughput, type ValuationLoadResult, type ValuationThroughputResult } from './valuation-throughput';
import { bar, note } from './progress';
import { fmtInt, fmtMs, type Row } from './table';

export interface ValuationBenchOptions {
  /** Generator seed of the accuracy market. */
  seed: number;
  /** "Today" of the accuracy market (fixed, so the figures repeat). */
  now: Date;
  perCity: number;
  heldOutFraction: number;
  /** Seconds of each end-to-end load (one at a time, then `inFlight` at once); 0 skips it. */
  seconds: number;
  inFlight: number;
}

export const DEFAULT_VALUATION_BENCH: ValuationBenchOptions = {
  seed: 20260615,
  now: new Date('2026-06-15T00:00:00Z'),
  perCity: 40,
  heldOutFraction: 0.2,
  seconds: 10,
  inFlight: 4,
};

/** Aims printed beside the figures (see the task: the generator's noise puts the floor near 8–10 %). */
export const AIM_MDAPE = 0.1;
export const AIM_IN_RANGE = 0.8;

export interface ValuationBenchResult {
  accuracy: AccuracyResult;
  throughput: ValuationThroughputResult | null;
}

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)} %`;
const signedPct = (x: number) => `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)} %`;

/** The accuracy run, with a progress bar and a summary line. */
export function runAccuracy(options: ValuationBenchOptions): AccuracyResult {
  let progress: ReturnType<typeof bar> | null = null;
  const accuracy = measureAccuracy({
    ...options,
    onProgress: (done, total) => {
      progress ??= bar('held-out sales', total, 'valued');
      progress.update(done);
    },
  });
  (progress as ReturnType<typeof bar> | null)?.stop();
  note(`${fmtInt(accuracy.training)} training sales, ${fmtInt(accuracy.heldOut)} held out, ${fmtInt(accuracy.valued)} valued (${fmtInt(accuracy.valuationsPerSecond)} valuations/s in process)`);
  note(
    `MdAPE ${pct(accuracy.mdape)} · within 10 % ${pct(accuracy.within10, 0)} · within 20 % ${pct(accuracy.within20, 0)} · median error ${signedPct(accuracy.medianError)} · mean confidence ${accuracy.meanConfidence.toFixed(0)} % · price inside the range ${pct(accuracy.inRange, 0)} (mean ±${pct(accuracy.meanHalfWidth)}) · market adjustment at its cap ${pct(accuracy.marketAtCap, 0)}`,
  );
  return accuracy;
}

/** The end-to-end load, with a summary line per run. */
export async function runThroughput(dataDir: string, options: ValuationBenchOptions): Promise<ValuationThroughputResult> {
  const throughput = await valuationThroughput(dataDir, { seconds: options.seconds, inFlight: options.inFlight });
  for (const r of [throughput.sequential, throughput.concurrent]) {
    note(`${r.inFlight} in flight: ${r.perSecond.toFixed(1)} valuations/s, p50 ${fmtMs(r.p50)} ms, p95 ${fmtMs(r.p95)} ms, p99 ${fmtMs(r.p99)} ms, ${fmtInt(r.ok)} ok, ${fmtInt(r.failed)} failed`);
  }
  return throughput;
}

/** The rows of the valuation figures in the benchmark table. */
export function valuationRows({ accuracy: a, throughput }: ValuationBenchResult, options: ValuationBenchOptions): Row[] {
  const market = `${fmtInt(a.valued)} held-out demo sales, ${Math.round(options.heldOutFraction * 100)} % of ${options.perCity}/town, seed ${options.seed}`;
  const rows: Row[] = [
    { measure: `Valuation MdAPE (${market})`, result: pct(a.mdape), aim: `≤ ${pct(AIM_MDAPE, 0)}` },
    { measure: '…estimates within 10 % / 20 % of the sale price', result: `${pct(a.within10, 0)} / ${pct(a.within20, 0)}`, aim: '—' },
    { measure: '…median error (bias)', result: signedPct(a.medianError), aim: '≈ 0' },
    { measure: '…sale price inside [conservative, optimistic]', result: `${pct(a.inRange, 0)} (±${pct(a.meanHalfWidth)} mean)`, aim: `≈ ${pct(AIM_IN_RANGE, 0)}` },
    { measure: '…mean confidence', result: `${a.meanConfidence.toFixed(0)} %`, aim: '—' },
    { measure: '…market adjustment at its ±8 % cap', result: pct(a.marketAtCap, 0), aim: '—' },
    { measure: 'Model alone: findComparables + estimateValue (in process)', result: `${fmtInt(a.valuationsPerSecond)} valuations/s`, aim: '—' },
  ];
  if (throughput) {
    const load = (r: ValuationLoadResult) => `${r.perSecond.toFixed(1)} /s, p50 ${fmtMs(r.p50)} / p95 ${fmtMs(r.p95)} ms${r.failed > 0 ? ` (${fmtInt(r.failed)} failed)` : ''}`;
    rows.push(
      { measure: 'POST /api/valuations end to end, one at a time', result: load(throughput.sequential), aim: '—' },
      { measure: `POST /api/valuations end to end, ${throughput.concurrent.inFlight} in flight`, result: load(throughput.concurrent), aim: '—' },
    );
  }
  return rows;
}
