import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserValuation } from '@kainga/contracts';
import { callApi, chooseCity, DEMO_PASSWORD, fillPropertyDetails, newPerson, registerThroughUi, savedIndicator, signInThroughUi, startSuite, toast, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

/** '$1,234,000' → 1234000; '+$12,000' → 12000; '-$8,000' → -8000. */
function amount(text: string): number {
  const match = /([+-−])?\$([\d,]+)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const n = Number(match[2]!.replace(/,/g, ''));
  return match[1] === '-' || match[1] === '−' ? -n : n;
}

/** The report page's document (the server's report, in its frame). */
const reportDocument = (page: Page) => page.frameLocator('iframe.report-frame');

/** The report's Value Breakdown: each row's amount by key, and the total. */
async function breakdownAmounts(page: Page): Promise<{ rows: Record<string, number>; total: number }> {
  const cells = await reportDocument(page)
    .locator('table.breakdown tr[data-row]')
    .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-row')!, tr.querySelector('[data-amount]')?.getAttribute('data-amount') ?? null] as const));
  // A row without an amount (no RV given) is shown as '—' and adds nothing.
  const rows = Object.fromEntries(cells.filter(([key, value]) => key !== 'total' && value !== null).map(([key, value]) => [key, Number(value)]));
  return { rows, total: Number(cells.find(([key]) => key === 'total')![1]) };
}

/** Holds every research answer until `release` is called; `requests` counts the requests made. */
async function holdResearch(page: Page): Promise<{ release: () => void; requests: () => number }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await page.route('**/api/research-comparables', async (route) => {
    requests += 1;
    await gate;
    await route.continue();
  });
  return { release: () => release(), requests: () => requests };
}

const ratingGroup = (page: Page, label: string) => page.getByRole('radiogroup', { name: label, exact: true });
const currentLabel = (group: Locator) => group.locator('xpath=..').locator('.rating-current');

