/**
 * The property directory (/properties, consumer spec §2 "Property Directory") against the demo
 * data: placeholders while loading, text search, city filter, the empty state and Clear Filters,
 * progressive rendering and the cards' links to /property/{id}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPropertyLocation } from '@kainga/contracts';
import { startSuite, visible, type Suite, nzd } from './harness';


let suite: Suite;
let locations: PublicPropertyLocation[];
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
  locations = (await (await fetch(`${suite.server.url}/api/public/property-locations`)).json()) as PublicPropertyLocation[];
});
afterAll(async () => {
  await suite?.close();
});

describe('the property directory', () => {
  it('shows 6 placeholder cards while loading, then the properties', async () => {
    // Hold the answer until the placeholders have been seen (a context without the service worker, so the route sees the call).
    const context = await suite.browser.newContext({ baseURL: suite.server.url, locale: 'en-NZ', serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/public/property-locations', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/properties');
      await visible(page.getByRole('heading', { name: 'Property Directory' }));
      const loading = page.getByRole('list', { name: 'Loading properties' });
      await visible(loading);
      expect(await loading.locator('.ant-skeleton').count()).toBe(6);
      release();
      await visible(page.getByText(`Showing ${locations.length} of ${locations.length} properties`));
      expect(await loading.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('searches by text and filters by city; the empty state clears both', async () => {
    const page = await suite.newPage();
    await page.goto('/properties');
    const total = locations.length;
    await visible(page.getByText(`Showing ${total} of ${total} properties`));
    const cards = page.locator('.directory-card');
    expect(await cards.count()).toBe(Math.min(30, total)); // rendered a page at a time
    await page.getByRole('button', { name: 'Show more' }).click(); // (scrolling near the end adds pages too)
    await page.waitForFunction(() => document.querySelectorAll('.directory-card').length > 30);

    // Text search over address (case-insensitive substring).
    const target = locations.find((l) => l.hasValuation && l.valuationLow !== null && locations.filter((o) => o.address === l.address).length === 1)!;
    const search = page.getByLabel('Search properties');
    await search.fill(target.address.toUpperCase());
    await visible(page.getByText(`Showing 1 of ${total} properties`));
    const card = cards.first();
    const text = await card.innerText();
    expect(text).toContain(target.address);
    expect(text).toContain(`${target.suburb}, ${target.city}`);
    expect(text).toContain('Estimated Value');
    expect(text).toContain(`${nzd(target.valuationLow!)} – ${nzd(target.valuationHigh!)}`);
    if (target.bedrooms !== null) expect(text).toContain(`${target.bedrooms} ${target.bedrooms === 1 ? 'bedroom' : 'bedrooms'}`);

    // Suburb and city match too.
    await search.fill(target.city.toLowerCase());
    const byText = locations.filter((l) => [l.address, l.suburb, l.city].some((f) => f.toLowerCase().includes(target.city.toLowerCase()))).length;
    await visible(page.getByText(`Showing ${byText} of ${total} properties`));
    await search.fill('');

    // City filter: 'All Cities' plus the distinct cities.
    const city = page.getByRole('combobox', { name: 'Filter by city' });
    await city.click();
    await city.fill(target.city);
    await page.keyboard.press('Enter');
    const inCity = locations.filter((l) => l.city === target.city);
    await visible(page.getByText(`Showing ${inCity.length} of ${total} properties`));
    for (const t of await cards.allInnerTexts()) expect(t).toContain(target.city);

    // A card without a valuation says so.
    const unvalued = locations.find((l) => !l.hasValuation)!;
    await page.goto('/properties');
    await page.getByLabel('Search properties').fill(unvalued.address);
    const unvaluedCard = cards.filter({ hasText: unvalued.address }).first();
    expect(await (await visible(unvaluedCard)).innerText()).toContain('No valuation available');

    // Search and city that match nothing: the empty state, and Clear Filters resets both.
    const q = unvalued.address.toLowerCase();
    const otherCity = locations
      .map((l) => l.city)
      .find((c) => c !== unvalued.city && !locations.some((l) => l.city === c && [l.address, l.suburb, l.city].some((f) => f.toLowerCase().includes(q))))!;
    await city.click();
    await city.fill(otherCity);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: 'No properties found' }));
    await visible(page.getByText('Try adjusting your search or filters'));
    await visible(page.getByText(`Showing 0 of ${total} properties`));
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await visible(page.getByText(`Showing ${total} of ${total} properties`));
    expect(await page.getByLabel('Search properties').inputValue()).toBe('');
    expect(await page.locator('.directory-city').innerText()).toContain('All Cities');
  });

  it("a card's View Details opens the property page", async () => {
    const page = await suite.newPage();
    const target = locations.find((l) => l.hasValuation)!;
    await page.goto('/properties');
    await page.getByLabel('Search properties').fill(target.address);
    await page.locator('.directory-card').filter({ hasText: target.address }).first().getByRole('link', { name: /View Details/ }).click();
    await page.waitForURL((u) => u.pathname === `/property/${target.id}`);
    await visible(page.getByRole('heading', { name: 'Public Summary View' }));
  });
});
