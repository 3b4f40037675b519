/**
 * 'Update Assessment' (issue 11, journey item 2): on one's own property it opens the wizard filled
 * from the property's facts (its type too) and the ratings of the last assessment, all editable;
 * the new valuation uses what was changed. Someone else (or no one signed in) opening the same
 * /property/{id}/assessment gets nothing of that property.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserValuation } from '@kainga/contracts';
import { callApi, chooseCity, chooseOption, fillPropertyDetails, newPerson, registerThroughUi, startSuite, toast, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

const ADDRESS = '27 Kelburn Parade';
const RATINGS = { Kitchen: '5 stars, Excellent', Roofing: '4 stars, Very Good', Bathroom: '3 stars, Good' } as const;

const ratingGroup = (page: Page, label: string) => page.getByRole('radiogroup', { name: label, exact: true });
const currentLabel = (group: Locator) => group.locator('xpath=..').locator('.rating-current');
/** The form item holding a labelled control (an antd select shows its choice there). */
const formItem = (page: Page, label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
const checkedCount = (page: Page, group: string) => page.getByRole('radiogroup', { name: group, exact: true }).locator('input[type="radio"]:checked');

async function myValuations(page: Page): Promise<UserValuation[]> {
  const { status, body } = await callApi<UserValuation[]>(page, 'GET', '/api/valuations');
  expect(status).toBe(200);
  return body;
}

async function generate(page: Page) {
  await page.getByRole('button', { name: 'Next: Market Research' }).click();
  await visible(page.getByRole('heading', { name: 'Step 3 of 3 - Market Research' }));
  await page.getByRole('button', { name: 'Generate Valuation' }).click();
  await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
  await visible(toast(page, 'Valuation Complete'));
}

describe('Update Assessment starts from the owner’s property', () => {
  let propertyId = '';

  it('fills step 1 with the facts (the type too) and step 2 with the last ratings; the change made is used', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Mere', 'Tipene'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    // The first assessment: a townhouse, with some ratings.
    const typeItem = formItem(page, 'Property type');
    expect(await typeItem.innerText()).toContain('House');
    await chooseOption(page, page, 'Property type', 'Townhouse');
    expect(await typeItem.innerText()).toContain('joined to its neighbours');
    await fillPropertyDetails(page, { address: ADDRESS, suburb: 'Kelburn', city: 'Wellington', floorArea: 140, landArea: 180, bedrooms: 3, bathrooms: 2, rateableValue: 850_000 });
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    for (const [category, stars] of Object.entries(RATINGS)) await ratingGroup(page, category).getByRole('radio', { name: stars }).click();
    await generate(page);

    const [first] = await myValuations(page);
    expect(first!.property.propertyType).toBe('townhouse');
    expect(first!.conditionScores).toMatchObject({ kitchen: 5, roofing: 4, bathroom: 3 });
    propertyId = first!.property.id;

    // The property page names the type among the facts.
    await page.goto(`/property/${propertyId}`);
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Property Details' }) });
    await visible(card.getByRole('heading', { name: ADDRESS }));
    expect(await (await visible(card.locator('[data-fact="propertyType"]'))).innerText()).toBe('Townhouse');

    // Update Assessment: the wizard opens filled in, and says so.
    await card.getByRole('link', { name: 'Update Assessment' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const notice = await visible(page.getByText(`Filled in from your last assessment of ${ADDRESS} on `));
    expect(await notice.innerText()).toMatch(/on \d{1,2} \w{3} \d{4}; change anything that is different now\./);
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    expect(await page.getByLabel('Address').inputValue()).toBe(ADDRESS);
    expect(await page.getByLabel('Suburb').inputValue()).toBe('Kelburn');
    expect(await formItem(page, 'City').innerText()).toContain('Wellington');
    expect(await formItem(page, 'Property type').innerText()).toContain('Townhouse');
    expect(await page.getByLabel('Floor area').inputValue()).toBe('140');
    expect(await page.getByLabel('Land area').inputValue()).toBe('180');
    expect(await page.getByLabel('Rateable value (RV)').inputValue()).toBe('850000');
    expect(await page.getByRole('radiogroup', { name: 'Bedrooms' }).getByRole('radio', { name: '3', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radiogroup', { name: 'Bathrooms' }).getByRole('radio', { name: '2', exact: true }).isChecked()).toBe(true);

    // Everything can still be changed: the home was extended.
    await page.getByLabel('Floor area').fill('165');
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    for (const [category, stars] of Object.entries(RATINGS)) {
      expect(await ratingGroup(page, category).getByRole('radio', { name: stars }).getAttribute('aria-checked')).toBe('true');
    }
    expect(await currentLabel(ratingGroup(page, 'Kitchen')).innerText()).toBe('Excellent');
    expect(await currentLabel(ratingGroup(page, 'Roofing')).innerText()).toBe('Very Good');
    expect(await currentLabel(ratingGroup(page, 'Ensuite')).innerText()).toBe('N/A');
    await generate(page);
    await visible(page.getByText(`Complete valuation analysis for ${ADDRESS}, Kelburn, Wellington`));

    const mine = await myValuations(page);
    expect(mine).toHaveLength(2);
    const newest = mine.find((v) => v.id !== first!.id)!;
    expect(newest.property.id).toBe(propertyId);
    expect(newest.property).toMatchObject({ address: ADDRESS, suburb: 'Kelburn', city: 'Wellington', propertyType: 'townhouse', floorArea: 165, landArea: 180, bedrooms: 3, bathrooms: 2, rateableValue: 850_000 });
    expect(newest.conditionScores).toMatchObject({ kitchen: 5, roofing: 4, bathroom: 3 });
    expect(newest.purpose).toBe(first!.purpose);

    // Once used, the update is done: New Assessment opens an empty form.
    await page.getByRole('button', { name: 'New Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    expect(await page.getByLabel('Address').inputValue()).toBe('');
    expect(await formItem(page, 'Property type').innerText()).toContain('House');
    expect(await page.getByText('Filled in from your last assessment').count()).toBe(0);
    await page.close();
  });

  it("someone else opening the same /property/{id}/assessment gets none of that property's facts", async () => {
    expect(propertyId).not.toBe('');
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Hone', 'Parata'));
    await page.goto(`/property/${propertyId}/assessment`);
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.getByText("only its owner's own assessments can fill it in"));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    expect(await page.getByLabel('Address').inputValue()).toBe('');
    expect(await page.getByLabel('Suburb').inputValue()).toBe('');
    expect(await page.getByLabel('Floor area').inputValue()).toBe('');
    expect(await page.getByLabel('Land area').inputValue()).toBe('');
    expect(await page.getByLabel('Rateable value (RV)').inputValue()).toBe('');
    expect(await formItem(page, 'Property type').innerText()).toContain('House');
    expect(await checkedCount(page, 'Bedrooms').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toContain(ADDRESS);
    // An apartment may have no land: the land area says so.
    expect(await page.getByText('An apartment has no land of its own').count()).toBe(0);
    await chooseOption(page, page, 'Property type', 'Apartment');
    await visible(page.getByText('An apartment has no land of its own: leave this empty or enter 0.'));
    // Nor any of its ratings.
    await page.getByLabel('Address').fill('5 Other Street');
    await chooseCity(page, 'Auckland');
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    for (const category of Object.keys(RATINGS)) expect(await currentLabel(ratingGroup(page, category)).innerText()).toBe('N/A');
    await page.close();
  });

  it('signed out, the same address shows no form at all', async () => {
    const page = await suite.newPage();
    await page.goto(`/property/${propertyId}/assessment`);
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    expect(await page.getByLabel('Address').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toContain(ADDRESS);
    await page.close();
  });
});
