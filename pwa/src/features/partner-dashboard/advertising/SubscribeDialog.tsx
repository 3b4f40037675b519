import { lazy, Suspense, useReducer, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdPlanView } from '@kainga/contracts';
import { CHECKOUT_SETUP_FAILED_DEFAULT, CHECKOUT_SETUP_FAILED_TITLE, type PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { formatNZD } from '../../../format/format';
import { useNetworkRequired } from '../../../offline';
import { useLocations, useMyRoles } from '../../partner-apply/partner-queries';
import { newIdempotencyKey } from '../response-outbox';
import { PARTNER_AD_SUBSCRIPTIONS_PATH } from './advertising-api';
import { stripeConfigQuery } from './advertising-queries';
import {
  PAYMENT_NOT_AVAILABLE_TITLE,
  canContinueToPayment,
  checkoutChargeText,
  checkoutConfirms,
  checkoutIdempotencyKey,
  couponRefusalOf,
  checkoutReducer,
  initialCheckout,
  paymentNotAvailableText,
  publishableKeyOf,
  subscribeLocationOptions,
  type PaymentStep,
} from './checkout';
import { createCheckoutSession } from './checkout-api';
import { checkoutReturnUrl } from './checkout-return';
import { AskForAllocation } from './AskForAllocation';
import { TierBadge } from './TierBadge';

/** Stripe's libraries and Stripe.js come with the card form, not with the tab. */
const CheckoutPayment = lazy(() => import('./CheckoutPayment'));

/**
 * The checkout dialog of a plan (spec 001 §4 "Subscribe flow"): choose a location (Continue to
 * Payment is disabled without one), then the payment step — Stripe's card form for a checkout
 * the server opened, or, where this server takes no card payments, a plain word that an admin can
 * allocate the plan, with a way to ask them (AskForAllocation). Back to Details returns with the location kept. A confirmed payment leaves
 * for the dashboard's return address (a reload), where the subscription shows as activated once
 * Stripe confirms it (PaymentConfirmation). The towns offered are those the active role serves.
 */
export function SubscribeDialog({ role, plan, onClose }: { role: PartnerRoleName; plan: AdPlanView | null; onClose: () => void }) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout);
  // One key per opening of the dialog (and town): a retried Continue opens the same checkout.
  const [dialogKey, setDialogKey] = useState(newIdempotencyKey);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const locations = useLocations();
  const myRoles = useMyRoles(true);
  // Asked as the dialog opens, so Continue knows at once whether there is a card form to show.
  useQuery({ ...stripeConfigQuery, enabled: plan !== null });
  const options = locations.data && myRoles.data ? subscribeLocationOptions(locations.data, myRoles.data, role) : [];
  const loadFailed = locations.isError || myRoles.isError;
  const city = locations.data?.find((l) => l.id === state.locationId)?.cityName ?? '';
  // Optional (spec 001 §7 couponCode); the server says why a code cannot be used.
  const [couponCode, setCouponCode] = useState('');

  const openCheckout = useMutation({
    mutationFn: async ({ adPlanId, locationId, code }: { adPlanId: string; locationId: string; code: string }): Promise<PaymentStep> => {
      const publishableKey = publishableKeyOf(await queryClient.fetchQuery(stripeConfigQuery));
      if (!publishableKey) return { kind: 'not-configured' };
      const session = await createCheckoutSession(role, { adPlanId, locationId, ...(code ? { couponCode: code } : {}) }, checkoutIdempotencyKey(dialogKey, locationId, code));
      return { kind: 'card', publishableKey, clientSecret: session.clientSecret, subscriptionId: session.subscriptionId };
    },
  });

  const close = () => {
    // A checkout still being opened no longer moves this dialog on (per-call callbacks end with reset).
    openCheckout.reset();
    dispatch({ type: 'reset' });
    setCouponCode('');
    setDialogKey(newIdempotencyKey());
    onClose();
  };

  const onContinue = () => {
    if (!plan || !state.locationId || !ensureOnline('subscribe to a plan')) return;
    openCheckout.mutate(
      { adPlanId: plan.id, locationId: state.locationId, code: couponCode.trim() },
      {
        onSuccess: (payment) => {
          // The new subscription is listed (awaiting payment) under Current Subscriptions.
          if (payment.kind === 'card') void queryClient.invalidateQueries({ queryKey: [PARTNER_AD_SUBSCRIPTIONS_PATH] });
          dispatch({ type: 'continue', payment });
        },
        onError: (error) => toast({ variant: 'error', title: CHECKOUT_SETUP_FAILED_TITLE, description: apiErrorMessage(error, CHECKOUT_SETUP_FAILED_DEFAULT) }),
      },
    );
  };

  const couponRefusal = openCheckout.isError ? couponRefusalOf(apiErrorMessage(openCheckout.error, '')) : null;
  const appliedCoupon = couponCode.trim().toUpperCase() || null;
  let body = null;
  if (plan && state.step === 'details') {
    body = (
      <Form layout="vertical" requiredMark={false} onFinish={onContinue}>
        <Form.Item label="Location" htmlFor="subscribe-location" help={loadFailed ? 'Failed to load locations' : 'The towns you serve in this role'} validateStatus={loadFailed ? 'error' : undefined}>
          <Select
            id="subscribe-location"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose where to advertise"
            loading={locations.isPending || myRoles.isPending}
            options={options}
            value={state.locationId ?? undefined}
            disabled={openCheckout.isPending}
            onChange={(locationId: string) => dispatch({ type: 'choose-location', locationId })}
          />
        </Form.Item>
        <Form.Item label="Coupon code" htmlFor="subscribe-coupon" help={couponRefusal ?? 'Optional'} validateStatus={couponRefusal ? 'error' : undefined}>
          <Input
            id="subscribe-coupon"
            autoComplete="off"
            maxLength={50}
            value={couponCode}
            disabled={openCheckout.isPending}
            onChange={(e) => {
              setCouponCode(e.target.value);
              if (openCheckout.isError) openCheckout.reset();
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!canContinueToPayment(state)} loading={openCheckout.isPending}>
          Continue to Payment
        </Button>
      </Form>
    );
  } else if (plan && state.step === 'payment' && state.payment.kind === 'not-configured') {
    body = (
      <>
        <Alert type="info" showIcon title={PAYMENT_NOT_AVAILABLE_TITLE} description={paymentNotAvailableText(plan.name, city)} />
        <AskForAllocation role={role} adPlanId={plan.id} planName={plan.name} locationId={state.locationId} cityName={city} onBack={() => dispatch({ type: 'back' })} onClose={close} />
      </>
    );
  } else if (plan && state.step === 'payment' && state.payment.kind === 'card') {
    const { publishableKey, clientSecret, subscriptionId } = state.payment;
    const confirms = checkoutConfirms(clientSecret);
    body = (
      <>
        <p className="muted small">{checkoutChargeText(formatNZD(plan.monthlyPrice), city, confirms, appliedCoupon)}</p>
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 4 }} />}>
          <CheckoutPayment
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            returnUrl={checkoutReturnUrl(window.location.origin, subscriptionId)}
            confirms={confirms}
            payLabel={confirms === 'setup' ? 'Save Card and Start Free Period' : appliedCoupon ? 'Pay and Subscribe' : `Pay ${formatNZD(plan.monthlyPrice)} and Subscribe`}
            onBack={() => dispatch({ type: 'back' })}
          />
        </Suspense>
      </>
    );
  }

  return (
    <Modal open={plan !== null} title={plan ? `Subscribe to ${plan.name}` : 'Subscribe'} onCancel={close} footer={null} destroyOnHidden>
      {plan && (
        <div className="subscribe-dialog">
          <p className="ad-card-head">
            <TierBadge tier={plan.tier} />
            <strong>{plan.name}</strong>
            <span>{formatNZD(plan.monthlyPrice)} / month</span>
          </p>
          {body}
        </div>
      )}
    </Modal>
  );
}
