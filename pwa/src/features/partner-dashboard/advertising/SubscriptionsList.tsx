import { Alert, Card, Empty, Skeleton, Tag } from 'antd';
import type { PartnerAdSubscriptionView } from '@kainga/contracts';
import { apiErrorMessage } from '../../../api/client';
import { DemoBadge } from '../../../chrome/DemoBadge';
import { formatDateNZ } from '../../../format/format';
import { formatCount } from './performance';
import { orderedSubscriptions, subscriptionStatusLabels } from './plans';
import { paymentFacts } from './subscription-payment';
import { TierBadge } from './TierBadge';

const statusColour = { incomplete: 'blue', active: 'green', paused: 'orange', expired: 'default' } as const;

function SubscriptionCard({ subscription: s, justPaid }: { subscription: PartnerAdSubscriptionView; justPaid: boolean }) {
  const { payment, problem } = paymentFacts(s, formatDateNZ, justPaid);
  return (
    <li>
      <Card className="ad-card" data-testid="ad-subscription">
        <div className="ad-card-head">
          <TierBadge tier={s.adPlan.tier} />
          <strong>{s.adPlan.name}</strong>
          <Tag color={statusColour[s.status]}>{subscriptionStatusLabels[s.status]}</Tag>
          {s.demo && <DemoBadge />}
        </div>
        <dl className="ad-facts">
          <div>
            <dt>Location</dt>
            <dd>
              {s.location.cityName}, {s.location.region}
            </dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatDateNZ(s.startDate)}</dd>
          </div>
          <div>
            <dt>Auto-renew</dt>
            <dd>{s.autoRenew ? 'On' : 'Off'}</dd>
          </div>
          <div>
            <dt>Impressions</dt>
            <dd>{formatCount(s.totalImpressions)}</dd>
          </div>
          <div>
            <dt>Clicks</dt>
            <dd>{formatCount(s.totalClicks)}</dd>
          </div>
        </dl>
        {payment && <p className="ad-payment">{payment}</p>}
        {problem && <Alert className="ad-payment-problem" type="error" showIcon title={problem} />}
      </Card>
    </li>
  );
}

/** Current subscriptions (GET /api/partner-ad-subscriptions?role=): plan, location, state, payment and totals. */
export function SubscriptionsList({
  subscriptions,
  justPaidId = null,
}: {
  subscriptions: { data: PartnerAdSubscriptionView[] | undefined; isPending: boolean; error: unknown };
  /** The subscription whose payment Stripe.js just reported as succeeded (checkout-return.ts). */
  justPaidId?: string | null;
}) {
  let body;
  if (subscriptions.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading your subscriptions">
        <Card>
          <Skeleton active title paragraph={{ rows: 2 }} />
        </Card>
      </div>
    );
  } else if (subscriptions.error || !subscriptions.data) {
    body = <Alert type="error" showIcon title="Could not load your subscriptions." description={apiErrorMessage(subscriptions.error, 'Please try again.')} />;
  } else if (subscriptions.data.length === 0) {
    body = <Empty description="You have no advertising subscriptions yet. Choose a plan below to advertise in your area." />;
  } else {
    body = (
      <ul className="ad-list">
        {orderedSubscriptions(subscriptions.data).map((s) => (
          <SubscriptionCard key={s.id} subscription={s} justPaid={s.id === justPaidId} />
        ))}
      </ul>
    );
  }
  return (
    <section className="ad-section" aria-labelledby="ad-subscriptions-title">
      <h2 id="ad-subscriptions-title">Current Subscriptions</h2>
      {body}
    </section>
  );
}
