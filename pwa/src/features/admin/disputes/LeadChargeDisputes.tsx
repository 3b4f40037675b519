import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import type { AdminLeadChargeDispute, ResolveLeadChargeDisputeRequest } from '@kainga/contracts';
import { KEEP_NOTE_REQUIRED } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { formatDateNZ } from '../../../format/format';
import { ReasonModal } from '../../../forms/ReasonModal';
import { useNetworkRequired } from '../../../offline';
import { disputeStatusColours, formatChargeAmount, shortLeadId } from '../../partner-dashboard/billing/billing-history';
import { HistoryLink } from '../history/HistoryLink';
import { ResponsiveTable } from '../ResponsiveTable';
import { leadChargeStream } from '../history/history-streams';
import { ADMIN_DISPUTES_PATH, adminDisputeLabels, disputesInOrder, resolveDisputeUrl } from './lead-charge-disputes';

const disputesKey = [ADMIN_DISPUTES_PATH] as const;
const keepNoteProblem = (note: string) => (note.trim() ? null : KEEP_NOTE_REQUIRED);
const noProblem = () => null;

type Resolving = { dispute: AdminLeadChargeDispute; outcome: ResolveLeadChargeDisputeRequest['outcome'] };

function useResolve(onResolved: () => void) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dispute, outcome, note }: Resolving & { note: string }) => apiJson<AdminLeadChargeDispute>('POST', resolveDisputeUrl(dispute.leadId), { outcome, note }),
    onSuccess: async (answer, { outcome }) => {
      onResolved();
      toast({ variant: 'success', title: 'Dispute Resolved', description: outcome === 'refund' ? `${answer.businessName}’s charge is being refunded.` : `${answer.businessName}’s charge stands.` });
      await queryClient.invalidateQueries({ queryKey: disputesKey });
    },
    onError: (error) => toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to resolve the dispute.') }),
  });
}

/** The lead as the admin judges it: who sent it (signed in or only an email typed in), and what they wrote. */
function LeadCell({ lead }: { lead: AdminLeadChargeDispute['lead'] }) {
  if (!lead) return <span>—</span>;
  return (
    <Tooltip title={lead.requestMessage}>
      <span>
        {lead.contactName} ({lead.contactEmail}){lead.signedIn ? '' : ' · signed out'} · {formatDateNZ(lead.receivedAt)}
      </span>
    </Tooltip>
  );
}

/**
 * Lead Charge Disputes in /admin: partners' disputes of paid lead charges, the open ones first,
 * each with the lead it was for. Refund gives the charge back through Stripe (a note for the
 * partner is optional); Keep needs a note telling the partner why the charge stands.
 */
export function LeadChargeDisputes() {
  const disputes = useQuery<AdminLeadChargeDispute[]>({ queryKey: disputesKey, staleTime: 30_000 });
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const resolve = useResolve(() => setResolving(null));
  const { ensureOnline } = useNetworkRequired();
  const start = (dispute: AdminLeadChargeDispute, outcome: Resolving['outcome']) => {
    if (ensureOnline('resolve a dispute')) setResolving({ dispute, outcome });
  };

  return (
    <Card title={<h2 className="card-title">Lead Charge Disputes</h2>} className="admin-section">
      {disputes.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} aria-label="Loading disputes" />
      ) : disputes.isError ? (
        <Alert type="error" showIcon title="Could not load the disputes." description={apiErrorMessage(disputes.error, 'Please try again.')} />
      ) : disputes.data.length === 0 ? (
        <Empty description="No disputed lead charges" />
      ) : (
        <ResponsiveTable<AdminLeadChargeDispute>
          rowKey="leadId"
          size="small"
          scroll={{ x: 'max-content' }}
          pagination={disputes.data.length > 20 ? { pageSize: 20 } : false}
          dataSource={disputesInOrder(disputes.data)}
          aria-label="Disputed lead charges"
          columns={[
            { title: 'Disputed', key: 'disputedAt', render: (_v, d) => formatDateNZ(d.dispute.disputedAt) },
            { title: 'Partner', dataIndex: 'businessName', stacked: 'heading' },
            { title: 'Lead', key: 'lead', render: (_v, d) => <LeadCell lead={d.lead} /> },
            { title: 'Amount', key: 'amount', align: 'right', render: (_v, d) => formatChargeAmount(d.amount) },
            { title: 'Reason', key: 'reason', render: (_v, d) => d.dispute.reason },
            {
              title: 'Status',
              key: 'status',
              render: (_v, d) => {
                const tag = <Tag color={disputeStatusColours[d.dispute.status]}>{adminDisputeLabels[d.dispute.status]}</Tag>;
                const detail = d.refundFailureReason ?? d.dispute.note;
                return detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag;
              },
            },
            {
              title: 'Actions',
              key: 'actions',
              stacked: 'actions',
              render: (_v, d) => (
                <Space>
                  {d.dispute.status === 'open' && (
                    <>
                      <Button size="small" type="primary" onClick={() => start(d, 'refund')} aria-label={`Refund the charge for lead ${shortLeadId(d.leadId)}`}>
                        Refund
                      </Button>
                      <Button size="small" onClick={() => start(d, 'keep')} aria-label={`Keep the charge for lead ${shortLeadId(d.leadId)}`}>
                        Keep
                      </Button>
                    </>
                  )}
                  <HistoryLink stream={leadChargeStream(d.leadId)} name={`the charge for lead ${shortLeadId(d.leadId)}`} />
                </Space>
              ),
            },
          ]}
        />
      )}
      {resolving && (
        <ReasonModal
          id="dispute-note"
          title={`${resolving.outcome === 'refund' ? 'Refund' : 'Keep'} ${formatChargeAmount(resolving.dispute.amount)} charged to ${resolving.dispute.businessName}`}
          intro={resolving.outcome === 'refund' ? 'The whole charge goes back to the partner’s card through Stripe.' : 'The charge stands; the partner reads your note on their Billing tab.'}
          label={resolving.outcome === 'refund' ? 'Note to the partner (optional)' : 'Note to the partner'}
          okText={resolving.outcome === 'refund' ? 'Refund' : 'Keep the charge'}
          danger={resolving.outcome === 'refund'}
          problemOf={resolving.outcome === 'refund' ? noProblem : keepNoteProblem}
          busy={resolve.isPending}
          onConfirm={(note) => resolve.mutate({ ...resolving, note })}
          onCancel={() => setResolving(null)}
        />
      )}
    </Card>
  );
}
