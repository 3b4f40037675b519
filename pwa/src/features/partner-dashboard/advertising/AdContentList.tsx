import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdContentView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { adTierLabels, type PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../../api/client';
import { DemoBadge } from '../../../chrome/DemoBadge';
import { useToast } from '../../../chrome/ToastProvider';
import { formatDateNZ } from '../../../format/format';
import { useNetworkRequired } from '../../../offline';
import { adContentStatusBadges, statusToggle } from './ad-content-form';
import { AdContentDialog } from './AdContentDialog';
import { setAdContentStatus } from './advertising-api';
import { adContentKey, useAdContent } from './advertising-queries';
import { advertisableSubscriptions, subscriptionLabel } from './plans';

function AdCard({
  ad,
  subscription,
  switching,
  onEdit,
  onToggle,
}: {
  ad: AdContentView;
  subscription: PartnerAdSubscriptionView | undefined;
  switching: boolean;
  onEdit: () => void;
  onToggle: (to: 'active' | 'paused') => void;
}) {
  const badge = adContentStatusBadges[ad.status];
  // An expired subscription is final: its adverts no longer change.
  const expired = subscription?.status === 'expired';
  const toggle = expired ? null : statusToggle(ad.status);
  return (
    <li>
      <Card className="ad-card" data-testid="ad-content">
        <div className="ad-card-head">
          <strong>{ad.title}</strong>
          <span className={`ad-status ad-status-${badge.tone}`}>{badge.label}</span>
          {ad.demo && <DemoBadge />}
        </div>
        {ad.status === 'rejected' && ad.rejectionReason && <Alert type="error" showIcon title="Rejected" description={`Reason: ${ad.rejectionReason}`} className="ad-rejection" />}
        <div className="ad-content-body">
          {ad.imageUrl && <img src={ad.imageUrl} alt="" className="ad-image-preview" loading="lazy" />}
          <div>
            <p>{ad.description}</p>
            <p className="small">
              <span className="muted">Button:</span> {ad.ctaText} → <span className="ad-url">{ad.ctaUrl}</span>
            </p>
            <p className="muted small">
              {subscription ? subscriptionLabel(subscription) : `${adTierLabels[ad.tier]} — ${ad.cityName}`} · updated {formatDateNZ(ad.updatedAt)}
            </p>
          </div>
        </div>
        <div className="ad-actions">
          {expired ? (
            <p className="muted small">Its subscription has expired, so this advert is no longer shown.</p>
          ) : (
            <Button onClick={onEdit} aria-label={`Edit ${ad.title}`}>
              Edit
            </Button>
          )}
          {toggle && (
            <Button onClick={() => onToggle(toggle.to)} loading={switching} aria-label={`${toggle.label} ${ad.title}`}>
              {toggle.label}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

/**
 * The partner's adverts (GET /api/partner/ad-content?role=) with their state — pending approval,
 * active, paused, rejected with the reason — Create Advert, Edit, and Pause / Resume.
 */
export function AdContentList({ userId, role, subscriptions }: { userId: string; role: PartnerRoleName; subscriptions: PartnerAdSubscriptionView[] | undefined }) {
  const adverts = useAdContent(userId, role);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const [dialog, setDialog] = useState<{ ad: AdContentView | null } | null>(null);
  const usable = advertisableSubscriptions(subscriptions ?? []);

  const status = useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'active' | 'paused' }) => setAdContentStatus(role, id, to),
    onSuccess: async (_, { to }) => {
      await queryClient.invalidateQueries({ queryKey: adContentKey(userId, role) });
      toast({ variant: 'success', title: to === 'paused' ? 'Advert Paused' : 'Advert Resumed', description: to === 'paused' ? 'Your advert is no longer shown.' : 'Your advert is shown again.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to update the advert.') }),
  });

  let body;
  if (adverts.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading your adverts">
        <Card>
          <Skeleton active title paragraph={{ rows: 3 }} />
        </Card>
      </div>
    );
  } else if (adverts.isError) {
    body = <Alert type="error" showIcon title="Could not load your adverts." description={apiErrorMessage(adverts.error, 'Please try again.')} />;
  } else if (adverts.data.length === 0) {
    body = <Empty description={usable.length > 0 ? 'You have no adverts yet. Create one for your subscription; it is shown once an administrator approves it.' : 'Adverts belong to a subscription: once you have one, you can create your advert here.'} />;
  } else {
    body = (
      <ul className="ad-list">
        {adverts.data.map((ad) => (
          <AdCard
            key={ad.id}
            ad={ad}
            subscription={subscriptions?.find((s) => s.id === ad.subscriptionId)}
            switching={status.isPending && status.variables.id === ad.id}
            onEdit={() => setDialog({ ad })}
            onToggle={(to) => ensureOnline('change your advert') && status.mutate({ id: ad.id, to })}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="ad-section" aria-labelledby="ad-content-title">
      <div className="ad-section-head">
        <h2 id="ad-content-title">Your Adverts</h2>
        <Button type="primary" onClick={() => setDialog({ ad: null })} disabled={usable.length === 0}>
          Create Advert
        </Button>
      </div>
      {body}
      <AdContentDialog open={dialog !== null} userId={userId} role={role} ad={dialog?.ad ?? null} subscriptions={dialog?.ad ? (subscriptions ?? []) : usable} onClose={() => setDialog(null)} />
    </section>
  );
}
