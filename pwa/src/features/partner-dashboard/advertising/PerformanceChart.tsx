/**
 * The performance chart: impressions, clicks and leads per day. Loaded on its own (React.lazy from
 * PerformanceBlock) so chart.js is fetched only when the Advertising tab shows figures, never with
 * the dashboard's first paint. Only the parts a line chart needs are registered (tree-shaken).
 * A canvas is not read by screen readers: the same figures are in a table beside it.
 */
import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import { dayLabel, formatCount, type PerformancePoint } from './performance';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

const series = [
  { key: 'impressions', label: 'Impressions', color: '#0b5d4b', axis: 'counts' },
  { key: 'clicks', label: 'Clicks', color: '#d46b08', axis: 'small' },
  { key: 'leads', label: 'Leads', color: '#1d39c4', axis: 'small' },
] as const;

export default function PerformanceChart({ points }: { points: PerformancePoint[] }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: points.map((p) => dayLabel(p.date)),
        datasets: series.map((s) => ({
          label: s.label,
          data: points.map((p) => p[s.key]),
          borderColor: s.color,
          backgroundColor: s.color,
          yAxisID: s.axis,
          tension: 0,
          pointRadius: 2,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          // Impressions run to thousands while clicks and leads stay small: two axes keep both readable.
          counts: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Impressions' } },
          small: { type: 'linear', position: 'right', beginAtZero: true, ticks: { precision: 0 }, grid: { drawOnChartArea: false }, title: { display: true, text: 'Clicks and leads' } },
        },
      },
    });
    return () => chart.destroy();
  }, [points]);

  return (
    <figure className="ad-performance-chart">
      <div className="ad-performance-canvas">
        <canvas ref={canvas} role="img" aria-label={`Impressions, clicks and leads per day over the last ${points.length} days`} />
      </div>
      <table className="visually-hidden">
        <caption>Impressions, clicks and leads per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Impressions</th>
            <th scope="col">Clicks</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{dayLabel(p.date)}</th>
              <td>{formatCount(p.impressions)}</td>
              <td>{formatCount(p.clicks)}</td>
              <td>{formatCount(p.leads)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
