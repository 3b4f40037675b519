import { Alert, Button, Empty, Skeleton, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdPlanView } from '@kainga/contracts';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { useNetworkRequired } from '../../../offline';
import { adminAdPlanUrl, adminSubscriptionsKey, adPlansKey, useAdPlans, useRefresh } from './advertising-queries';
import { PlanFormModal } from './PlanFormModal';
import { freeTiers, planDimensions, planMonthlyPrice, planRequestOf, sortPlans, tierBadges } from './plans';

/** Switch a plan on or off: PUT of the plan as it is, but for isActive (every change is an event). */
function useSwitchPlan() {
  const { toast } = useToast();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (plan: AdPlanView) => apiJson<AdPlanView>('PUT', adminAdPlanUrl(plan.id), planRequestOf(plan, { isActive: !plan.isActive })),
    onSuccess: async (_answer, plan) => {
      toast({ variant: 'success', title: 'Plan Updated', description: `${plan.name} is now ${plan.isActive ? 'inactive' : 'active'}.` });
      await refresh(adPlansKey, adminSubscriptionsKey);
    },
    onError: (error) => toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to update plan') }),
  });
}

function PlanCard({ plan, onEdit, switching, onSwitch }: { plan: AdPlanView; onEdit: () => void; switching: boolean; onSwitch: () => void }) {
  const badge = tierBadges[plan.tier];
  return (
    <li className="card ad-plan" aria-label={`${badge.label} plan ${plan.name}`}>
      <div className="application-head">
        <Space size={4}>
          <Tag className="ad-tier-badge" color={badge.color}>
            {badge.label}
          </Tag>
          {!plan.isActive && <Tag color="red">Inactive</Tag>}
        </Space>
        <strong className="ad-plan-price">{planMonthlyPrice(plan)}</strong>
      </div>
      <h4 className="ad-plan-name">{plan.name}</h4>
      {plan.description && <p className="application-description">{plan.description}</p>}
      <dl className="application-details">
        <dt>Dimensions</dt>
        <dd>{planDimensions(plan)}</dd>
        <dt>Priority</dt>
        <dd>{plan.priority}</dd>
        <dt>Max impressions</dt>
        <dd>{plan.maxImpressions.toLocaleString('en-NZ')}</dd>
      </dl>
      <Space wrap>
        <Button onClick={onEdit} aria-label={`Edit ${plan.name}`}>
          Edit
        </Button>
        <Button onClick={onSwitch} loading={switching} aria-label={`${plan.isActive ? 'Deactivate' : 'Activate'} ${plan.name}`}>
          {plan.isActive ? 'Deactivate' : 'Activate'}
        </Button>
      </Space>
    </li>
  );
}

/** The plans, gold, silver, bronze, each with Edit and a switch on or off; New Plan while a tier is free. */
export function PlanList() {
  const plans = useAdPlans();
  const switchPlan = useSwitchPlan();
  const { ensureOnline } = useNetworkRequired();
  // undefined: no form open; null: a new plan; a plan: editing it.
  const [editing, setEditing] = useState<AdPlanView | null | undefined>(undefined);

  if (plans.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label="Loading plans" />;
  if (plans.isError) return <Alert type="error" showIcon title="Could not load the advertising plans." description={apiErrorMessage(plans.error, 'Please try again.')} />;
  const tiers = freeTiers(plans.data);
  return (
    <>
      <div className="application-head">
        <h3>Plans</h3>
        {tiers.length > 0 && <Button onClick={() => setEditing(null)}>New Plan</Button>}
      </div>
      {plans.data.length === 0 ? (
        <Empty description="No advertising plans yet" />
      ) : (
        <ul className="ad-plan-list">
          {sortPlans(plans.data).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              onEdit={() => setEditing(plan)}
              switching={switchPlan.isPending && switchPlan.variables?.id === plan.id}
              onSwitch={() => {
                if (ensureOnline('update the plan')) switchPlan.mutate(plan);
              }}
            />
          ))}
        </ul>
      )}
      {editing !== undefined && <PlanFormModal plan={editing} tiers={tiers} onClose={() => setEditing(undefined)} />}
    </>
  );
}
