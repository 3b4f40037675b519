import type { AdminAdPerformanceView } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { activeDayFlags, adPerformanceUrl, chartLines, defaultRange, hasFigures, NO_ADVERT_LABEL, rangeProblem } from './ad-performance';

const series = (key: string, impressions: number[], leads = [0, 0]) => ({ key, impressions, clicks: [0, 1], clickThroughRate: [0, 0.5], leads });
const view: AdminAdPerformanceView = {
  from: '2026-03-01',
  to: '2026-03-02',
  days: ['2026-03-01', '2026-03-02'],
  totals: { impressions: 5, clicks: 1, leads: 1, clickThroughRate: 0.2 },
  byTier: [series('gold', [3, 2]), series('silver', [0, 0]), series('bronze', [0, 0]), series('none', [0, 0], [0, 1])],
  byPlacement: [series('sidebar_valuation', [3, 2]), series('mortgage_calculator', [0, 0]), series('rental_assessment', [0, 0]), series('property_results', [0, 0])],
};

describe('admin Ad Performance', () => {
  it('asks for the last 30 NZ days unless chosen', () => {
    expect(defaultRange('2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(adPerformanceUrl({ from: '2026-03-01', to: '2026-03-30' })).toBe('/api/admin/ad-performance?from=2026-03-01&to=2026-03-30');
  });

  it('refuses a range the server would refuse, saying why', () => {
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-03-01' })).toBe('Choose both days.');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('The first day must not be after the last.');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-03-01' })).toBe('Choose at most 366 days.');
  });

  it('draws a labelled line per tier or placement, the leads without an advert only on the leads chart', () => {
    expect(chartLines(view, 'tier', 'impressions').map((l) => [l.label, l.values])).toEqual([
      ['Gold', [3, 2]],
      ['Silver', [0, 0]],
      ['Bronze', [0, 0]],
    ]);
    expect(chartLines(view, 'tier', 'leads').map((l) => l.label)).toEqual(['Gold', 'Silver', 'Bronze', NO_ADVERT_LABEL]);
    expect(chartLines(view, 'placement', 'clickThroughRate')[0]).toEqual({ label: 'Valuation sidebar', color: expect.any(String), values: [0, 0.5] });
    expect(hasFigures(view)).toBe(true);
  });

  it('has no click-through (not "0%") on a day a placement had a click but no counted impression', () => {
    // Mortgage calculator: a click on the second day whose impression was not counted (the server's rate reads 0).
    const clickedUnseen = { ...view, byPlacement: [{ key: 'mortgage_calculator', impressions: [4, 0], clicks: [1, 1], clickThroughRate: [0.25, 0], leads: [0, 0] }] };
    expect(chartLines(clickedUnseen, 'placement', 'clickThroughRate')[0]!.values).toEqual([0.25, null]);
    expect(chartLines(clickedUnseen, 'placement', 'clicks')[0]!.values).toEqual([1, 1]);
    // Its day is listed in every chart's table (the tiers count the same activity).
    expect(activeDayFlags({ ...view, byTier: [{ key: 'gold', impressions: [0, 0], clicks: [0, 1], clickThroughRate: [0, 0], leads: [0, 0] }] })).toEqual([false, true]);
    expect(hasFigures({ ...view, totals: { impressions: 0, clicks: 0, leads: 0, clickThroughRate: 0 } })).toBe(false);
  });
});
