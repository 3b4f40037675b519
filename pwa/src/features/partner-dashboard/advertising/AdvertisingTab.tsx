import { Alert } from 'antd';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { offlineActionMessage, useOnline } from '../../../offline';
import { AdContentList } from './AdContentList';
import { useAdSubscriptions } from './advertising-queries';
import { PerformanceBlock } from './PerformanceBlock';
import { PlansList } from './PlansList';
import { SubscriptionsList } from './SubscriptionsList';
import './advertising.css';

/**
 * The partner dashboard's Advertising tab, for the active partner role: performance, current
 * subscriptions, the partner's adverts and the available plans. Loaded when the tab opens
 * (React.lazy in ContactInbox). Unlike the inbox it keeps no device copy: offline it says it
 * needs the network.
 */
export default function AdvertisingTab({ userId, role }: { userId: string; role: PartnerRoleName }) {
  const online = useOnline();
  if (!online) return <Alert type="warning" showIcon title="You are offline" description={offlineActionMessage('see and manage your advertising')} />;
  return <AdvertisingSections userId={userId} role={role} />;
}

function AdvertisingSections({ userId, role }: { userId: string; role: PartnerRoleName }) {
  const subscriptions = useAdSubscriptions(userId, role);
  return (
    <div className="advertising-tab">
      <PerformanceBlock userId={userId} role={role} />
      <SubscriptionsList subscriptions={subscriptions} />
      <AdContentList userId={userId} role={role} subscriptions={subscriptions.data} />
      <PlansList role={role} />
    </div>
  );
}
