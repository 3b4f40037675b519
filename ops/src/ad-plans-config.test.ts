import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAdPlans } from './ad-plans-config';

describe('advertising plans configuration', () => {
  it('ships gold, silver and bronze with NZ prices, gold the largest and first', () => {
    const plans = loadAdPlans(undefined);
    expect(plans.map((p) => [p.tier, p.adWidth, p.adHeight, p.priority])).toEqual([
      ['gold', 300, 250, 3],
      ['silver', 728, 90, 2],
      ['bronze', 320, 100, 1],
    ]);
    expect(plans[0]!.allowedPlacements).toHaveLength(4);
    expect(plans.every((p) => p.isActive && p.monthlyPrice > 0)).toBe(true);
  });

  it('reads another file, and refuses a wrong one naming the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plans-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([{ tier: 'gold', name: 'Gold', monthlyPrice: 10, adWidth: 1, adHeight: 1, maxImpressions: 5, allowedPlacements: ['sidebar_valuation'] }]));
    expect(loadAdPlans(good).map((p) => [p.tier, p.monthlyPrice, p.pricePerLead])).toEqual([['gold', 10, 0]]);
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, JSON.stringify([...Array(2)].map(() => ({ tier: 'gold', name: 'Gold', monthlyPrice: 10, adWidth: 1, adHeight: 1, maxImpressions: 5, allowedPlacements: ['sidebar_valuation'] }))));
    expect(() => loadAdPlans(twice)).toThrow('must list each tier once');
    const negative = join(dir, 'negative.json');
    writeFileSync(negative, JSON.stringify([{ tier: 'gold', name: 'Gold', monthlyPrice: -1, adWidth: 1, adHeight: 1, maxImpressions: 5, allowedPlacements: ['sidebar_valuation'] }]));
    expect(() => loadAdPlans(negative)).toThrow('0.monthlyPrice: Monthly price cannot be negative');
    expect(() => loadAdPlans(join(dir, 'missing.json'))).toThrow('AD_PLANS_FILE: cannot read');
  });
});
