import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { isAdmin } from '@kainga/contracts/browser';
import { useUser } from '../../auth/user';
import { usePageTitle } from '../../chrome/usePageTitle';
import { useAdminStats } from './admin-queries';
import { AdPerformanceSection } from './ad-performance/AdPerformanceSection';
import { AdvertisingManagement } from './advertising/AdvertisingManagement';
import { CouponManagement } from './coupons/CouponManagement';
import { LeadChargeDisputes } from './disputes/LeadChargeDisputes';
import { AuditHistory } from './history/AuditHistory';
import { PartnerManagement } from './PartnerManagement';
import { PropertyOverview } from './PropertyOverview';
import { SentEmails } from './SentEmails';
import { UserManagement } from './UserManagement';
import './admin.css';

const activityLabels = { user: 'users', property: 'properties', valuation: 'valuations' } as const;

/** The four stat cards (GET /api/admin/stats); Recent Activity sums the last 7 days by type. */
function StatCards() {
  const stats = useAdminStats();
  if (stats.isPending) {
    return (
      <div className="admin-stats" aria-busy="true" aria-label="Loading statistics">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (!stats.data) return null;
  const { totalUsers, totalProperties, totalValuations, recentActivity } = stats.data;
  const recent = recentActivity.reduce((sum, a) => sum + a.count, 0);
  const card = (label: string, value: number, extra?: ReactNode) => (
    <Card key={label}>
      <p className="admin-stat-label">{label}</p>
      <p className="admin-stat-value">{value.toLocaleString('en-NZ')}</p>
      {extra}
    </Card>
  );
  return (
    <div className="admin-stats">
      {card('Total Users', totalUsers)}
      {card('Total Properties', totalProperties)}
      {card('Total Valuations', totalValuations)}
      {card(
        'Recent Activity',
        recent,
        <ul className="admin-activity" aria-label="Last 7 days by type">
          {recentActivity.map((a) => (
            <li key={a.type}>
              +{a.count} {activityLabels[a.type]}
            </li>
          ))}
        </ul>,
      )}
    </div>
  );
}

/**
 * /admin (partner/admin spec "Admin Dashboard"): admins only — the server checks every request
 * too. Stat cards, Partner Management, Advertising Plan Management, Coupon Codes, Lead Charge
 * Disputes, User Management, Property Overview and the sent emails.
 */
export default function AdminPage() {
  usePageTitle('Admin Dashboard');
  const { user, isLoading } = useUser();
  if (isLoading) {
    return (
      <section className="container page" aria-busy="true" aria-label="Loading the admin dashboard">
        <Skeleton active title paragraph={{ rows: 8 }} />
      </section>
    );
  }
  if (!isAdmin(user?.roles)) {
    return (
      <section className="container page narrow center" aria-labelledby="denied-title">
        <h1 id="denied-title">Access Denied</h1>
        <p className="lead">You need admin privileges to access this page.</p>
      </section>
    );
  }
  return (
    <section className="container page admin-page" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin Dashboard</h1>
      <StatCards />
      <AuditHistory />
      <PartnerManagement />
      <AdvertisingManagement />
      <AdPerformanceSection />
      <CouponManagement />
      <LeadChargeDisputes />
      <UserManagement />
      <PropertyOverview />
      <SentEmails />
    </section>
  );
}
