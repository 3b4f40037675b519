import { writeFileSync } from 'node:fs';
import { fmtInt, fmtMs, machine } from '../table';
import { backupRows, type BackupFigures } from './backup-figures';
import type { StoreCounts } from './grow-store';
import type { RouteRatio } from './route-ratios';
import type { ScaleSize } from './sizes';

export interface SizeFigures {
  size: ScaleSize;
  counts: StoreCounts;
  startMs: number;
  memory: { rss: number; peak: number };
  ratios: RouteRatio[];
  /** The request basics alone on the first route's body (basics-server.ts): the most any route could read. */
  basics: RouteRatio;
  /** With the towns' market figures made (nearly every valuation of a day). */
  valuations: { p50: number; p95: number; failed: number };
  /** The same valuations on a fresh demo store, each taken just before or after the service's. */
  demoValuations: { p50: number; p95: number; failed: number };
  /** Each town's first valuation of the day, which works out its market figures. */
  firstOfTown: { p50: number; p95: number; failed: number };
  research: { p50: number; p95: number; failed: number };
  /** `ms`: the median of `runs` (a short rebuild is run several times, a long one once). */
  rebuild: { events: number; ms: number; runs: readonly number[] };
  /** An admin's export of the demo broker's data, holding the size's leads (export-figures.ts). */
  export?: { ms: number; bytes: number; leads: number };
  /** Backup of the running service and its restore (backup-figures.ts). */
  backup?: BackupFigures;
}

/** Aims from issue 7: read routes at ≥ 0.5× bare, rebuild ≥ 50,000 events/s, POST p50 within 1.3× of the demo store's. */
const AIM_RATIO = 0.5;
const AIM_REBUILD = 50_000;
const AIM_POST_GROWTH = 1.3;

const mb = (bytes: number) => `${fmtInt(bytes / 1024 / 1024)} MB`;
/** "ratio (the rounds' lowest–highest; req/s, body size; CPU a request, measured / bare)". */
const ratioCell = (x: RouteRatio) =>
  `${x.ratio.toFixed(2)}× (${x.ratioRange.low.toFixed(2)}–${x.ratioRange.high.toFixed(2)}; ${fmtInt(x.service.perSecond)}/s, ${kb(x.bytes)}; CPU ${fmtInt(x.cpu.service)} / ${fmtInt(x.cpu.bare)} µs)`;
const kb = (bytes: number) => (bytes >= 10_240 ? `${fmtInt(bytes / 1024)} KB` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * One column per size, one row per figure: docs/performance.md's table. Each route row reads
 * "ratio (the rounds' lowest–highest; req/s, body size; CPU a request, service / bare)"; the aim
 * column says what must hold at every size.
 */
export function scaleTable(figures: readonly SizeFigures[]): string {
  const demo = figures[0]!;
  const rows: string[][] = [
    ['Events in the log', ...figures.map((f) => fmtInt(f.counts.events)), '—'],
    ['Sales / completed valuations', ...figures.map((f) => `${fmtInt(f.counts.sales)} / ${fmtInt(f.counts.valuations)}`), '—'],
    ['Start-up to ready (projections caught up)', ...figures.map((f) => `${(f.startMs / 1000).toFixed(1)} s`), '—'],
    ['Server RSS after the load (peak)', ...figures.map((f) => `${mb(f.memory.rss)} (${mb(f.memory.peak)})`), 'stated'],
    [
      'POST /api/valuations p50 / p95 (towns warm)',
      ...figures.map((f) => `${fmtMs(f.valuations.p50)} / ${fmtMs(f.valuations.p95)} ms${f.valuations.failed ? ` (${f.valuations.failed} failed)` : ''} (${(f.valuations.p50 / f.demoValuations.p50).toFixed(2)}× a demo store's ${fmtMs(f.demoValuations.p50)} ms beside it)`),
      `p50 ≤ ${AIM_POST_GROWTH}× demo`,
    ],
    ["POST /api/valuations, a town's first of the day, p50 / p95", ...figures.map((f) => `${fmtMs(f.firstOfTown.p50)} / ${fmtMs(f.firstOfTown.p95)} ms`), '—'],
    ['POST /api/research-comparables p50 / p95', ...figures.map((f) => `${fmtMs(f.research.p50)} / ${fmtMs(f.research.p95)} ms${f.research.failed ? ` (${f.research.failed} failed)` : ''}`), '—'],
    [
      'Rebuild of every read model (events applied ÷ time)',
      ...figures.map(
        (f) =>
          `${fmtInt(f.rebuild.events / (f.rebuild.ms / 1000))} events/s (${(f.rebuild.ms / 1000).toFixed(1)} s${f.rebuild.runs.length > 1 ? `, median of ${f.rebuild.runs.length}; first ${fmtInt(f.rebuild.events / (f.rebuild.runs[0]! / 1000))}` : ''})`,
      ),
      `≥ ${fmtInt(AIM_REBUILD)} events/s`,
    ],
    ...backupRows(figures),
    ["Export of a partner's data (time, size, leads)", ...figures.map((f) => (f.export ? `${(f.export.ms / 1000).toFixed(1)} s, ${kb(f.export.bytes)}, ${fmtInt(f.export.leads)} leads` : '—')), 'seconds'],
    [`Reference: request id, log line and security headers alone, on ${demo.ratios[0]?.route.label ?? 'the first route'}'s body ÷ bare`, ...figures.map((f) => ratioCell(f.basics)), '— (the most a route can read)'],
    ...demo.ratios.map((r, i) => [`${r.route.label} ÷ bare`, ...figures.map((f) => ratioCell(f.ratios[i]!)), `≥ ${AIM_RATIO}×`]),
  ];
  const head = ['Measure', ...figures.map((f) => f.size.label), 'Aim'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

export function writeScaleTable(figures: readonly SizeFigures[]): string {
  const table = scaleTable(figures);
  const file = new URL('../last-scale-results.md', import.meta.url);
  writeFileSync(file, `${table}\n\n_Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:scale\` on ${machine()}; route rows: req/s ratio to a bare Fastify route serving the same body, the median of its rounds (their lowest–highest; service req/s, body size; CPU a request of the service / of the bare route, user and kernel)._\n`);
  return table;
}
