import { lazy, Suspense, useMemo } from 'react';
import { Alert, Card, Empty, Skeleton } from 'antd';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../../api/client';
import { useAdPerformance } from './advertising-queries';
import { figureText } from '../../charts/NotAvailable';
import { nzDay } from '../../../format/nz-time';
import { CLICK_THROUGH_HELP, PERFORMANCE_DAYS, dailySeries, formatClickThrough, formatCount, hasActivity } from './performance';

const PerformanceChart = lazy(() => import('./PerformanceChart'));

function ChartSkeleton() {
  return (
    <div className="ad-performance-skeleton" aria-busy="true" aria-label="Loading the chart">
      <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
    </div>
  );
}

/**
 * The partner's real advertising figures for the last 30 days (GET /api/partner/ad-performance):
 * impressions, click-through and leads, and a chart of them per NZ day.
 */
export function PerformanceBlock({ userId, role }: { userId: string; role: PartnerRoleName }) {
  const performance = useAdPerformance(userId, role);
  const points = useMemo(() => (performance.data ? dailySeries(performance.data, PERFORMANCE_DAYS, nzDay(new Date())) : []), [performance.data]);

  let body;
  if (performance.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading your advertising performance">
        <div className="ad-totals">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
        <ChartSkeleton />
      </div>
    );
  } else if (performance.isError) {
    body = <Alert type="error" showIcon title="Could not load your advertising performance." description={apiErrorMessage(performance.error, 'Please try again.')} />;
  } else {
    const { totals } = performance.data;
    const figures: [string, string][] = [
      ['Impressions', formatCount(totals.impressions)],
      ['Click-through', formatClickThrough(totals.clicks, totals.impressions)],
      ['Leads', formatCount(totals.leads)],
    ];
    body = (
      <>
        <div className="ad-totals" data-testid="ad-performance-totals">
          {figures.map(([label, value]) => (
            <Card key={label}>
              <p className="partner-stat-label">{label}</p>
              <p className="partner-stat-value">{figureText(value)}</p>
            </Card>
          ))}
        </div>
        <p className="muted small">
          {formatCount(totals.clicks)} {totals.clicks === 1 ? 'click' : 'clicks'} in the last {PERFORMANCE_DAYS} days. {CLICK_THROUGH_HELP}
        </p>
        {hasActivity(performance.data) ? (
          <Suspense fallback={<ChartSkeleton />}>
            <PerformanceChart points={points} />
          </Suspense>
        ) : (
          <Empty description={`No impressions, clicks or leads in the last ${PERFORMANCE_DAYS} days. Once your advert is approved and shown, its figures appear here.`} />
        )}
      </>
    );
  }

  return (
    <section className="ad-section" aria-labelledby="ad-performance-title">
      <h2 id="ad-performance-title">Performance</h2>
      <p className="muted">Your adverts over the last {PERFORMANCE_DAYS} days.</p>
      {body}
    </section>
  );
}
