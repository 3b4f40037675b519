import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { PartnerAdSubscriptionView } from '@kainga/contracts';
import { PAYMENT_FAILED_TITLE, SUBSCRIPTION_ACTIVATED_DESCRIPTION, SUBSCRIPTION_ACTIVATED_TITLE } from '@kainga/contracts/browser';
import { useToast } from '../../../chrome/ToastProvider';
import { CONFIRM_POLL_LIMIT_MS, checkoutOutcome, confirmationIsSlow, confirmationPollInterval, readCheckoutReturn, withoutCheckoutReturn, type CheckoutReturn } from './checkout-return';

export interface CheckoutReturnState {
  returned: CheckoutReturn | null;
  /** For the subscriptions query while the returned payment is being confirmed; undefined otherwise. */
  refetchInterval: ((data: PartnerAdSubscriptionView[] | undefined) => number | false) | undefined;
  /** When the dashboard first saw the return (the polling limit counts from here). */
  startedAt: number;
  /** Drops the subscription id and Stripe's parameters from the address (history replaced). */
  finish: () => void;
}

/** The return from Stripe in the address (`?subscription_id=…`), and how the subscriptions query polls for it. */
export function useCheckoutReturn(): CheckoutReturnState {
  const [params, setParams] = useSearchParams();
  const returned = useMemo(() => readCheckoutReturn(params), [params]);
  const [startedAt] = useState(Date.now);
  const refetchInterval = useMemo(
    () => (returned ? (data: PartnerAdSubscriptionView[] | undefined) => confirmationPollInterval(checkoutOutcome(returned, data), Date.now() - startedAt) : undefined),
    [returned, startedAt],
  );
  const finish = useCallback(() => setParams((current) => withoutCheckoutReturn(current), { replace: true }), [setParams]);
  return { returned, refetchInterval, startedAt, finish };
}

/**
 * What the Advertising tab says after the card payment: 'Confirming your payment…' while the
 * server still has the subscription awaiting payment (it asks every 2 s), then the spec's
 * 'Subscription Activated! Your advertising plan is now active.' — only once Stripe's webhook
 * has made it active — or 'Payment Failed' with Stripe's words. Either way the address loses the
 * subscription id, so a reload says nothing twice.
 */
export function PaymentConfirmation({ checkout, subscriptions }: { checkout: CheckoutReturnState; subscriptions: PartnerAdSubscriptionView[] | undefined }) {
  const { returned, startedAt, finish } = checkout;
  const { toast } = useToast();
  const outcome = returned ? checkoutOutcome(returned, subscriptions) : null;
  const kind = outcome?.kind ?? null;
  const failure = outcome?.kind === 'failed' ? outcome.message : null;
  // One toast per return, even if a render repeats before the address changes.
  const told = useRef<string | null>(null);
  const [slow, setSlow] = useState(() => confirmationIsSlow(Date.now() - startedAt));

  useEffect(() => {
    if (!returned || told.current === returned.subscriptionId) return;
    if (kind === 'activated') {
      told.current = returned.subscriptionId;
      toast({ variant: 'success', title: SUBSCRIPTION_ACTIVATED_TITLE, description: SUBSCRIPTION_ACTIVATED_DESCRIPTION });
      finish();
    } else if (kind === 'failed') {
      told.current = returned.subscriptionId;
      toast({ variant: 'error', title: PAYMENT_FAILED_TITLE, description: failure });
      finish();
    } else if (kind === 'gone') {
      finish();
    }
  }, [returned, kind, failure, toast, finish]);

  // Polling stops at the limit; the words change then, without a fetch to re-render them.
  useEffect(() => {
    if (kind !== 'confirming' || slow) return;
    const timer = setTimeout(() => setSlow(true), Math.max(0, CONFIRM_POLL_LIMIT_MS - (Date.now() - startedAt)));
    return () => clearTimeout(timer);
  }, [kind, slow, startedAt]);

  if (kind !== 'confirming' && kind !== 'loading') return null;
  return (
    <Alert
      className="checkout-confirming"
      type="info"
      role="status"
      showIcon
      icon={slow ? undefined : <Spin size="small" />}
      title="Confirming your payment…"
      description={
        slow
          ? 'Stripe has not confirmed your payment yet. Your subscription shows as Active below once it does: reload this page to check again.'
          : 'Stripe is confirming your payment with your bank. This usually takes a few seconds; this page updates by itself.'
      }
    />
  );
}
