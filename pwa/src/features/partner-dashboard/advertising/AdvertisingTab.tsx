import { Alert } from 'antd';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { offlineActionMessage, useOnline } from '../../../offline';
import { AdContentList } from './AdContentList';
import { useAdSubscriptions } from './advertising-queries';
import { justPaidSubscriptionId } from './checkout-return';
import { PaymentConfirmation, useCheckoutReturn } from './PaymentConfirmation';
import { PerformanceBlock } from './PerformanceBlock';
import { PlansList } from './PlansList';
import { SubscriptionsList } from './SubscriptionsList';
import './advertising.css';

/**
 * The partner dashboard's Advertising tab, for the active partner role: performance, current
 * subscriptions, the partner's adverts and the available plans; after a card payment, its
 * confirmation (PaymentConfirmation). Loaded when the tab opens
 * (React.lazy in ContactInbox). Unlike the inbox it keeps no device copy: offline it says it
 * needs the network.
 */
export default function AdvertisingTab({ userId, role }: { userId: string; role: PartnerRoleName }) {
  const online = useOnline();
  if (!online) return <Alert type="warning" showIcon title="You are offline" description={offlineActionMessage('see and manage your advertising')} />;
  return <AdvertisingSections userId={userId} role={role} />;
}

function AdvertisingSections({ userId, role }: { userId: string; role: PartnerRoleName }) {
  // Back from Stripe's card payment: the subscriptions are asked again until it is confirmed.
  const checkout = useCheckoutReturn();
  const subscriptions = useAdSubscriptions(userId, role, checkout.refetchInterval);
  return (
    <div className="advertising-tab">
      <PaymentConfirmation checkout={checkout} subscriptions={subscriptions.data} />
      <PerformanceBlock userId={userId} role={role} />
      <SubscriptionsList subscriptions={subscriptions} justPaidId={justPaidSubscriptionId(checkout.returned)} />
      <AdContentList userId={userId} role={role} subscriptions={subscriptions.data} />
      <PlansList role={role} />
    </div>
  );
}
