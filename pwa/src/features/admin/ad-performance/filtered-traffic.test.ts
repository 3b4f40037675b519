import { adTrafficFilterReasons } from '@kainga/contracts/browser';
import { describe, expect, it } from 'vitest';
import { countOf, filteredReasonsShown, filteredTrafficUrl, filterReasonLabels } from './filtered-traffic';

describe('the filtered traffic table', () => {
  it('names every reason the server filters for', () => {
    expect(Object.keys(filterReasonLabels).sort()).toEqual([...adTrafficFilterReasons].sort());
  });

  it('shows the reasons with something filtered, most first', () => {
    const rows = [
      { reason: 'bot' as const, impressions: 3, clicks: 0 },
      { reason: 'not_served' as const, impressions: 900, clicks: 10 },
      { reason: 'expired' as const, impressions: 0, clicks: 0 },
      { reason: 'no_impression' as const, impressions: 0, clicks: 30 },
    ];
    expect(filteredReasonsShown(rows).map((r) => r.reason)).toEqual(['not_served', 'no_impression', 'bot']);
  });

  it('counts in words', () => {
    expect([countOf(1, 'click', 'clicks'), countOf(0, 'click', 'clicks'), countOf(2100, 'impression', 'impressions')]).toEqual(['1 click', '0 clicks', '2,100 impressions']);
  });

  it('asks for the Ad Performance range', () => {
    expect(filteredTrafficUrl({ from: '2026-11-01', to: '2026-11-30' })).toBe('/api/admin/ad-traffic-filtered?from=2026-11-01&to=2026-11-30');
  });
});
