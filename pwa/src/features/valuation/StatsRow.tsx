import { useQuery } from '@tanstack/react-query';
import type { PublicStats } from '@kainga/contracts';
import { publicStatsQueryKey } from './valuation-api';

const items: { key: keyof PublicStats; label: string }[] = [
  { key: 'totalValuations', label: 'Valuations completed' },
  { key: 'totalProperties', label: 'Properties assessed' },
  { key: 'totalPartners', label: 'Professional partners' },
  { key: 'recentValuationsCount', label: 'Valuations in the last 30 days' },
];

/** The public stats row (GET /api/public/stats): totals, partners and the last 30 days. */
export function StatsRow() {
  const query = useQuery<PublicStats>({ queryKey: publicStatsQueryKey });
  if (query.isError) return null;
  return (
    <section className="stats-row" aria-label="Kāinga in numbers" aria-busy={query.isPending}>
      {items.map((item) => (
        <div key={item.key} className="stat card" data-stat={item.key}>
          <span className="stat-value">{query.data ? query.data[item.key].toLocaleString('en-NZ') : <span className="placeholder-bar stat-placeholder" aria-hidden="true" />}</span>
          <span className="stat-label">{item.label}</span>
        </div>
      ))}
    </section>
  );
}
