/**
 * The property page (/property/{id}, consumer spec §2 "Property detail") against the demo data:
 * signed out (public summary), as the owner (every figure, Update Assessment), as a neighbour
 * (Owner Access Required and the public summary), and the not-found states.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PublicPropertyLocation, UserValuation } from '@kainga/contracts';
import { signInThroughUi, startSuite, userMenuButton, visible, type Suite, DEMO_PASSWORD, nzd } from './harness';


let suite: Suite;
let locations: PublicPropertyLocation[];
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
  locations = (await (await fetch(`${suite.server.url}/api/public/property-locations`)).json()) as PublicPropertyLocation[];
});
afterAll(async () => {
  await suite?.close();
});

async function signInAsOwner(page: Page): Promise<UserValuation[]> {
  await page.goto('/sign-in');
  await signInThroughUi(page, 'owner@demo.kainga.nz', DEMO_PASSWORD);
  await visible(userMenuButton(page));
  return (await page.evaluate(async () => (await fetch('/api/valuations', { credentials: 'include' })).json())) as UserValuation[];
}

describe('the property page', () => {
  it('without an id: Property Not Found / Invalid property ID provided, with a back button', async () => {
    const page = await suite.newPage();
    await page.goto('/how-it-works');
    await page.goto('/property');
    await visible(page.getByRole('heading', { name: 'Property Not Found' }));
    await visible(page.getByText('Invalid property ID provided.'));
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((u) => u.pathname === '/how-it-works');
  });

  it('signed out: the public summary view; its View Full Details goes to sign-in', async () => {
    const page = await suite.newPage();
    const valued = locations.find((l) => l.hasValuation && l.valuationLow !== null)!;
    await page.goto(`/property/${valued.id}`);
    await visible(page.getByRole('heading', { name: 'Public Summary View' }));
    await visible(page.getByText('Sign in to access detailed property information'));
    const card = page.getByRole('article', { name: 'Public property summary' });
    const text = await (await visible(card)).innerText();
    expect(text).toContain(`${valued.suburb}, ${valued.city}`);
    expect(text).toContain(`${nzd(valued.valuationLow!)} – ${nzd(valued.valuationHigh!)}`);
    expect(text).toMatch(/(Low|Fair|Good|High|Very High) confidence/);
    expect(text).toContain('Sign in and rate this property to see exact values and detailed analysis');
    expect(text).not.toContain(valued.address); // the public summary never names the address
    const viewDetails = card.getByRole('link', { name: 'View Full Details' });
    expect(await viewDetails.getAttribute('href')).toMatch(/^\/api\/login/);
    await viewDetails.click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
  });

  it('an unknown property: Property Not Found with Back to Map (signed out and signed in)', async () => {
    const page = await suite.newPage();
    await page.goto('/property/no-such-property');
    await visible(page.getByRole('heading', { name: 'Property Not Found' }));
    await visible(page.getByText("The property you're looking for could not be found."));
    await page.getByRole('link', { name: 'Back to Map' }).click();
    await page.waitForURL((u) => u.pathname === '/map');

    await signInAsOwner(page);
    await page.goto('/property/no-such-property');
    await visible(page.getByText("The property you're looking for could not be found."));
  });

  it("the owner sees every figure of their property's valuation and can update the assessment", async () => {
    const page = await suite.newPage();
    const mine = await signInAsOwner(page);
    const valuation = mine.find((v) => v.property && v.estimatedValue !== null)!;
    const property = valuation.property!;
    await page.goto(`/property/${property.id}`);
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Property Details' }) });
    await visible(card.getByText('Your Property', { exact: true }));
    await visible(card.getByRole('heading', { name: property.address }));
    await visible(card.getByRole('heading', { name: 'AI Valuation Assessment' }));
    const text = await card.innerText();
    expect(text).toContain(`${property.suburb}, ${property.city}`);
    expect(text).toContain(`Estimated Value\n${nzd(valuation.estimatedValue!)}`);
    expect(text).toContain(`Conservative\n${nzd(valuation.conservativeValue!)}`);
    expect(text).toContain(`Optimistic\n${nzd(valuation.optimisticValue!)}`);
    expect(text).toContain(`Confidence\n${Math.round(valuation.confidence!)}%`);
    expect(text).toMatch(/Assessed on \d{1,2} \w{3} \d{4}/);
    if (property.bedrooms !== null) expect(text).toContain(`${property.bedrooms} bed`);

    await card.getByRole('link', { name: 'Update Assessment' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.locator('.ant-notification-notice').filter({ hasText: 'Start a New Assessment' }));

    await page.goto(`/property/${property.id}`);
    await page.getByRole('link', { name: 'View on Map' }).click();
    await page.waitForURL((u) => u.pathname === '/map');
  });

  it("a neighbour's property: Owner Access Required and the public summary", async () => {
    const page = await suite.newPage();
    const mine = await signInAsOwner(page);
    const owned = new Set(mine.map((v) => v.property?.id));
    const theirs = locations.find((l) => !owned.has(l.id) && l.hasValuation)!;
    await page.goto(`/property/${theirs.id}`);
    await visible(page.getByRole('heading', { name: 'Owner Access Required' }));
    await visible(page.getByText('You can only view detailed information for properties you own'));
    const card = page.getByRole('article', { name: 'Public property summary' });
    expect(await (await visible(card)).innerText()).toContain(`${nzd(theirs.valuationLow!)} – ${nzd(theirs.valuationHigh!)}`);
    expect(await page.getByRole('main').innerText()).not.toContain('Your Property');
    expect(await page.getByRole('main').innerText()).not.toContain('AI Valuation Assessment');
    await card.getByRole('button', { name: 'View Full Details' }).click();
    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Rate This Property' });
    expect(await (await visible(toast)).innerText()).toContain('Create an assessment to see full details');
  });
});
