/**
 * The performance chart: impressions, clicks and leads per day, on the shared DailyLineChart.
 * Loaded on its own (React.lazy from PerformanceBlock) so chart.js is fetched only when the
 * Advertising tab shows figures, never with the dashboard's first paint.
 */
import { useMemo } from 'react';
import DailyLineChart, { type ChartAxis } from '../../charts/DailyLineChart';
import type { PerformancePoint } from './performance';

// Impressions run to thousands while clicks and leads stay small: two axes keep both readable.
const axes: ChartAxis[] = [
  { id: 'counts', position: 'left', title: 'Impressions' },
  { id: 'small', position: 'right', title: 'Clicks and leads' },
];

export default function PerformanceChart({ points }: { points: PerformancePoint[] }) {
  const days = useMemo(() => points.map((p) => p.date), [points]);
  const lines = useMemo(
    () => [
      { label: 'Impressions', color: '#0b5d4b', axis: 'counts', values: points.map((p) => p.impressions) },
      { label: 'Clicks', color: '#d46b08', axis: 'small', values: points.map((p) => p.clicks) },
      { label: 'Leads', color: '#1d39c4', axis: 'small', values: points.map((p) => p.leads) },
    ],
    [points],
  );
  // The table lists active days only; its last row keeps the window's totals.
  const totals = useMemo(() => lines.map((l) => l.values.reduce((n, v) => n + v, 0)), [lines]);
  return (
    <DailyLineChart
      days={days}
      lines={lines}
      axes={axes}
      ariaLabel={`Impressions, clicks and leads per day over the last ${points.length} days`}
      caption="Impressions, clicks and leads per day"
      className="ad-performance-chart"
      canvasClassName="ad-performance-canvas"
      totals={totals}
    />
  );
}
