import type { AdminAdPerformanceView, AdPerformanceSeries } from '@kainga/contracts';
import { adPerformanceOf, type AdAnalyticsDoc } from '@kainga/projections';
import type { AdAnalysisSummary } from './replay-into';

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** Left-aligned text columns, numbers right-aligned, two spaces apart. */
function table(header: string[], rows: string[][], numeric: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** One row per day and series with anything to show (a day of zeros is left out). */
function seriesRows(view: AdminAdPerformanceView, series: readonly AdPerformanceSeries[]): string[][] {
  const rows: string[][] = [];
  view.days.forEach((day, i) => {
    for (const s of series) {
      if (s.impressions[i] === 0 && s.clicks[i] === 0 && s.leads[i] === 0) continue;
      rows.push([day, s.key, String(s.impressions[i]), String(s.clicks[i]), percent(s.clickThroughRate[i]!), String(s.leads[i])]);
    }
  });
  return rows;
}

/**
 * The "as of" figures of an analysis, as text: what was replayed, a table per NZ day × tier and
 * per NZ day × placement (impressions, clicks, click-through, leads; `none` for leads that name
 * no advert), and the totals. Built with the admin route's adPerformanceOf, so it reads the
 * documents exactly as the Ad Performance charts would.
 */
export function asOfTable(summary: AdAnalysisSummary, docs: readonly AdAnalyticsDoc[]): string {
  const range = `${summary.from ?? 'the start of the log'} to ${summary.to ?? 'the end of the log'}`;
  const asOf = summary.asOfPosition === null ? 'no event in the range' : `as of log position ${summary.asOfPosition} (recorded ${summary.asOfRecordedAt})`;
  const head = `Analysis "${summary.name}": ${range}, ${asOf}.`;
  if (docs.length === 0) return `${head}\nNo impressions, clicks or leads in the range.\n`;
  const days = docs.map((d) => d.day).sort();
  const view = adPerformanceOf([...docs], days[0]!, days.at(-1)!);
  const header = (by: string) => ['day (NZ)', by, 'impressions', 'clicks', 'CTR', 'leads'];
  const numeric = [false, false, true, true, true, true];
  const t = view.totals;
  return [
    head,
    '',
    'By tier',
    table(header('tier'), seriesRows(view, view.byTier), numeric),
    '',
    'By placement',
    table(header('placement'), seriesRows(view, view.byPlacement), numeric),
    '',
    `Totals: ${t.impressions} impressions, ${t.clicks} clicks, CTR ${percent(t.clickThroughRate)}, ${t.leads} leads`,
    '',
  ].join('\n');
}
