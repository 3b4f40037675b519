import { Alert, Button, Empty, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { AdminAdSubscriptionView, UpdateAdSubscriptionRequest } from '@kainga/contracts';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { DemoBadge } from '../../../chrome/DemoBadge';
import { useToast } from '../../../chrome/ToastProvider';
import { formatDateNZ } from '../../../format/format';
import { useNetworkRequired } from '../../../offline';
import { adminAdContentKey, adminSubscriptionsKey, useAdminSubscriptions, useRefresh } from './advertising-queries';
import { HistoryLink } from '../history/HistoryLink';
import { adSubscriptionStream, partnerStream } from '../history/history-streams';
import { tierBadges } from './plans';
import { autoRenewLabel, paymentStateOf, sortSubscriptions, subscriberName, subscriptionActions, subscriptionStatusBadges, subscriptionUrl, type SubscriptionAction } from './subscriptions';

function useUpdateSubscription() {
  const { toast } = useToast();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdSubscriptionRequest }) => apiJson<unknown>('PATCH', subscriptionUrl(id), body),
    onSuccess: async () => {
      toast({ variant: 'success', title: 'Subscription updated successfully!' });
      // Adverts show whose subscription is live, so they may have changed too.
      await refresh(adminSubscriptionsKey, adminAdContentKey);
    },
    onError: (error) => toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to update subscription') }),
  });
}

function SubscriptionCard({ s, busy, onAction }: { s: AdminAdSubscriptionView; busy: boolean; onAction: (a: SubscriptionAction) => void }) {
  const status = subscriptionStatusBadges[s.status];
  const tier = tierBadges[s.adPlan.tier];
  const name = `${s.adPlan.name} for ${s.partner.businessName || subscriberName(s)}`;
  return (
    <li className="card" aria-label={`Subscription ${name}`}>
      <div className="application-head">
        <span>
          <Tag color={tier.color}>{tier.label}</Tag> <strong>{s.adPlan.name}</strong> {s.demo && <DemoBadge />}
        </span>
        <Tag color={status.color}>{status.label}</Tag>
      </div>
      <dl className="application-details">
        <dt>Partner</dt>
        <dd>
          {subscriberName(s)} · {s.partner.email}
        </dd>
        <dt>Location</dt>
        <dd>
          {s.location.cityName}, {s.location.region}
        </dd>
        <dt>Impressions</dt>
        <dd>{s.totalImpressions.toLocaleString('en-NZ')}</dd>
        <dt>Clicks</dt>
        <dd>{s.totalClicks.toLocaleString('en-NZ')}</dd>
        <dt>Start date</dt>
        <dd>{formatDateNZ(s.startDate)}</dd>
        <dt>Auto-renew</dt>
        <dd>{autoRenewLabel(s.autoRenew)}</dd>
        <dt>Payment</dt>
        <dd>{paymentStateOf(s, formatDateNZ)}</dd>
      </dl>
      <Space wrap>
        {subscriptionActions(s.status).map((a) => {
          const button = (
            <Button key={a.label} danger={a.label === 'Expire'} disabled={busy || a.disabled} onClick={a.confirm ? undefined : () => onAction(a)} aria-label={`${a.label} ${name}`}>
              {a.label}
            </Button>
          );
          return a.confirm && !a.disabled ? (
            <Popconfirm key={a.label} title="Expire this subscription?" description="Its adverts stop showing; this cannot be undone." okText="Expire" okButtonProps={{ danger: true }} cancelText="Cancel" onConfirm={() => onAction(a)}>
              {button}
            </Popconfirm>
          ) : (
            button
          );
        })}
        <HistoryLink stream={adSubscriptionStream(s.id)} name={`subscription ${name}`} />
        <HistoryLink stream={partnerStream(s.partner.id)} name={s.partner.businessName || subscriberName(s)} text="Partner history" />
      </Space>
    </li>
  );
}

/** Every subscription with its figures, and Pause / Activate / Expire. */
export function SubscriptionList() {
  const subscriptions = useAdminSubscriptions();
  const update = useUpdateSubscription();
  const { ensureOnline } = useNetworkRequired();

  if (subscriptions.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label="Loading subscriptions" />;
  if (subscriptions.isError) {
    return <Alert type="error" showIcon title="Could not load the subscriptions." description={apiErrorMessage(subscriptions.error, 'Please try again.')} />;
  }
  if (subscriptions.data.length === 0) return <Empty description="No active subscriptions found" />;
  return (
    <ul className="application-list">
      {sortSubscriptions(subscriptions.data).map((s) => (
        <SubscriptionCard
          key={s.id}
          s={s}
          busy={update.isPending && update.variables?.id === s.id}
          onAction={(a) => {
            if (ensureOnline('update the subscription')) update.mutate({ id: s.id, body: a.body });
          }}
        />
      ))}
    </ul>
  );
}
