/**
 * The property directory (/properties, consumer spec §2 "Property Directory") against the demo
 * data: the prerendered page with its placeholders, pages from the server ('Load more'), text
 * search, city filter, the empty state and Clear Filters, and the cards' links to /property/{id}.
 * The search and filter run on the server (GET /api/public/property-directory; its matching rules
 * are tested in command-api); here the screen must show what the server answers, and a search
 * within one city must be the spec's case-insensitive substring.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryProperty, PropertyDirectoryPage } from '@kainga/contracts';
import { reportTrouble, startSuite, visible, type Suite, nzd } from './harness';

const DIRECTORY = '/api/public/property-directory';

let suite: Suite;
/** Every property, newest first, read page by page from the API. */
let properties: DirectoryProperty[];
let total: number;

const api = async (query: string) => (await (await fetch(`${suite.server.url}${DIRECTORY}?${query}`)).json()) as PropertyDirectoryPage;
const lower = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
  properties = [];
  for (let offset = 0; ; offset += 60) {
    const page = await api(`offset=${offset}&limit=60`);
    total = page.total;
    properties.push(...page.properties);
    if (page.properties.length < 60) break;
  }
  expect(properties).toHaveLength(total);
});
afterAll(async () => {
  await suite?.close();
});

describe('the property directory', () => {
  it('is prerendered with 6 placeholder cards, then shows the first page of properties', async () => {
    // Hold the answer until the placeholders have been seen (a context without the service worker, so the route sees the call).
    const context = await suite.browser.newContext({ baseURL: suite.server.url, locale: 'en-NZ', serviceWorkers: 'block' });
    reportTrouble(context);
    try {
      const page = await context.newPage();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const asked: string[] = [];
      await page.route(
        (url) => url.pathname.startsWith('/api/public/property'),
        async (route) => {
          asked.push(new URL(route.request().url()).pathname);
          await held;
          await route.continue();
        },
      );
      await page.goto('/properties');
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/properties');
      await visible(page.getByRole('heading', { name: 'Property Directory' }));
      const loading = page.getByRole('list', { name: 'Loading properties' });
      await visible(loading);
      expect(await loading.locator('.directory-card-placeholder').count()).toBe(6);
      release();
      await visible(page.getByText(`Showing ${total} of ${total} properties`));
      expect(await loading.count()).toBe(0);
      expect(await page.locator('.directory-card').count()).toBe(Math.min(24, total));
      // One page, never the whole list of locations.
      expect(asked).not.toContain('/api/public/property-locations');
    } finally {
      await context.close();
    }
  });

  it('loads more pages, searches by text and filters by city; the empty state clears both', async () => {
    const page = await suite.newPage();
    await page.goto('/properties');
    await visible(page.getByText(`Showing ${total} of ${total} properties`));
    const cards = page.locator('.directory-card');
    expect(await cards.count()).toBe(Math.min(24, total));
    await page.getByRole('button', { name: 'Load more' }).click(); // (scrolling near the end adds pages too)
    await page.waitForFunction(() => document.querySelectorAll('.directory-card').length > 24);

    // Text search (all cities): the server's answer, the property's card with its facts and value.
    const target = properties.find((p) => p.valueBand && properties.filter((o) => o.address === p.address).length === 1)!;
    const search = page.getByLabel('Search properties');
    await search.fill(target.address.toUpperCase());
    const byAddress = await api(`search=${encodeURIComponent(target.address.toUpperCase())}`);
    expect(byAddress.properties.map((p) => p.id)).toContain(target.id);
    await visible(page.getByText(`Showing ${byAddress.matching} of ${total} properties`));
    const card = cards.filter({ hasText: target.address }).first();
    const text = await (await visible(card)).innerText();
    expect(text).toContain(`${target.suburb}, ${target.city}`);
    expect(text).toContain('Estimated Value');
    expect(text).toContain(`${nzd(target.valueBand!.low)} – ${nzd(target.valueBand!.high)}`);
    if (target.bedrooms !== null) expect(text).toContain(`${target.bedrooms} ${target.bedrooms === 1 ? 'bedroom' : 'bedrooms'}`);

    // A city's name finds at least its properties.
    await search.fill(target.city.toLowerCase());
    const byCityName = await api(`search=${encodeURIComponent(target.city.toLowerCase())}`);
    expect(byCityName.matching).toBeGreaterThanOrEqual(properties.filter((p) => p.city === target.city).length);
    await visible(page.getByText(`Showing ${byCityName.matching} of ${total} properties`));
    await search.fill('');

    // City filter: 'All Cities' plus the distinct cities, sorted.
    const city = page.getByLabel('Filter by city');
    const distinct = [...new Set(properties.map((p) => p.city))].sort((a, b) => a.localeCompare(b, 'en-NZ'));
    expect(await city.locator('option').allInnerTexts()).toEqual(['All Cities', ...distinct]);
    await city.selectOption(target.city);
    const inCity = properties.filter((p) => p.city === target.city);
    await visible(page.getByText(`Showing ${inCity.length} of ${total} properties`));
    for (const t of await cards.allInnerTexts()) expect(t).toContain(target.city);

    // Within a city, the search is a case-insensitive substring of address, suburb or city.
    const street = target.address.split(' ').slice(1).join(' ').slice(1, 6).toUpperCase();
    const bySubstring = inCity.filter((p) => [p.address, p.suburb, p.city].some((f) => lower(f).includes(lower(street.trim()))));
    await search.fill(street);
    await visible(page.getByText(`Showing ${bySubstring.length} of ${total} properties`));
    expect((await cards.allInnerTexts()).length).toBe(Math.min(24, bySubstring.length));
    await visible(cards.filter({ hasText: target.address }).first());

    // A card without a valuation says so.
    const unvalued = properties.find((p) => !p.valueBand)!;
    await page.goto('/properties');
    await page.getByLabel('Search properties').fill(unvalued.address);
    const unvaluedCard = cards.filter({ hasText: unvalued.address }).first();
    expect(await (await visible(unvaluedCard)).innerText()).toContain('No valuation available');

    // Search and city that match nothing: the empty state, and Clear Filters resets both.
    const q = lower(unvalued.address);
    const otherCity = distinct.find((c) => c !== unvalued.city && !properties.some((p) => p.city === c && [p.address, p.suburb, p.city].some((f) => lower(f).includes(q))))!;
    await page.getByLabel('Filter by city').selectOption(otherCity);
    await visible(page.getByRole('heading', { name: 'No properties found' }));
    await visible(page.getByText('Try adjusting your search or filters'));
    await visible(page.getByText(`Showing 0 of ${total} properties`));
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await visible(page.getByText(`Showing ${total} of ${total} properties`));
    expect(await page.getByLabel('Search properties').inputValue()).toBe('');
    expect(await page.getByLabel('Filter by city').inputValue()).toBe('');
  });

  it("a card's View Details opens the property page", async () => {
    const page = await suite.newPage();
    const target = properties.find((p) => p.valueBand)!;
    await page.goto('/properties');
    await page.getByLabel('Search properties').fill(target.address);
    await page.locator('.directory-card').filter({ hasText: target.address }).first().getByRole('link', { name: /View Details/ }).click();
    await page.waitForURL((u) => u.pathname === `/property/${target.id}`);
    await visible(page.getByRole('heading', { name: 'Public Summary View' }));
  });
});
