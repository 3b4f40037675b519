import { Alert, Button, Form, Select, Skeleton } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AllocateAdPlanRequest } from '@kainga/contracts';
import { ALLOCATE_MISSING_MESSAGE } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { useNetworkRequired } from '../../../offline';
import { useLocations } from '../../partner-apply/partner-queries';
import { adminSubscriptionsKey, ALLOCATE_PATH, useAdminPartners, useAdPlans, useRefresh } from './advertising-queries';
import { allocationRequest, defaultLocationOf, locationChoices, partnerOptions, type AllocationChoice } from './allocation';
import { adminPlanRequestsKey } from './PlanRequestList';
import { activePlanOptions } from './plans';

/**
 * Allocate Plan (POST /api/admin/allocate-ad-plan): a partner, an active plan and a location; a
 * missing choice is the spec's 'Missing Information' toast, not a field error.
 */
export function AllocatePlanForm() {
  const partners = useAdminPartners();
  const plans = useAdPlans();
  const locations = useLocations();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const refresh = useRefresh();
  const [choice, setChoice] = useState<AllocationChoice>({});
  const allocate = useMutation({
    mutationFn: (body: AllocateAdPlanRequest) => apiJson<unknown>('POST', ALLOCATE_PATH, body),
    onSuccess: async () => {
      toast({ variant: 'success', title: 'Advertising plan allocated successfully!' });
      setChoice({});
      // An allocation answers a partner's request for it.
      await refresh(adminSubscriptionsKey, adminPlanRequestsKey);
    },
    onError: (error) => toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to allocate plan') }),
  });

  if (partners.isPending || plans.isPending || locations.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} aria-label="Loading the allocate form" />;
  if (partners.isError || plans.isError || locations.isError) {
    const what = partners.isError ? 'partners' : plans.isError ? 'plans' : 'locations';
    return <Alert type="error" showIcon title={`Failed to load ${what}`} />;
  }
  const partner = partners.data.find((p) => p.id === choice.partnerId);

  return (
    <Form
      layout="vertical"
      name="allocate-ad-plan"
      className="ad-allocate"
      onFinish={() => {
        const body = allocationRequest(choice);
        if (!body) {
          toast({ variant: 'error', title: 'Missing Information', description: ALLOCATE_MISSING_MESSAGE });
          return;
        }
        if (ensureOnline('allocate the plan')) allocate.mutate(body);
      }}
    >
      <div className="ad-allocate-fields">
        <Form.Item label="Partner" htmlFor="allocate-partner">
          <Select
            id="allocate-partner"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a partner"
            value={choice.partnerId}
            options={partnerOptions(partners.data)}
            onChange={(partnerId: string) => {
              const next = partners.data.find((p) => p.id === partnerId);
              setChoice((c) => ({ ...c, partnerId, locationId: defaultLocationOf(next) }));
            }}
          />
        </Form.Item>
        <Form.Item label="Plan" htmlFor="allocate-plan">
          <Select
            id="allocate-plan"
            placeholder="Select a plan"
            value={choice.adPlanId}
            options={activePlanOptions(plans.data)}
            onChange={(adPlanId: string) => setChoice((c) => ({ ...c, adPlanId }))}
          />
        </Form.Item>
        <Form.Item label="Location" htmlFor="allocate-location">
          <Select
            id="allocate-location"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a location"
            value={choice.locationId}
            options={locationChoices(partner, locations.data)}
            onChange={(locationId: string) => setChoice((c) => ({ ...c, locationId }))}
          />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={allocate.isPending}>
        Allocate Plan
      </Button>
    </Form>
  );
}