describe('a signed-in person values a property', () => {
  it('fills the 3 steps, sees comparables, gets an explainable valuation, a report, auto-save and starts again', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Kiri', 'Walker'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    // Hold the research answer until the progress has been seen.
    const research = await holdResearch(page);

    await page.getByLabel('Address').fill('12 Karori Road');
    await page.getByLabel('Suburb').fill('Karori');
    await visible(page.getByRole('region', { name: 'Market Information' }).getByText('Auckland', { exact: true }));
    await chooseCity(page, 'Wellington');
    // The market panel follows the chosen city.
    await visible(page.getByRole('region', { name: 'Market Information' }).getByText('Wellington', { exact: true }));
    await page.getByLabel('Floor area').fill('150');
    await page.getByLabel('Land area').fill('500');
    await page.getByRole('radiogroup', { name: 'Bedrooms' }).getByText('3', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Bathrooms' }).getByText('2', { exact: true }).click();
    await page.getByLabel('Rateable value (RV)').fill('900000');

    // Every field is filled: research starts by itself.
    await visible(toast(page, 'Auto Research Started'));

    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    await visible(page.getByRole('heading', { name: 'Star Rating Scale Reference' }));
    expect(await page.getByRole('radiogroup').count()).toBe(34);
    for (const section of ['Core Areas', 'Interior Features', 'Building Systems', 'Exterior & Infrastructure', 'Modern Features', 'Location & Environment', 'Special Factors']) {
      await visible(page.getByRole('group', { name: section }));
    }

    // Stars by pointer: the current label follows.
    const kitchen = ratingGroup(page, 'Kitchen');
    expect(await currentLabel(kitchen).innerText()).toBe('N/A');
    await kitchen.getByRole('radio', { name: '5 stars, Excellent' }).click();
    expect(await currentLabel(kitchen).innerText()).toBe('Excellent');
    const roofing = ratingGroup(page, 'Roofing');
    await roofing.getByRole('radio', { name: '4 stars, Very Good' }).click();
    expect(await currentLabel(roofing).innerText()).toBe('Very Good');
    // And by keyboard: the N/A radio holds the focus; arrows move and choose.
    const bathroom = ratingGroup(page, 'Bathroom');
    await bathroom.getByRole('radio', { name: 'N/A' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await currentLabel(bathroom).innerText()).toBe('Good');
    expect(await bathroom.getByRole('radio', { name: '3 stars, Good' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await currentLabel(bathroom).innerText()).toBe('Fair');

    await page.getByRole('button', { name: 'Next: Market Research' }).click();
    await visible(page.getByRole('heading', { name: 'Step 3 of 3 - Market Research' }));
    await visible(page.getByText('Analyzing comparable sales...'));
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('85');

    research.release();
    const comparables = page.getByRole('region', { name: 'Recent Comparable Sales' });
    await visible(comparables.locator('.comparable-card').first());
    await visible(page.locator('.research-progress').getByText('Research Complete'));
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const cardCount = await comparables.locator('.comparable-card').count();
    expect(cardCount).toBeGreaterThan(0);
    expect(cardCount).toBeLessThanOrEqual(5);
    // Seeded sales are demo data, and each card says so.
    expect(await comparables.getByText('Demo data', { exact: true }).count()).toBe(cardCount);
    const firstCard = await comparables.locator('.comparable-card').first().innerText();
    expect(firstCard).toMatch(/\$[\d,]+/);
    expect(firstCard).toMatch(/\d+%/);
    expect(research.requests()).toBe(1); // it started once

    // While the valuation runs the button says so and cannot be pressed again (spec: disabled while
    // submitting): the POST is held until that is checked.
    let releaseValuation: () => void = () => undefined;
    const valuationGate = new Promise<void>((resolve) => (releaseValuation = resolve));
    let valuationPosts = 0;
    await page.route('**/api/valuations', async (route) => {
      if (route.request().method() === 'POST') {
        valuationPosts += 1;
        await valuationGate;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Generate Valuation' }).click();
    const busy = await visible(page.getByRole('button', { name: /Generating Valuation\.\.\./ }));
    expect(await busy.isDisabled()).toBe(true);
    // The native attribute, not only a look: assistive technology reads it, and a press does nothing.
    expect(await busy.evaluate((b) => (b as HTMLButtonElement).disabled && b.hasAttribute('disabled'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await busy.dispatchEvent('click');
    expect(valuationPosts).toBe(1);
    releaseValuation();
    await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
    await visible(page.getByText('Complete valuation analysis for 12 Karori Road, Karori, Wellington'));
    await visible(toast(page, 'Valuation Complete'));
    expect(valuationPosts).toBe(1);

    // The figures add up: RV + sales difference + condition + market = total = estimated.
    const estimated = amount(await page.getByTestId('estimated-value').innerText());
    expect(estimated).toBeGreaterThan(0);
    const row = (key: string) => page.locator(`.breakdown [data-row="${key}"] dd`);
    expect(await page.locator('.breakdown [data-row="base"] dt').innerText()).toBe('Base Rateable Value');
    expect(amount(await row('base').innerText())).toBe(900_000);
    const rows = page.locator('.breakdown .breakdown-row:not(.total) dd');
    let sum = 0;
    for (const text of await rows.allInnerTexts()) sum += amount(text);
    const total = amount(await row('total').innerText());
    expect(total).toBe(estimated);
    expect(sum).toBe(total);
    // Signs and colours of the adjustments.
    for (const key of ['condition', 'market']) {
      const text = await row(key).innerText();
      const cls = (await row(key).getAttribute('class')) ?? '';
      if (amount(text) >= 0) {
        expect(text.startsWith('+')).toBe(true);
        expect(cls).toContain('positive');
      } else {
        expect(text.startsWith('-')).toBe(true);
        expect(cls).toContain('negative');
      }
    }
    const conservative = amount(await page.locator('.value-range [data-row="conservative"] dd').innerText());
    const optimistic = amount(await page.locator('.value-range [data-row="optimistic"] dd').innerText());
    expect(conservative).toBeLessThanOrEqual(estimated);
    expect(optimistic).toBeGreaterThanOrEqual(estimated);
    expect(await page.locator('.confidence-text').innerText()).toMatch(/^High \(\d+%\)$/);
    await visible(page.getByRole('heading', { name: 'How we got here' }));
    expect(await page.locator('.explanation li').count()).toBeGreaterThan(0);

    // Auto-save, 2 s after the result appears.
    await visible(toast(page, 'Auto-saved'));
    await visible(savedIndicator(page));
    expect(await page.getByRole('button', { name: 'Save Valuation' }).isDisabled()).toBe(true);

    // The calculators and the quick actions.
    await visible(page.getByRole('region', { name: 'Mortgage Calculator' }));
    expect(await page.getByRole('region', { name: 'Rental Yield Calculator' }).count()).toBe(0);
    await page.getByText('I plan to rent out this property').click();
    await visible(page.getByRole('region', { name: 'Rental Yield Calculator' }));
    expect(await page.getByRole('button', { name: 'Share Report' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Rental Yield Calculator' }).click();
    await visible(page.getByRole('dialog', { name: 'Rental Yield Calculator' }));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The full report opens in a new tab, at its own address (not about:blank).
    const resultRows: Record<string, number> = {};
    for (const key of ['base', 'sales', 'condition', 'market']) {
      if ((await row(key).count()) > 0) resultRows[key] = amount(await row(key).innerText());
    }
    const [report] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Generate Full Report' }).click()]);
    await report.waitForURL(/\/valuations\/[^/]+\/report$/);
    const reportUrl = report.url();
    await visible(reportDocument(report).getByRole('heading', { name: '12 Karori Road' }));
    expect(await report.title()).toContain('12 Karori Road');
    expect(await reportDocument(report).locator('body').innerText()).toContain('Karori');
    await visible(toast(page, 'Report Generated'));
    // Its breakdown is the results screen's, and adds up to the same total.
    const reportRows = await breakdownAmounts(report);
    expect(reportRows.rows).toEqual(resultRows);
    expect(reportRows.total).toBe(estimated);
    expect(Object.values(reportRows.rows).reduce((a, b) => a + b, 0)).toBe(reportRows.total);
    // Reloaded (or opened from a bookmark), the same report.
    await report.reload();
    await visible(reportDocument(report).getByRole('heading', { name: '12 Karori Road' }));
    expect(report.url()).toBe(reportUrl);
    expect(await breakdownAmounts(report)).toEqual(reportRows);
    await report.close();

    // New Assessment: back to an empty step 1, and the valuation is in the recent list.
    await page.getByRole('button', { name: 'New Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    expect(await page.getByLabel('Address').inputValue()).toBe('');
    const recent = page.getByRole('region', { name: 'Recent Valuations', exact: true });
    await visible(recent.getByRole('button', { name: 'View results for 12 Karori Road' }));
    await recent.getByRole('button', { name: 'View results for 12 Karori Road' }).click();
    await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
    expect(amount(await page.getByTestId('estimated-value').innerText())).toBe(estimated);
    await visible(savedIndicator(page));
    await page.close();
  });

  it('a research answer that comes after the valuation says nothing over "Valuation Complete"', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Rangi', 'Hohaia'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    // The research that starts by itself answers only after the valuation (a slow first research of the day).
    const research = await holdResearch(page);
    await fillPropertyDetails(page, { address: '8 Aro Street', suburb: 'Aro Valley', city: 'Wellington', floorArea: 120, landArea: 300, bedrooms: 3, bathrooms: 1, rateableValue: 750_000 });
    await visible(toast(page, 'Auto Research Started'));
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await page.getByRole('button', { name: 'Next: Market Research' }).click();
    await visible(page.getByText('Analyzing comparable sales...'));
    await page.getByRole('button', { name: 'Generate Valuation' }).click();
    await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
    await visible(toast(page, 'Valuation Complete'));

    const answered = page.waitForResponse('**/api/research-comparables');
    research.release();
    await answered;
    // Time for the late answer to reach the screen: the valuation's toast stays, alone.
    await page.waitForTimeout(500);
    expect(await toast(page, 'Research Complete').count()).toBe(0);
    await visible(toast(page, 'Valuation Complete'));
    await page.close();
  });

  it("refuses to leave step 1 without a city ('City is required') or an address", async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Tui', 'Brown'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    await page.getByLabel('Address').fill('3 Queen Street');
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByText('City is required'));
    expect(await page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }).count()).toBe(1);

    await page.getByLabel('Address').fill('');
    await chooseCity(page, 'Auckland');
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByText('Address is required'));
    // The city's message leaves with antd's fade-out: gone, not merely fading.
    await page.getByText('City is required').waitFor({ state: 'detached' });

    // Nothing filled but address and city: no auto research; step 3 says so.
    await page.getByLabel('Address').fill('3 Queen Street');
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await page.getByRole('button', { name: 'Next: Market Research' }).click();
    await visible(page.getByRole('heading', { name: 'No Comparables Yet' }));
    // ... and what it waits for, with the address and city in.
    await visible(page.getByText('It starts by itself once you fill in the floor area, land area, bedrooms, bathrooms and rateable value too, or look now with Research Comparable Sales.'));
    await page.getByRole('button', { name: 'Previous' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    await page.getByRole('button', { name: 'Previous' }).click();
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    expect(await page.getByLabel('Address').inputValue()).toBe('3 Queen Street');
    await page.close();
  });
});

describe('the valuation report page', () => {
  it("fits a 390 px phone, is its owner's only (Owner Access Required for anyone else) and asks a visitor to sign in", async () => {
    const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
    const owner = await suite.newPage(phone);
    await owner.goto('/sign-in');
    await signInThroughUi(owner, 'owner@demo.kainga.nz', DEMO_PASSWORD);
    // A phone's header has the menu sheet, not the account dropdown: the screen leaving says it worked.
    await owner.waitForURL((u) => u.pathname !== '/sign-in');
    const mine = (await callApi<UserValuation[]>(owner, 'GET', '/api/valuations')).body;
    const valuation = mine.find((v) => v.estimatedValue !== null && v.comparables.length > 0)!;
    const path = `/valuations/${valuation.id}/report`;

    await owner.goto(path);
    const doc = reportDocument(owner);
    await visible(doc.getByRole('heading', { name: valuation.property!.address }));
    await visible(doc.getByRole('heading', { name: 'Comparable sales' }));
    expect(await doc.locator('table.comparables td[data-label="Price"]').count()).toBe(valuation.comparables.length);
    // Nothing scrolls sideways: neither the page nor the report in it.
    const pageFits = await owner.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(pageFits).toBe(true);
    const reportFits = await doc.locator('html').evaluate((html) => ({
      fits: html.scrollWidth <= html.clientWidth,
      comparablesRight: Math.max(...[...html.querySelectorAll('table.comparables')].map((t) => t.getBoundingClientRect().right)),
      width: html.clientWidth,
    }));
    expect(reportFits.fits).toBe(true);
    expect(reportFits.comparablesRight).toBeLessThanOrEqual(reportFits.width);
    const rows = await breakdownAmounts(owner);
    expect(rows.total).toBe(valuation.estimatedValue);
    expect(Object.values(rows.rows).reduce((a, b) => a + b, 0)).toBe(rows.total);

    // Someone else, signed in: the owner-access message, not the report.
    const other = await suite.newPage();
    await registerThroughUi(other, newPerson('Hemi', 'Neighbour'));
    await other.goto(path);
    await visible(other.getByRole('heading', { name: 'Owner Access Required' }));
    await visible(other.getByText('You can only view detailed information for properties you own'));
    expect(await other.locator('iframe.report-frame').count()).toBe(0);

    // Signed out: sign in, and come back here.
    const visitor = await suite.newPage(phone);
    await visitor.goto(path);
    await visible(visitor.getByRole('heading', { name: 'Authentication Required' }));
    expect(await visitor.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toContain(encodeURIComponent(path));
  });
});

