import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { PAYMENT_ERROR_TITLE, PAYMENT_FAILED_DEFAULT, PAYMENT_FAILED_TITLE } from '@kainga/contracts/browser';
import { useToast } from '../../../chrome/ToastProvider';
import { useNetworkRequired } from '../../../offline';
import { stripeFor } from './stripe-loader';

export interface CheckoutPaymentProps {
  publishableKey: string;
  /** The first payment's client secret, or a free period's SetupIntent's (POST /api/stripe/create-checkout-session). */
  clientSecret: string;
  /** What the secret confirms (checkout.ts checkoutConfirms): a payment, or saving the card for later payments. */
  confirms: 'payment' | 'setup';
  /** Where Stripe.js sends the partner after a successful payment (checkout-return.ts). */
  returnUrl: string;
  /** The pay button's words, with the price. */
  payLabel: string;
  onBack: () => void;
}

const PAYMENT_EXCEPTION_TEXT = 'Something went wrong while confirming your payment. Nothing was charged; please try again.';
/** The card form in the app's colours (Stripe draws it in its own frame, styled through the Appearance API). */
const appearance: StripeElementsOptions['appearance'] = { theme: 'stripe', variables: { colorPrimary: '#0b5d4b', borderRadius: '6px' } };

function PaymentForm({ returnUrl, payLabel, onBack, confirms }: Pick<CheckoutPaymentProps, 'returnUrl' | 'payLabel' | 'onBack' | 'confirms'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const [paying, setPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ensureOnline('pay for the plan')) return;
    setPaying(true);
    try {
      const confirmParams = { return_url: returnUrl };
      const { error } = confirms === 'setup' ? await stripe.confirmSetup({ elements, confirmParams }) : await stripe.confirmPayment({ elements, confirmParams });
      // Only reached when it did not go through: a confirmed payment (or saved card) leaves for return_url.
      toast({ variant: 'error', title: PAYMENT_FAILED_TITLE, description: error.message || PAYMENT_FAILED_DEFAULT });
    } catch (error) {
      toast({ variant: 'error', title: PAYMENT_ERROR_TITLE, description: error instanceof Error && error.message ? error.message : PAYMENT_EXCEPTION_TEXT });
    }
    setPaying(false);
  };

  return (
    <form className="checkout-payment" aria-label="Card payment" onSubmit={(e) => void pay(e)}>
      <PaymentElement />
      <div className="subscribe-actions">
        <Button onClick={onBack} disabled={paying}>
          Back to Details
        </Button>
        <Button type="primary" htmlType="submit" loading={paying} disabled={!stripe || !elements}>
          {payLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The payment step with a card form: Stripe.js (loaded now, not before), Elements for the
 * checkout's client secret, the Payment Element, and `confirmPayment` with the return address
 * (`confirmSetup` for a free period's SetupIntent: nothing to pay now, the card is saved).
 * Loaded with React.lazy by SubscribeDialog, so @stripe/* never weighs on another screen.
 */
export default function CheckoutPayment({ publishableKey, clientSecret, confirms, returnUrl, payLabel, onBack }: CheckoutPaymentProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  // Elements takes its options once: one object per client secret.
  const options = useMemo<StripeElementsOptions>(() => ({ clientSecret, appearance }), [clientSecret]);

  if (failed) {
    return (
      <>
        <Alert type="error" showIcon title="The card form could not be loaded" description="Stripe’s payment form did not load. Check your connection, then go back and try again. Nothing was charged." />
        <div className="subscribe-actions">
          <Button onClick={onBack}>Back to Details</Button>
        </div>
      </>
    );
  }
  if (!stripe) {
    return (
      <div aria-busy="true" aria-label="Loading the card form">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  }
  return (
    <Elements key={clientSecret} stripe={stripe} options={options}>
      <PaymentForm returnUrl={returnUrl} payLabel={payLabel} onBack={onBack} confirms={confirms} />
    </Elements>
  );
}
