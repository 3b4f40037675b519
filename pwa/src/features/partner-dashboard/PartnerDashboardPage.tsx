import { lazy, Suspense } from 'react';
import { Alert, Skeleton, Tag } from 'antd';
import { roleLabels, type PartnerRoleName } from '@kainga/contracts/browser';
import { usePageTitle } from '../../chrome/usePageTitle';
import { formatDateNZ } from '../../format/format';
import { ContactInbox } from './ContactInbox';
import { EditProfileDialog } from './EditProfileDialog';
import { useDashboardIdentity } from './dashboard-identity';
import { usePartnerContacts, usePartnerStats } from './partner-queries';
import { StatCards } from './StatCards';
import './partner-dashboard.css';

const RoleSelect = lazy(() => import('../../chrome/RoleSelect'));

function Loading() {
  return (
    <section className="container page" aria-busy="true" aria-label="Loading the partner dashboard">
      <Skeleton active title paragraph={{ rows: 8 }} />
    </section>
  );
}

function Dashboard({ userId, role, offline }: { userId: string; role: PartnerRoleName; offline: boolean }) {
  const stats = usePartnerStats(userId, role);
  const contacts = usePartnerContacts(userId, role);
  const savedAt = contacts.data?.savedAt ?? stats.data?.savedAt ?? null;
  return (
    <section className="container page partner-dashboard" aria-labelledby="partner-dashboard-title">
      <header className="dashboard-head">
        <div>
          <h1 id="partner-dashboard-title">Partner Dashboard</h1>
          <Tag className="role-badge tag-partner">
            <span className="visually-hidden">Active role: </span>
            {roleLabels[role]}
          </Tag>
        </div>
        <EditProfileDialog role={role} disabled={offline} />
      </header>
      {savedAt && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title="You are offline"
          description={`Showing your messages as saved on this device on ${formatDateNZ(savedAt)}. Responses you write wait here and are sent once you are back online.`}
        />
      )}
      <StatCards stats={stats.data?.value} loading={stats.isPending} />
      <ContactInbox userId={userId} role={role} contacts={contacts} readOnly={offline} />
    </section>
  );
}

/**
 * /partner-dashboard (spec 001 §2): partners only; a partner holding several roles without an
 * active one chooses it first; then the dashboard of the active role. The partner's messages and
 * stats stay readable offline (saved per person on the device, wiped at sign-out), and responses
 * written offline are sent once the network returns (response-outbox.ts).
 */
export default function PartnerDashboardPage() {
  usePageTitle('Partner Dashboard');
  const identity = useDashboardIdentity();
  if (identity.kind === 'loading') return <Loading />;
  if (identity.kind === 'none') {
    return (
      <section className="container page narrow center" aria-labelledby="denied-title">
        <h1 id="denied-title">Partner Access Required</h1>
        <p className="lead">The partner dashboard is for approved mortgage brokers, registered valuers and property managers.</p>
      </section>
    );
  }
  const { userId, partnerRoles, activeRole, setActiveRole, offline } = identity;
  if (!activeRole) {
    return (
      <section className="container page narrow center" aria-labelledby="choose-role-title">
        <h1 id="choose-role-title">Select Your Active Role</h1>
        <p className="lead">You hold several partner roles. Choose the one to work as; the dashboard shows its messages and profile.</p>
        {setActiveRole && (
          <Suspense fallback={<span className="role-select-placeholder" aria-hidden="true" />}>
            <RoleSelect roles={partnerRoles} value={null} onChange={setActiveRole} />
          </Suspense>
        )}
      </section>
    );
  }
  return <Dashboard key={`${userId}:${activeRole}`} userId={userId} role={activeRole} offline={offline} />;
}
