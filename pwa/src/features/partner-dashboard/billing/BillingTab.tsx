import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton, Table, Tag, Tooltip } from 'antd';
import type { BillingHistoryResponse } from '@kainga/contracts';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { offlineActionMessage, useOnline } from '../../../offline';
import { withRole } from '../partner-api';
import { BILLING_HISTORY_PATH, billingRows, chargeStatusColours, formatChargeAmount, type BillingRow } from './billing-history';

/** Keys carry the person and the role: one account's charges are never shown to the next from memory. */
export const billingHistoryKey = (userId: string, role: PartnerRoleName) => [BILLING_HISTORY_PATH, role, userId] as const;
export const fetchBillingHistory = (role: PartnerRoleName, signal?: AbortSignal) => apiJson<BillingHistoryResponse>('GET', withRole(BILLING_HISTORY_PATH, role), undefined, signal);

const columns = [
  { title: 'Date', dataIndex: 'date', key: 'date' },
  { title: 'Lead', dataIndex: 'leadId', key: 'leadId', render: (v: string) => <code>{v}</code> },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right' as const },
  {
    title: 'Status',
    dataIndex: 'statusLabel',
    key: 'status',
    render: (label: string, row: BillingRow) => {
      const tag = <Tag color={chargeStatusColours[row.status]}>{label}</Tag>;
      return row.failureReason ? <Tooltip title={row.failureReason}>{tag}</Tooltip> : tag;
    },
  },
  { title: 'Payment', dataIndex: 'paymentIntent', key: 'paymentIntent', render: (v: string) => <code>{v}</code> },
];

/**
 * The partner dashboard's Billing tab (spec 001 §2), for the active partner role: total billed,
 * this month's total (New Zealand time), failed charges and active subscriptions, then the lead
 * charges newest first. Loaded when the tab opens; offline it says it needs the network.
 */
export default function BillingTab({ userId, role }: { userId: string; role: PartnerRoleName }) {
  const online = useOnline();
  const history = useQuery({ queryKey: billingHistoryKey(userId, role), queryFn: ({ signal }) => fetchBillingHistory(role, signal), enabled: online });
  if (!online) return <Alert type="warning" showIcon title="You are offline" description={offlineActionMessage('see your billing history')} />;
  if (history.isPending) {
    return (
      <div className="billing-tab" aria-busy="true" aria-label="Loading billing history">
        <div className="partner-stats">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i}>
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
        <Skeleton active title paragraph={{ rows: 5 }} />
      </div>
    );
  }
  if (history.isError) return <Alert type="error" showIcon title="Billing history could not be loaded" description={apiErrorMessage(history.error, 'Please try again in a moment.')} />;
  const { summary, entries } = history.data;
  const cards: [string, string][] = [
    ['Total Billed', formatChargeAmount(summary.totalBilled)],
    ['This Month', formatChargeAmount(summary.thisMonth)],
    ['Failed Charges', summary.failedCount.toLocaleString('en-NZ')],
    ['Active Subscriptions', summary.activeSubscriptions.toLocaleString('en-NZ')],
  ];
  return (
    <div className="billing-tab">
      <div className="partner-stats" data-testid="billing-summary">
        {cards.map(([label, value]) => (
          <Card key={label}>
            <p className="partner-stat-label">{label}</p>
            <p className="partner-stat-value">{value}</p>
          </Card>
        ))}
      </div>
      <h3>Lead charges</h3>
      {entries.length === 0 ? (
        <Empty description="No lead charges yet. Each lead sent to you on a plan with a price per lead is charged here." />
      ) : (
        <Table<BillingRow> data-testid="billing-history" columns={columns} dataSource={billingRows(entries)} pagination={{ pageSize: 20, hideOnSinglePage: true }} size="small" scroll={{ x: true }} />
      )}
    </div>
  );
}
