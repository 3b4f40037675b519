/**
 * What becomes public, and the owner's say over it (issue 11): the wizard says before the submit
 * what the public will see and that it can be hidden later; an address that is not one is refused
 * with a hint; the owner hides the property from its page (a switch, a toast, kept after a reload)
 * and a signed-out visitor no longer finds it on the map or in the directory, until it is shown again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDirectoryPage, PublicPropertyLocation, UserValuation } from '@kainga/contracts';
import { callApi, chooseCity, newPerson, registerThroughUi, startSuite, toast, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

const ADDRESS = '27 Kelburn Parade';
const ADDRESS_HINT = 'Enter a street address, e.g. 12 Kelburn Parade.';
const SWITCH = 'Show on the public map and directory';

/** What a signed-out visitor's browser gets of the property from the map's and the directory's public reads. */
async function seenInPublic(visitor: Page, propertyId: string) {
  const location = await callApi<PublicPropertyLocation>(visitor, 'GET', `/api/public/property-locations/${propertyId}`);
  const city = await callApi<PublicPropertyLocation[]>(visitor, 'GET', '/api/public/property-locations?city=Wellington');
  const all = await callApi<PublicPropertyLocation[]>(visitor, 'GET', '/api/public/property-locations');
  const directory = await callApi<PropertyDirectoryPage>(visitor, 'GET', `/api/public/property-directory?search=${encodeURIComponent(ADDRESS)}`);
  return {
    location: location.status,
    onCityMap: city.body.some((p) => p.id === propertyId),
    onMap: all.body.some((p) => p.id === propertyId),
    inDirectory: directory.body.properties.some((p) => p.id === propertyId),
  };
}

/**
 * The directory screen searched for the address shows its card, or "No properties found" (a
 * saved answer from an earlier visit may show first; the fresh one settles it).
 */
async function expectDirectoryShows(visitor: Page, shown: boolean): Promise<void> {
  await visitor.goto('/properties');
  await visitor.getByLabel('Search properties').fill(ADDRESS);
  const card = visitor.locator('.directory-card').filter({ hasText: ADDRESS });
  if (shown) {
    await visible(card);
  } else {
    await visible(visitor.getByRole('heading', { name: 'No properties found' }));
    expect(await card.count()).toBe(0);
  }
}

describe('what becomes public, and hiding it', () => {
  it('says what will be public before the submit, refuses a bogus address, and lets the owner hide the property and show it again', async () => {
    const owner = await suite.newPage();
    await registerThroughUi(owner, newPerson('Hana', 'Parata'));
    await visible(owner.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    // Not an address: step 1 says what to enter and stays.
    await owner.getByLabel('Address').fill('asdf');
    await chooseCity(owner, 'Wellington');
    await owner.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(owner.getByText(ADDRESS_HINT, { exact: true }));
    expect(await owner.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }).count()).toBe(1);
    expect(await owner.getByLabel('Address').getAttribute('aria-invalid')).toBe('true');

    await owner.getByLabel('Address').fill(ADDRESS);
    await owner.getByLabel('Suburb').fill('Kelburn');
    await owner.getByLabel('Floor area').fill('140');
    await owner.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(owner.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    await owner.getByRole('button', { name: 'Next: Market Research' }).click();
    await visible(owner.getByRole('heading', { name: 'Step 3 of 3 - Market Research' }));

    // Before the submit: what the public will see, and that it can be hidden afterwards.
    const notice = await visible(owner.getByRole('note', { name: 'What will be public' }));
    const said = await notice.innerText();
    expect(said).toContain('public map and in the property directory');
    expect(said).toContain('its address, suburb and city, bedrooms, bathrooms, floor and land area, and the estimated value range');
    expect(said).toContain('Never the exact estimate, or who owns it.');
    expect(said).toMatch(/hide it from the public at any time afterwards, on its property page/);
    const generate = owner.getByRole('button', { name: 'Generate Valuation' });
    expect((await notice.boundingBox())!.y).toBeLessThan((await generate.boundingBox())!.y);

    await generate.click();
    await visible(owner.getByRole('heading', { name: 'Property Valuation Results' }));
    const mine = (await callApi<UserValuation[]>(owner, 'GET', '/api/valuations')).body;
    const propertyId = mine.find((v) => v.property.address === ADDRESS)!.property.id;

    // Public at once, for a signed-out visitor.
    const visitor = await suite.newPage();
    await visitor.goto('/');
    expect(await seenInPublic(visitor, propertyId)).toEqual({ location: 200, onCityMap: true, onMap: true, inDirectory: true });
    await expectDirectoryShows(visitor, true);

    // The owner hides it from the property page.
    await owner.goto(`/property/${propertyId}`);
    const toggle = await visible(owner.getByRole('switch', { name: SWITCH }));
    // The switch is disabled until the server has said whether the property is public.
    await owner.waitForFunction(() => (document.querySelector('[role="switch"]') as HTMLButtonElement | null)?.disabled === false);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const explained = await owner.locator('#public-visibility-what').innerText();
    expect(explained).toContain('its address, suburb and city, bedrooms, bathrooms, floor and land area, and the estimated value range of its latest valuation');
    await toggle.click();
    await visible(toast(owner, 'Hidden From Public'));
    await owner.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
    // Kept after a reload: the server has it.
    await owner.reload();
    const reloaded = await visible(owner.getByRole('switch', { name: SWITCH }));
    await owner.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
    expect(await owner.locator('#public-visibility-what').innerText()).toMatch(/^Hidden: this property is not on the public map/);
    // Still the owner's on its page.
    await visible(owner.getByRole('heading', { name: ADDRESS }));

    expect(await seenInPublic(visitor, propertyId)).toEqual({ location: 404, onCityMap: false, onMap: false, inDirectory: false });
    await expectDirectoryShows(visitor, false);
    await visitor.goto(`/property/${propertyId}`);
    await visible(visitor.getByRole('heading', { name: 'Property Not Found' }));

    // Shown again: back for the visitor.
    await reloaded.click();
    await visible(toast(owner, 'Shown Publicly'));
    await owner.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    expect(await seenInPublic(visitor, propertyId)).toEqual({ location: 200, onCityMap: true, onMap: true, inDirectory: true });
    await expectDirectoryShows(visitor, true);
    await owner.close();
    await visitor.close();
  });
});
