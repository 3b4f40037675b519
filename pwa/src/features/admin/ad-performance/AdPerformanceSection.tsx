import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Card, Empty, Input, Segmented, Skeleton } from 'antd';
import type { AdminAdPerformanceView } from '@kainga/contracts';
import { apiErrorMessage } from '../../../api/client';
import { figureText } from '../../charts/NotAvailable';
import { nzDay } from '../../../format/nz-time';
import { CLICK_THROUGH_HELP, formatClickThrough, formatCount } from '../../partner-dashboard/advertising/performance';
import { activeDayFlags, chartLines, defaultRange, figures, hasFigures, rangeProblem, type Breakdown, type DayRange } from './ad-performance';
import { useAdminAdPerformance } from './ad-performance-queries';
import { FilteredTrafficPanel } from './FilteredTrafficPanel';
import './ad-performance.css';

const DailyLineChart = lazy(() => import('../../charts/DailyLineChart'));

function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className="admin-ad-chart-canvas" aria-busy="true" aria-label={label}>
      <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
    </div>
  );
}

function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading the ad performance">
      <div className="admin-ad-totals">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
      <div className="admin-ad-charts">
        {figures.map((f) => (
          <ChartSkeleton key={f.key} label={`Loading ${f.title.toLowerCase()}`} />
        ))}
      </div>
    </div>
  );
}

function Figures({ view, breakdown }: { view: AdminAdPerformanceView; breakdown: Breakdown }) {
  const by = breakdown === 'tier' ? 'by tier' : 'by placement';
  const charts = useMemo(
    () => figures.map((f) => ({ ...f, lines: chartLines(view, breakdown, f.key), axes: [{ id: 'y', position: 'left' as const, title: f.axis, percent: f.percent }] })),
    [view, breakdown],
  );
  const activity = useMemo(() => activeDayFlags(view), [view]);
  const { totals } = view;
  const cards: [string, string][] = [
    ['Impressions', formatCount(totals.impressions)],
    ['Clicks', formatCount(totals.clicks)],
    ['Click-through', formatClickThrough(totals.clicks, totals.impressions)],
    ['Leads', formatCount(totals.leads)],
  ];
  return (
    <>
      <div className="admin-ad-totals" data-testid="admin-ad-performance-totals">
        {cards.map(([label, value]) => (
          <Card key={label}>
            <p className="admin-stat-label">{label}</p>
            <p className="admin-stat-value">{figureText(value)}</p>
          </Card>
        ))}
      </div>
      <p className="muted small">{CLICK_THROUGH_HELP}</p>
      {hasFigures(view) ? (
        <div className="admin-ad-charts">
          {charts.map((c) => (
            <section key={c.key} aria-label={`${c.title} ${by}`}>
              <h3>
                {c.title} {by}
              </h3>
              <Suspense fallback={<ChartSkeleton label={`Loading ${c.title.toLowerCase()}`} />}>
                <DailyLineChart
                  days={view.days}
                  lines={c.lines}
                  axes={c.axes}
                  activity={activity}
                  ariaLabel={`${c.title} ${by}, ${view.from} to ${view.to}`}
                  caption={`${c.title} ${by}`}
                  className="admin-ad-chart"
                  canvasClassName="admin-ad-chart-canvas"
                />
              </Suspense>
            </section>
          ))}
        </div>
      ) : (
        <Empty description={`No impressions, clicks or leads from ${view.from} to ${view.to}.`} />
      )}
    </>
  );
}

/**
 * Ad Performance (the issue's /admin section): every partner's impressions, clicks, click-through
 * and leads per New Zealand day, by tier or by placement, from the live analytic read model.
 * The range's days are NZ days; a range the server would refuse is not asked for.
 */
export function AdPerformanceSection() {
  const [range, setRange] = useState<DayRange>(() => defaultRange(nzDay(new Date())));
  const [breakdown, setBreakdown] = useState<Breakdown>('tier');
  const problem = rangeProblem(range);
  const performance = useAdminAdPerformance(range, problem === null);

  let body;
  if (problem) body = null;
  else if (performance.isPending) body = <Loading />;
  else if (performance.isError) body = <Alert type="error" showIcon title="Could not load the ad performance." description={apiErrorMessage(performance.error, 'Please try again.')} />;
  else body = <Figures view={performance.data} breakdown={breakdown} />;

  return (
    <Card title={<h2 className="card-title">Ad Performance</h2>} className="admin-section">
      <div className="admin-ad-controls">
        <label>
          From{' '}
          <Input type="date" value={range.from} max={range.to} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} aria-label="First day" className="admin-ad-day" />
        </label>
        <label>
          To{' '}
          <Input type="date" value={range.to} min={range.from} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} aria-label="Last day" className="admin-ad-day" />
        </label>
        <Segmented<Breakdown>
          aria-label="Break down by"
          value={breakdown}
          onChange={setBreakdown}
          options={[
            { value: 'tier', label: 'By tier' },
            { value: 'placement', label: 'By placement' },
          ]}
        />
      </div>
      {problem && <Alert type="warning" showIcon title={problem} className="admin-ad-problem" />}
      <div aria-live="polite" className={performance.isPlaceholderData ? 'admin-ad-stale' : undefined}>
        {body}
      </div>
      <FilteredTrafficPanel range={range} enabled={problem === null} />
    </Card>
  );
}
