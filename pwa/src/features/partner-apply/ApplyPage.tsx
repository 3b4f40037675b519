import { Alert, Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useUser } from '../../auth/user';
import { usePageTitle } from '../../chrome/usePageTitle';
import { ApplyForm } from './ApplyForm';
import { SignInRequired } from '../../chrome/SignInRequired';
import { MyPartnerStatuses } from './MyPartnerStatuses';
import { partnerRoleRecords, useLocations, useMyRoles, useRoles } from './partner-queries';
import './partner-apply.css';

/**
 * /apply (partner/admin spec "/apply"): signed in only. The user's partner roles (GET
 * /api/my-roles), the three partner roles' descriptions (GET /api/roles), and Start Application,
 * which reveals the form (POST /api/partner-applications).
 */
export default function ApplyPage() {
  usePageTitle('Become a Partner');
  const { user, isLoading } = useUser();
  const roles = useRoles();
  const locations = useLocations();
  const myRoles = useMyRoles(user !== null);
  const [formOpen, setFormOpen] = useState(false);

  if (isLoading) {
    return (
      <section className="container page" aria-busy="true" aria-label="Loading">
        <Skeleton active title paragraph={{ rows: 6 }} />
      </section>
    );
  }
  if (!user) return <SignInRequired returnTo="/apply" what="apply to become a partner" />;

  const partnerRoles = roles.data ? partnerRoleRecords(roles.data) : [];
  return (
    <section className="container page apply-page" aria-labelledby="apply-title">
      <h1 id="apply-title">Become a Partner</h1>
      <p className="lead">Join Kāinga as a mortgage broker, registered valuer or property manager and receive leads from owners in your area.</p>

      <Card title={<h2 className="card-title">Your Partner Status</h2>} className="apply-section">
        <MyPartnerStatuses entries={myRoles.data} locations={locations.data} loading={myRoles.isPending} failed={myRoles.isError} />
      </Card>

      <section className="apply-section" aria-labelledby="roles-title">
        <h2 id="roles-title">Partner Roles</h2>
        {roles.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : roles.isError ? (
          <p className="muted">Failed to load roles</p>
        ) : (
          <ul className="feature-grid">
            {partnerRoles.map((r) => (
              <li key={r.id} className="card">
                <h3>{r.name}</h3>
                <p>{r.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="apply-section" aria-labelledby="application-title">
        <h2 id="application-title">Partner Application</h2>
        {!formOpen ? (
          <Button type="primary" size="large" onClick={() => setFormOpen(true)}>
            Start Application
          </Button>
        ) : roles.isPending || locations.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : roles.isError || locations.isError ? (
          <Alert type="error" showIcon title={roles.isError ? 'Failed to load roles' : 'Failed to load locations'} />
        ) : (
          <Card>
            <ApplyForm roles={roles.data} locations={locations.data} defaultEmail={user.email} onSubmitted={() => setFormOpen(false)} />
          </Card>
        )}
      </section>
    </section>
  );
}
