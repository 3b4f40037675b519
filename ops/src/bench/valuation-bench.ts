import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { phase } from './progress';
import { machine, markdownTable } from './table';
import { DEFAULT_VALUATION_BENCH, isEndToEndRow, mergeValuationRows, runAccuracy, runThroughput, valuationRows, type ValuationBenchOptions } from './valuation-phase';

/**
 * `npm run bench:valuation`: the valuation model's accuracy on the held-out sales of a realistic
 * generated market (ops/src/bench/market/: RVs assessed years earlier with their own error, the
 * oracle's floor and two naive baselines beside the model), then on held-out demo sales (whose RVs
 * derive from each sale's own price), and valuations per second end to end through the real
 * service. Measured, not asserted.
 *
 * Flags: --seed N (both markets), --market-sales N (sales per town of the realistic market),
 * --thin-sales N (sales per town of the thin market),
 * --per-city N and --held-out 0.2 (the demo market), --seconds N (each load run; 0 skips the
 * end-to-end load), --in-flight N. The table is printed and written to
 * ops/src/bench/last-valuation-results.md, and its rows replace the valuation rows of
 * ops/src/bench/last-results.md (the other rows stay; `npm run bench` measures all of them).
 */
const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    'market-sales': { type: 'string' },
    'thin-sales': { type: 'string' },
    'per-city': { type: 'string' },
    'held-out': { type: 'string' },
    seconds: { type: 'string' },
    'in-flight': { type: 'string' },
  },
});
const number = (text: string | undefined, fallback: number) => {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`not a number: ${text}`);
  return n;
};
const options: ValuationBenchOptions = {
  ...DEFAULT_VALUATION_BENCH,
  seed: number(values.seed, DEFAULT_VALUATION_BENCH.seed),
  marketSalesPerTown: Math.round(number(values['market-sales'], DEFAULT_VALUATION_BENCH.marketSalesPerTown)),
  thinSalesPerTown: Math.round(number(values['thin-sales'], DEFAULT_VALUATION_BENCH.thinSalesPerTown)),
  perCity: number(values['per-city'], DEFAULT_VALUATION_BENCH.perCity),
  heldOutFraction: number(values['held-out'], DEFAULT_VALUATION_BENCH.heldOutFraction),
  seconds: number(values.seconds, DEFAULT_VALUATION_BENCH.seconds),
  inFlight: Math.max(1, Math.round(number(values['in-flight'], DEFAULT_VALUATION_BENCH.inFlight))),
};

async function main() {
  const started = performance.now();
  const steps = options.seconds > 0 ? 2 : 1;
  process.stdout.write(`Kāinga valuation benchmark — ${machine()}\n`);
  phase(
    1,
    steps,
    `accuracy: realistic market (${options.marketSalesPerTown} sales a town), then held-out demo sales (${options.perCity} a town, ${Math.round(options.heldOutFraction * 100)} % held out); seed ${options.seed}`,
  );
  const accuracy = runAccuracy(options);
  let throughput = null;
  if (options.seconds > 0) {
    const dir = mkdtempSync(join(tmpdir(), 'kainga-valuation-bench-'));
    try {
      phase(2, steps, `POST /api/valuations end to end (demo data, embedded stores), ${options.seconds} s one at a time, then ${options.seconds} s with ${options.inFlight} in flight`);
      throughput = await runThroughput(join(dir, 'data'), options);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const rows = valuationRows({ accuracy, throughput }, options);
  const table = markdownTable(rows);
  const measured = `${new Date().toISOString().slice(0, 10)} with \`npm run bench:valuation\` on ${machine()}`;
  writeFileSync(new URL('./last-valuation-results.md', import.meta.url), `${table}\n\n_Measured ${measured}._\n`);
  const all = new URL('./last-results.md', import.meta.url);
  // A run without the load keeps the last end-to-end rows, and says so.
  const footnote = `_Valuation rows measured ${measured}${throughput ? '' : ' (the end-to-end rows come from an earlier run)'}._`;
  const merged = existsSync(all) ? mergeValuationRows(readFileSync(all, 'utf8'), rows, footnote, throughput ? undefined : isEndToEndRow) : null;
  if (merged) writeFileSync(all, merged);
  process.stdout.write(
    `\n${table}\n\n(${((performance.now() - started) / 1000).toFixed(0)} s; also written to ops/src/bench/last-valuation-results.md${merged ? ' and merged into last-results.md' : ''})\n`,
  );
}

await main();
