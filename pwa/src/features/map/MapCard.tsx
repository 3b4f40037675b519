import type { ReactNode } from 'react';

/**
 * A titled card of the map page, in plain markup and CSS (map.css), looking like the app's antd
 * cards: the map page is prerendered and hydrated on phones, and antd's Card and Skeleton would
 * add their scripts to its first load.
 */
export function MapCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `map-card ${className}` : 'map-card'}>
      <div className="map-card-head">
        <h2 className="card-title">{title}</h2>
      </div>
      <div className="map-card-body">{children}</div>
    </section>
  );
}

/** Placeholder lines while a panel loads. */
export function PanelLoading({ label, lines = 4 }: { label: string; lines?: number }) {
  return (
    <div aria-busy="true" aria-label={label} className="panel-loading">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="placeholder-bar" />
      ))}
    </div>
  );
}
