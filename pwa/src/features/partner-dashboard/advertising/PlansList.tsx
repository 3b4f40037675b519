import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { AdPlanView } from '@kainga/contracts';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../../api/client';
import { formatNZD } from '../../../format/format';
import { useAdPlans } from './advertising-queries';
import { availablePlans, planFacts } from './plans';
import { SubscribeDialog } from './SubscribeDialog';
import { TierBadge } from './TierBadge';

function PlanCard({ plan, onSubscribe }: { plan: AdPlanView; onSubscribe: () => void }) {
  return (
    <li>
      <Card className="ad-card ad-plan" data-testid="ad-plan">
        <div className="ad-card-head">
          <TierBadge tier={plan.tier} />
          <h3>{plan.name}</h3>
        </div>
        <p className="ad-plan-price">
          {formatNZD(plan.monthlyPrice)} <span className="muted small">/ month</span>
        </p>
        {plan.description && <p>{plan.description}</p>}
        <ul className="ad-plan-features">
          {planFacts(plan, formatNZD).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <Button type="primary" onClick={onSubscribe} aria-label={`Subscribe to ${plan.name}`}>
          Subscribe
        </Button>
      </Card>
    </li>
  );
}

/** Available plans (GET /api/ad-plans): the active ones, gold, silver, bronze, each with Subscribe. */
export function PlansList({ role }: { role: PartnerRoleName }) {
  const plans = useAdPlans();
  const [chosen, setChosen] = useState<AdPlanView | null>(null);
  let body;
  if (plans.isPending) {
    body = (
      <div className="ad-plans" aria-busy="true" aria-label="Loading the plans">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <Skeleton active title paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </div>
    );
  } else if (plans.isError) {
    body = <Alert type="error" showIcon title="Could not load the advertising plans." description={apiErrorMessage(plans.error, 'Please try again.')} />;
  } else {
    const list = availablePlans(plans.data);
    body =
      list.length === 0 ? (
        <Empty description="No advertising plans are available at the moment." />
      ) : (
        <ul className="ad-plans">
          {list.map((p) => (
            <PlanCard key={p.id} plan={p} onSubscribe={() => setChosen(p)} />
          ))}
        </ul>
      );
  }
  return (
    <section className="ad-section" aria-labelledby="ad-plans-title">
      <h2 id="ad-plans-title">Available Plans</h2>
      {body}
      <SubscribeDialog role={role} plan={chosen} onClose={() => setChosen(null)} />
    </section>
  );
}
