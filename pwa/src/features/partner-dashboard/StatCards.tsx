import { Card, Skeleton } from 'antd';
import type { PartnerStats } from '@kainga/contracts';

/** The four stat cards (GET /api/partner/stats?role=): Total Contacts, New Messages, Responded, This Month. */
export function StatCards({ stats, loading }: { stats: PartnerStats | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div className="partner-stats" aria-busy="true" aria-label="Loading statistics">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (!stats) return null;
  const cards: [string, number][] = [
    ['Total Contacts', stats.totalContacts],
    ['New Messages', stats.newContacts],
    ['Responded', stats.respondedContacts],
    ['This Month', stats.thisMonthContacts],
  ];
  return (
    <div className="partner-stats">
      {cards.map(([label, value]) => (
        <Card key={label}>
          <p className="partner-stat-label">{label}</p>
          <p className="partner-stat-value">{value.toLocaleString('en-NZ')}</p>
        </Card>
      ))}
    </div>
  );
}
