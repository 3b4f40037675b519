import { Skeleton, Tag } from 'antd';
import type { Location, MyRoleEntry } from '@kainga/contracts';
import { roleLabels } from '@kainga/contracts/browser';

/** The user's partner roles (GET /api/my-roles): role, location, business name and status. */
export function MyPartnerStatuses({ entries, locations, loading, failed }: {
  entries: readonly MyRoleEntry[] | undefined;
  locations: readonly Location[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (failed) return <p className="muted">Your partner roles could not be loaded.</p>;
  if (!entries || entries.length === 0) return <p className="muted">You do not hold a partner role yet.</p>;
  const cityOf = (id: string) => locations?.find((l) => l.id === id)?.cityName ?? id;
  return (
    <ul className="partner-statuses">
      {entries.map((e) => (
        <li key={e.id} className="card">
          <div>
            <strong>{roleLabels[e.roleId]}</strong> · {cityOf(e.locationId)}
            <p>{e.businessName}</p>
          </div>
          <Tag color={e.status === 'active' ? 'green' : 'default'}>{e.status === 'active' ? 'Active' : 'Inactive'}</Tag>
        </li>
      ))}
    </ul>
  );
}
