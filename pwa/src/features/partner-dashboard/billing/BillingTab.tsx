import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import type { BillingHistoryEntry, BillingHistoryResponse } from '@kainga/contracts';
import { DISPUTE_REASON_REQUIRED, type PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { ReasonModal } from '../../../forms/ReasonModal';
import { offlineActionMessage, useOnline } from '../../../offline';
import { withRole } from '../partner-api';
import { BILLING_HISTORY_PATH, billingRows, chargeStatusColours, disputeStatusColours, formatChargeAmount, leadChargeDisputeUrl, type BillingRow } from './billing-history';

/** Keys carry the person and the role: one account's charges are never shown to the next from memory. */
export const billingHistoryKey = (userId: string, role: PartnerRoleName) => [BILLING_HISTORY_PATH, role, userId] as const;
export const fetchBillingHistory = (role: PartnerRoleName, signal?: AbortSignal) => apiJson<BillingHistoryResponse>('GET', withRole(BILLING_HISTORY_PATH, role), undefined, signal);

const disputeReasonProblem = (reason: string) => (reason.trim() ? null : DISPUTE_REASON_REQUIRED);

function columns(onDispute: (row: BillingRow) => void) {
  return [
    { title: 'Date', dataIndex: 'date', key: 'date' },
    { title: 'Lead', dataIndex: 'leadId', key: 'leadId', render: (v: string) => <code>{v}</code> },
    { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right' as const },
    {
      title: 'Status',
      dataIndex: 'statusLabel',
      key: 'status',
      // Why a charge failed is shown, not hidden in a tooltip: a partner must read it to act on it.
      render: (label: string, row: BillingRow) => (
        <>
          <Tag color={chargeStatusColours[row.status]}>{label}</Tag>
          {row.failure && (
            <p className="charge-failure small">
              <strong>{row.failure.reason}</strong> {row.failure.whatToDo}
            </p>
          )}
        </>
      ),
    },
    { title: 'Payment', dataIndex: 'paymentIntent', key: 'paymentIntent', render: (v: string) => <code>{v}</code> },
    {
      title: 'Dispute',
      key: 'dispute',
      render: (_v: unknown, row: BillingRow) => {
        if (row.dispute) {
          return (
            <Tooltip title={row.dispute.detail}>
              <Tag color={disputeStatusColours[row.dispute.status]}>{row.dispute.label}</Tag>
            </Tooltip>
          );
        }
        return row.disputable ? (
          <Button size="small" onClick={() => onDispute(row)} aria-label={`Dispute the charge for lead ${row.leadId}`}>
            Dispute
          </Button>
        ) : null;
      },
    },
  ];
}

/** Sends a dispute of one charge, then shows the history as the server now has it. */
function useDispute(userId: string, role: PartnerRoleName, onSent: () => void) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, reason }: { leadId: string; reason: string }) => apiJson<BillingHistoryEntry>('POST', withRole(leadChargeDisputeUrl(leadId), role), { reason }),
    onSuccess: async () => {
      onSent();
      toast({ variant: 'success', title: 'Dispute Sent', description: 'An admin will look at it; the answer shows here.' });
      await queryClient.invalidateQueries({ queryKey: billingHistoryKey(userId, role) });
    },
    onError: (error) => toast({ variant: 'error', title: 'Dispute Failed', description: apiErrorMessage(error, 'Failed to send the dispute.') }),
  });
}

/**
 * The partner dashboard's Billing tab (spec 001 §2), for the active partner role: total billed,
 * this month's total (New Zealand time), failed charges and active subscriptions, then the lead
 * charges newest first, each paid one with Dispute (for 30 days) or its dispute's state. Loaded
 * when the tab opens; offline it says it needs the network.
 */
export default function BillingTab({ userId, role }: { userId: string; role: PartnerRoleName }) {
  const online = useOnline();
  const history = useQuery({ queryKey: billingHistoryKey(userId, role), queryFn: ({ signal }) => fetchBillingHistory(role, signal), enabled: online });
  const [disputing, setDisputing] = useState<BillingRow | null>(null);
  const dispute = useDispute(userId, role, () => setDisputing(null));
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
        <Table<BillingRow>
          data-testid="billing-history"
          columns={columns(setDisputing)}
          dataSource={billingRows(entries)}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          size="small"
          scroll={{ x: true }}
        />
      )}
      {disputing && (
        <ReasonModal
          id="dispute-reason"
          title={`Dispute the charge for lead ${disputing.leadId}`}
          intro="Tell us why this lead was not worth paying for: a repeat, junk, or someone you already work with. An admin will refund the charge or tell you why it stands."
          label="Reason"
          okText="Send Dispute"
          problemOf={disputeReasonProblem}
          busy={dispute.isPending}
          onConfirm={(reason) => dispute.mutate({ leadId: disputing.leadIdFull, reason })}
          onCancel={() => setDisputing(null)}
        />
      )}
    </div>
  );
}
