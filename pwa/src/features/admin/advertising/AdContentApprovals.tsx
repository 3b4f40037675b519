import { Alert, Button, Skeleton, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdContentView } from '@kainga/contracts';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { DemoBadge } from '../../../chrome/DemoBadge';
import { useToast } from '../../../chrome/ToastProvider';
import { useNetworkRequired } from '../../../offline';
import { RejectApplicationModal } from '../RejectApplicationModal';
import { approveAdUrl, awaitingApproval, rejectAdUrl } from './ad-content';
import { adminAdContentKey, useAdminAdContent, useRefresh } from './advertising-queries';
import { HistoryLink } from '../history/HistoryLink';
import { adContentStream } from '../history/history-streams';
import { tierBadges } from './plans';

function useAdDecisions(onRejected: () => void) {
  const { toast } = useToast();
  const refresh = useRefresh();
  const approve = useMutation({
    mutationFn: (ad: AdContentView) => apiJson<unknown>('POST', approveAdUrl(ad.id)),
    onSuccess: async (_answer, ad) => {
      toast({ variant: 'success', title: 'Advert Approved', description: `“${ad.title}” of ${ad.businessName} can now show.` });
      await refresh(adminAdContentKey);
    },
    onError: (error) => toast({ variant: 'error', title: 'Approval Failed', description: apiErrorMessage(error, 'Failed to approve advert.') }),
  });
  const reject = useMutation({
    mutationFn: ({ ad, reason }: { ad: AdContentView; reason: string }) => apiJson<unknown>('POST', rejectAdUrl(ad.id), { reason }),
    onSuccess: async (_answer, { ad }) => {
      onRejected();
      toast({ variant: 'success', title: 'Advert Rejected', description: `“${ad.title}” of ${ad.businessName} was rejected.` });
      await refresh(adminAdContentKey);
    },
    onError: (error) => toast({ variant: 'error', title: 'Rejection Failed', description: apiErrorMessage(error, 'Failed to reject advert.') }),
  });
  return { approve, reject };
}

function AdvertCard({ ad, busy, approving, onApprove, onReject }: { ad: AdContentView; busy: boolean; approving: boolean; onApprove: () => void; onReject: () => void }) {
  const tier = tierBadges[ad.tier];
  return (
    <li className="card ad-review" aria-label={`Advert ${ad.title}`}>
      <div className="application-head">
        <span>
          <strong>{ad.businessName}</strong> {ad.demo && <DemoBadge />} · {ad.cityName}
        </span>
        <Tag color={tier.color}>{tier.label}</Tag>
      </div>
      <div className="ad-review-body">
        {ad.imageUrl && <img className="ad-review-image" src={ad.imageUrl} alt={`Image of the advert ${ad.title}`} loading="lazy" />}
        <div>
          <h4 className="ad-plan-name">{ad.title}</h4>
          <p className="application-description">{ad.description}</p>
          <p className="muted">
            Button: “{ad.ctaText}” →{' '}
            <a href={ad.ctaUrl} target="_blank" rel="noopener noreferrer nofollow">
              {ad.ctaUrl}
            </a>
          </p>
        </div>
      </div>
      <Space wrap>
        <Button type="primary" loading={approving} disabled={busy} onClick={onApprove} aria-label={`Approve ${ad.title}`}>
          Approve
        </Button>
        <Button danger disabled={busy} onClick={onReject} aria-label={`Reject ${ad.title}`}>
          Reject
        </Button>
        <HistoryLink stream={adContentStream(ad.id)} name={`the advert ${ad.title}`} />
      </Space>
    </li>
  );
}

/** Adverts awaiting approval, oldest first: Approve, or Reject with a reason (as partner applications). */
export function AdContentApprovals() {
  const adverts = useAdminAdContent();
  const [rejecting, setRejecting] = useState<AdContentView | null>(null);
  const { approve, reject } = useAdDecisions(() => setRejecting(null));
  const { ensureOnline } = useNetworkRequired();

  if (adverts.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label="Loading adverts" />;
  if (adverts.isError) return <Alert type="error" showIcon title="Could not load the adverts." description={apiErrorMessage(adverts.error, 'Please try again.')} />;
  const waiting = awaitingApproval(adverts.data);
  if (waiting.length === 0) return <p className="muted">No adverts are waiting for approval.</p>;
  const deciding = (ad: AdContentView) => (approve.isPending && approve.variables?.id === ad.id) || (reject.isPending && reject.variables?.ad.id === ad.id);
  return (
    <>
      <ul className="application-list">
        {waiting.map((ad) => (
          <AdvertCard
            key={ad.id}
            ad={ad}
            busy={deciding(ad)}
            approving={approve.isPending && approve.variables?.id === ad.id}
            onApprove={() => {
              if (ensureOnline('approve the advert')) approve.mutate(ad);
            }}
            onReject={() => setRejecting(ad)}
          />
        ))}
      </ul>
      {rejecting && (
        <RejectApplicationModal
          businessName={`“${rejecting.title}”`}
          busy={reject.isPending}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) => {
            if (ensureOnline('reject the advert')) reject.mutate({ ad: rejecting, reason });
          }}
        />
      )}
    </>
  );
}
