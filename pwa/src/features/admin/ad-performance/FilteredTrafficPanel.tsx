import { Alert, Skeleton } from 'antd';
import type { FilteredTrafficView } from '@kainga/contracts';
import { apiErrorMessage } from '../../../api/client';
import { formatCount } from '../../partner-dashboard/advertising/performance';
import type { DayRange } from './ad-performance';
import { useFilteredTraffic } from './ad-performance-queries';
import { countOf, filteredReasonsShown, filterReasonLabels } from './filtered-traffic';

/** Partners shown with the most filtered traffic. */
const TOP_PARTNERS = 5;

interface CountsRow {
  key: string;
  label: string;
  impressions: number;
  clicks: number;
}

/** One table of filtered counts: a row a reason or a partner, impressions and clicks beside it. */
function CountsTable({ caption, heading, rows }: { caption: string; heading: string; rows: readonly CountsRow[] }) {
  return (
    <table className="admin-filtered-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Impressions</th>
          <th scope="col">Clicks</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td>{formatCount(r.impressions)}</td>
            <td>{formatCount(r.clicks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Tables({ view }: { view: FilteredTrafficView }) {
  const reasons = filteredReasonsShown(view.byReason);
  if (reasons.length === 0) return <p>No invalid traffic was filtered from {view.from} to {view.to}.</p>;
  return (
    <div className="admin-filtered-tables">
      <CountsTable
        caption={`By reason: ${countOf(view.totals.impressions, 'impression', 'impressions')} and ${countOf(view.totals.clicks, 'click', 'clicks')} filtered`}
        heading="Reason"
        rows={reasons.map((r) => ({ key: r.reason, label: filterReasonLabels[r.reason], impressions: r.impressions, clicks: r.clicks }))}
      />
      <CountsTable
        caption="Partners whose adverts met the most"
        heading="Partner"
        rows={view.byPartner.slice(0, TOP_PARTNERS).map((p) => ({ key: p.partnerId, label: p.businessName ?? p.partnerId, impressions: p.impressions, clicks: p.clicks }))}
      />
    </div>
  );
}

/**
 * Invalid traffic of the Ad Performance range (GET /api/admin/ad-traffic-filtered): what the
 * server refused to count and why. Shown apart from the figures above, which hold none of it,
 * as no partner's figures, cap or bill do.
 */
export function FilteredTrafficPanel({ range, enabled }: { range: DayRange; enabled: boolean }) {
  const filtered = useFilteredTraffic(range, enabled);
  let body;
  if (!enabled) body = null;
  else if (filtered.isPending)
    body = (
      <div aria-busy="true" aria-label="Loading the filtered traffic">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  else if (filtered.isError) body = <Alert type="error" showIcon title="Could not load the filtered traffic." description={apiErrorMessage(filtered.error, 'Please try again.')} />;
  else body = <Tables view={filtered.data} />;
  return (
    <section className="admin-filtered-traffic" aria-labelledby="admin-filtered-traffic-title" data-testid="admin-filtered-traffic">
      <h3 id="admin-filtered-traffic-title">Invalid traffic filtered</h3>
      <p className="admin-filtered-note">Not counted in any figure above, nor in a partner’s figures, impressions cap or bill.</p>
      {body}
    </section>
  );
}
