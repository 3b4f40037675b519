import { Card } from 'antd';
import { AdContentApprovals } from './AdContentApprovals';
import { AllocatePlanForm } from './AllocatePlanForm';
import { PlanList } from './PlanList';
import { PlanRequestList } from './PlanRequestList';
import { SubscriptionList } from './SubscriptionList';
import './advertising.css';

/**
 * Advertising Plan Management (partner/admin spec "/admin"): the plans, partners' requests for one, the allocate form, the
 * subscriptions with Pause / Activate / Expire, and the adverts awaiting approval.
 */
export function AdvertisingManagement() {
  return (
    <Card title={<h2 className="card-title">Advertising Plan Management</h2>} className="admin-section">
      <PlanList />
      <h3>Plan Requests</h3>
      <PlanRequestList />
      <h3>Allocate Plan</h3>
      <AllocatePlanForm />
      <h3>Subscriptions</h3>
      <SubscriptionList />
      <h3>Ad Content Awaiting Approval</h3>
      <AdContentApprovals />
    </Card>
  );
}
