/** The one label of generated demo data: every demo sale, property and valuation shows it. */
export function DemoBadge() {
  return <span className="demo-badge">Demo data</span>;
}
