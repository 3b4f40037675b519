/**
 * A line chart of figures per day (chart.js), shared by the partner's performance block and the
 * admin's Ad Performance section. Load it with React.lazy so chart.js is fetched only when a chart
 * is shown, never with a page's first paint; only the parts a line chart needs are registered
 * (tree-shaken). A canvas is not read by screen readers: the same figures are in a table beside it.
 */
import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import { dayLabel } from '../partner-dashboard/advertising/performance';
import { activeDays, quietDaysText } from './daily-table';
import { NotAvailable } from './NotAvailable';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

export interface ChartLine {
  label: string;
  color: string;
  /** One value per day of the chart's `days`; null where it is not available (a gap in the line, "—" in the table). */
  values: readonly (number | null)[];
  /** The id of one of the chart's `axes`; the first axis when absent. */
  axis?: string;
}

export interface ChartAxis {
  id: string;
  position: 'left' | 'right';
  title: string;
  /** Values are rates (0–1), shown as percentages. */
  percent?: boolean;
}

export interface DailyLineChartProps {
  /** YYYY-MM-DD days, oldest first. */
  days: readonly string[];
  lines: readonly ChartLine[];
  axes: readonly ChartAxis[];
  /** What the canvas shows, for screen readers. */
  ariaLabel: string;
  /** The caption of the table of the same figures. */
  caption: string;
  className?: string;
  canvasClassName?: string;
  /** One total per line, for the table's last row; no such row when absent. */
  totals?: readonly (number | null)[];
  /** Per day, whether it had activity (the table lists those days); computed from the lines when absent. */
  activity?: readonly boolean[];
}

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-NZ', { maximumFractionDigits: 1 })}%`;
const axisOf = (axes: readonly ChartAxis[], line: ChartLine) => axes.find((a) => a.id === line.axis) ?? axes[0]!;

function Figure({ value, asPercent }: { value: number | null; asPercent: boolean }) {
  if (value === null) return <NotAvailable />;
  return <>{asPercent ? percent(value) : value.toLocaleString('en-NZ')}</>;
}

export default function DailyLineChart({ days, lines, axes, ariaLabel, caption, className = 'daily-chart', canvasClassName = 'daily-chart-canvas', totals, activity }: DailyLineChartProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // The table lists the days with activity only: a month of mostly zeros is no reading.
  const { rows, quietDays } = activeDays(
    days,
    lines.map((l) => ({ values: l.values, rate: axisOf(axes, l).percent })),
    activity,
  );
  const quiet = quietDaysText(quietDays, days.length);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: days.map(dayLabel),
        datasets: lines.map((line) => ({ label: line.label, data: [...line.values], borderColor: line.color, backgroundColor: line.color, yAxisID: axisOf(axes, line).id, tension: 0, pointRadius: 2 })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: Object.fromEntries(
          axes.map((a, i) => [
            a.id,
            {
              type: 'linear' as const,
              position: a.position,
              beginAtZero: true,
              ticks: a.percent ? { callback: (v: string | number) => percent(Number(v)) } : { precision: 0 },
              // A second axis draws no grid of its own over the first's.
              grid: { drawOnChartArea: i === 0 },
              title: { display: true, text: a.title },
            },
          ]),
        ),
      },
    });
    return () => chart.destroy();
  }, [days, lines, axes]);

  return (
    <figure className={className}>
      <div className={canvasClassName}>
        <canvas ref={canvas} role="img" aria-label={ariaLabel} />
      </div>
      {/* Hidden by its wrapper: a table is never narrower than its cells, so hidden itself (1 px wide)
          it still stretched the page sideways on a phone. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {lines.map((line) => (
                <th scope="col" key={line.label}>
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={days[i]}>
                <th scope="row">{dayLabel(days[i]!)}</th>
                {lines.map((line) => (
                  <td key={line.label}>
                    <Figure value={line.values[i] ?? null} asPercent={Boolean(axisOf(axes, line).percent)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {totals && (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {lines.map((line, i) => (
                  <td key={line.label}>
                    <Figure value={totals[i] ?? null} asPercent={Boolean(axisOf(axes, line).percent)} />
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
        {quiet && <p>{quiet}</p>}
      </div>
    </figure>
  );
}
