import { useReducer } from 'react';
import { Alert, Button, Form, Modal, Select } from 'antd';
import type { AdPlanView } from '@kainga/contracts';
import { formatNZD } from '../../../format/format';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { useLocations, useMyRoles } from '../../partner-apply/partner-queries';
import { PAYMENT_NOT_AVAILABLE_TITLE, canContinueToPayment, checkoutReducer, initialCheckout, paymentNotAvailableText, subscribeLocationOptions } from './checkout';
import { TierBadge } from './TierBadge';

/**
 * The checkout dialog of a plan (spec 001 §4 "Subscribe flow"): choose a location (Continue to
 * Payment is disabled without one), then the payment step — which, until billing arrives, says
 * plainly that online payment is not available and an admin can allocate the plan. Back to
 * Details returns with the location kept. The towns offered are those the active role serves.
 */
export function SubscribeDialog({ role, plan, onClose }: { role: PartnerRoleName; plan: AdPlanView | null; onClose: () => void }) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout);
  const locations = useLocations();
  const myRoles = useMyRoles(true);
  const options = locations.data && myRoles.data ? subscribeLocationOptions(locations.data, myRoles.data, role) : [];
  const loadFailed = locations.isError || myRoles.isError;
  const city = locations.data?.find((l) => l.id === state.locationId)?.cityName ?? '';
  const close = () => {
    dispatch({ type: 'reset' });
    onClose();
  };

  return (
    <Modal open={plan !== null} title={plan ? `Subscribe to ${plan.name}` : 'Subscribe'} onCancel={close} footer={null} destroyOnHidden>
      {plan && (
        <div className="subscribe-dialog">
          <p className="ad-card-head">
            <TierBadge tier={plan.tier} />
            <strong>{plan.name}</strong>
            <span>{formatNZD(plan.monthlyPrice)} / month</span>
          </p>
          {state.step === 'details' ? (
            <Form layout="vertical" requiredMark={false} onFinish={() => dispatch({ type: 'continue' })}>
              <Form.Item label="Location" htmlFor="subscribe-location" help={loadFailed ? 'Failed to load locations' : 'The towns you serve in this role'} validateStatus={loadFailed ? 'error' : undefined}>
                <Select
                  id="subscribe-location"
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Choose where to advertise"
                  loading={locations.isPending || myRoles.isPending}
                  options={options}
                  value={state.locationId ?? undefined}
                  onChange={(locationId: string) => dispatch({ type: 'choose-location', locationId })}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" disabled={!canContinueToPayment(state)}>
                Continue to Payment
              </Button>
            </Form>
          ) : (
            <>
              <Alert type="info" showIcon title={PAYMENT_NOT_AVAILABLE_TITLE} description={paymentNotAvailableText(plan.name, city)} />
              <div className="subscribe-actions">
                <Button onClick={() => dispatch({ type: 'back' })}>Back to Details</Button>
                <Button type="primary" onClick={close}>
                  Close
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
