import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../load';
import { scaleTable, type SizeFigures } from './scale-table';
import { SCALE_SIZES } from './sizes';

const load = (perSecond: number): LoadResult => ({ requests: perSecond * 2, perSecond, ok: perSecond * 2, non2xx: 0, errors: 0, p50: 1, p95: 2, p99: 3, seconds: 2 });

/** One size's figures, its one route measured in three rounds of 0.42×, 0.47× and 0.55×. */
const figures = (sizeIndex: number, rss: number, demoP50 = 13): SizeFigures => ({
  size: SCALE_SIZES[sizeIndex]!,
  counts: { events: 2_907 * 10 ** sizeIndex, sales: 1_936, valuations: 140 },
  startMs: 2_700,
  memory: { rss, peak: rss + 10 * 1024 * 1024 },
  ratios: [{ route: { label: 'GET /api/health', path: '/api/health' }, bytes: 15, service: load(18_000), bare: load(38_000), ratio: 0.47, ratioRange: { low: 0.42, high: 0.55 }, cpu: { service: 19.4, bare: 14.2 } }],
  basics: { route: { label: 'basics: GET /api/health', path: '/api/basics/0' }, bytes: 15, service: load(20_000), bare: load(38_000), ratio: 0.53, ratioRange: { low: 0.5, high: 0.58 }, cpu: { service: 24.6, bare: 14.2 } },
  valuations: { p50: 13, p95: 20, failed: 0 },
  demoValuations: { p50: demoP50, p95: 18, failed: 0 },
  firstOfTown: { p50: 47, p95: 310, failed: 0 },
  research: { p50: 2.7, p95: 10, failed: 0 },
  rebuild: { events: 100_000, ms: 1_500, runs: [1_500] },
});

describe('scaleTable', () => {
  const table = scaleTable([figures(0, 241 * 1024 * 1024), figures(1, 315 * 1024 * 1024, 10)]);
  const row = (measure: string) => table.split('\n').find((line) => line.startsWith(`| ${measure}`))!;

  it("gives each route's ratio with the lowest and highest of its rounds, so one noisy round is seen as one, and each side's CPU a request", () => {
    expect(row('GET /api/health ÷ bare')).toContain('0.47× (0.42–0.55; 18,000/s, 0.0 KB; CPU 19 / 14 µs)');
    expect(row('GET /api/health ÷ bare')).toContain('≥ 0.5×');
  });

  it('gives the request basics alone beside the bare route as a reference row above the routes, with no aim of its own', () => {
    const reference = row("Reference: request id, log line and security headers alone, on GET /api/health's body ÷ bare");
    expect(reference).toContain('0.53× (0.50–0.58; 20,000/s, 0.0 KB; CPU 25 / 14 µs)');
    expect(reference).toContain('— (the most a route can read)');
    const lines = table.split('\n');
    expect(lines.indexOf(reference)).toBeLessThan(lines.indexOf(row('GET /api/health ÷ bare')));
  });

  it("gives the export of a partner's data (time, size, leads) per size, and a dash where it was not measured", () => {
    const withExport = scaleTable([{ ...figures(0, 241 * 1024 * 1024), export: { ms: 1_234, bytes: 120_000, leads: 1_000 } }, figures(1, 315 * 1024 * 1024)]);
    const line = withExport.split('\n').find((l) => l.startsWith("| Export of a partner's data (time, size, leads)"))!;
    expect(line).toContain('1.2 s, 117 KB, 1,000 leads');
    expect(line).toMatch(/\| — +\| seconds +\|$/);
  });

  it('states memory, rebuild and the valuations against a demo store timed beside each size, one column a size', () => {
    expect(table.split('\n')[0]).toMatch(/\| Measure +\| demo +\| 10× +\| Aim +\|/);
    expect(row('Server RSS after the load (peak)')).toContain('315 MB (325 MB)');
    expect(row('Rebuild of every read model')).toContain('66,667 events/s (1.5 s)');
    expect(row('POST /api/valuations p50 / p95 (towns warm)')).toContain("13 / 20 ms (1.00× a demo store's 13 ms beside it)");
    expect(row('POST /api/valuations p50 / p95 (towns warm)')).toContain("13 / 20 ms (1.30× a demo store's 10 ms beside it)");
  });
});
