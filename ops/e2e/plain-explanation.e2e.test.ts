/**
 * 'How we got here' in plain words (issue 11): after a valuation the results screen says what the
 * sales, the rateable value, condition and the market did and how sure we are, with the model's
 * formulas folded under 'Show the formulas' (shown on paper); the report at /valuations/{id}/report
 * says the same sentences, folds the same formulas, and shows the property's type and each sale's.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainExplanation, plainSentence, propertyTypeLabels, propertyTypeOf, type UserValuation, type ValuationResult } from '@kainga/contracts';
import { callApi, fillPropertyDetails, newPerson, registerThroughUi, startSuite, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

/** The report page's document (the server's report, in its frame). */
const reportDocument = (page: Page) => page.frameLocator('iframe.report-frame');

/** The sentences as the results screen and the report show them: "<lead>: <text>". */
const shownSentences = async (items: { allInnerTexts(): Promise<string[]> }) => (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

describe('How we got here, in plain words', () => {
  it('shows the plain sentences after a valuation, the formulas only on request (and on paper), and the report says the same with the property type', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Mere', 'Plain'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    await fillPropertyDetails(page, { address: '8 Plain Words Way', suburb: 'Karori', city: 'Wellington', floorArea: 140, landArea: 450, bedrooms: 3, bathrooms: 1, rateableValue: 850_000 });
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    await page.getByRole('radiogroup', { name: 'Kitchen', exact: true }).getByRole('radio', { name: '5 stars, Excellent' }).click();
    await page.getByRole('radiogroup', { name: 'Roofing', exact: true }).getByRole('radio', { name: '4 stars, Very Good' }).click();
    await page.getByRole('button', { name: 'Next: Market Research' }).click();
    await visible(page.getByRole('region', { name: 'Recent Comparable Sales' }).locator('.comparable-card').first());
    await page.getByRole('button', { name: 'Generate Valuation' }).click();
    await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));

    const valuation = (await callApi<UserValuation[]>(page, 'GET', '/api/valuations')).body.find((v) => v.property.address === '8 Plain Words Way')!;
    expect(valuation.estimatedValue).not.toBeNull();
    const expected = plainExplanation(valuation).map(plainSentence);
    expect(expected).toHaveLength(valuation.engine === 'openai' ? 6 : 5);

    // The plain sentences, under 'How we got here'.
    const section = page.getByRole('region', { name: 'How we got here' });
    await visible(section.getByTestId('plain-explanation'));
    expect(await shownSentences(section.locator('.plain-explanation li'))).toEqual(expected);
    expect(expected[0]).toMatch(/^What similar sales say: \d+ homes? like yours sold /);
    expect(expected[1]).toContain("What the council's rateable value says: the council valued your home at $850,000");
    expect(expected[2]).toMatch(/^Condition: your ratings \(average 4\.5 of 5\) (added|took off) \$[\d,]+\.$|^Condition: your ratings \(average 4\.5 of 5\) made no difference/);
    expect(expected.join(' ')).not.toMatch(/weighted|median|elasticit|coefficient/i);
    // The seeded sales are demo data, and the sentence says so.
    expect(expected[0]).toContain('made-up example');

    // The formulas: folded until asked for.
    const formulas = section.getByTestId('formula-lines');
    expect(await formulas.isVisible()).toBe(false);
    for (const line of valuation.explanation) expect(await section.getByText(line, { exact: true }).isVisible()).toBe(false);
    await section.getByRole('button', { name: 'Show the formulas' }).click();
    await visible(formulas);
    expect(await shownSentences(formulas.locator('li'))).toEqual(valuation.explanation.map((l) => l.replace(/\s+/g, ' ').trim()));
    await section.getByRole('button', { name: 'Hide the formulas' }).click();
    await formulas.waitFor({ state: 'hidden' });
    // On paper they are shown, folded or not.
    await page.emulateMedia({ media: 'print' });
    await visible(formulas);
    await page.emulateMedia({ media: 'screen' });
    await formulas.waitFor({ state: 'hidden' });

    // The report says the same, folds the same formulas, and shows the property's type.
    const [report] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Generate Full Report' }).click()]);
    await report.waitForURL(/\/valuations\/[^/]+\/report$/);
    expect(report.url()).toContain(`/valuations/${valuation.id}/report`);
    const doc = reportDocument(report);
    await visible(doc.getByRole('heading', { name: 'How we got here' }));
    expect(await shownSentences(doc.locator('ul.plain li'))).toEqual(expected);
    const reportFormulas = doc.locator('details.formulas ul');
    expect(await reportFormulas.isVisible()).toBe(false);
    await doc.getByText('Show the formulas', { exact: true }).click();
    await visible(reportFormulas);
    expect(await shownSentences(reportFormulas.locator('li'))).toEqual(valuation.explanation.map((l) => l.replace(/\s+/g, ' ').trim()));
    expect(await doc.locator('.formulas-print').isVisible()).toBe(false);
    await report.emulateMedia({ media: 'print' });
    await visible(doc.locator('.formulas-print'));
    expect(await shownSentences(doc.locator('.formulas-print li'))).toEqual(valuation.explanation.map((l) => l.replace(/\s+/g, ' ').trim()));
    await report.emulateMedia({ media: 'screen' });
    expect((await doc.locator('tr', { hasText: 'Property type' }).innerText()).replace(/\s+/g, ' ').trim()).toBe('Property type House');
    expect(await doc.locator('table.comparables td[data-label="Type"]').allInnerTexts()).toEqual(valuation.comparables.map((c) => propertyTypeLabels[propertyTypeOf(c)]));
    await report.close();
    await page.close();
  });

  it("shows a townhouse's type in its report, whose comparables still fit a 390 px phone", async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Rawiri', 'Townhouse'));
    // Registered on a desktop (its header shows the account menu the helper waits for), read on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const made = await callApi<ValuationResult>(page, 'POST', '/api/valuations', {
      purpose: 'buying',
      address: '2/15 Terrace Row',
      suburb: 'Kelburn',
      city: 'Wellington',
      propertyType: 'townhouse',
      floorArea: 110,
      landArea: 150,
      bedrooms: 2,
      bathrooms: 2,
      rateableValue: null,
      conditionScores: {},
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const valuation = made.body.valuation;
    expect(valuation.property.propertyType).toBe('townhouse');

    await page.goto(`/valuations/${valuation.id}/report`);
    const doc = reportDocument(page);
    await visible(doc.getByRole('heading', { name: 'How we got here' }));
    expect(await shownSentences(doc.locator('ul.plain li'))).toEqual(plainExplanation(valuation).map(plainSentence));
    expect(await shownSentences(doc.locator('ul.plain li'))).toContain("What the council's rateable value says: you didn't give a rateable value, so the estimate rests on the sales.");
    expect((await doc.locator('tr', { hasText: 'Property type' }).innerText()).replace(/\s+/g, ' ').trim()).toBe('Property type Townhouse');
    expect(valuation.comparables.length).toBeGreaterThan(0);
    await visible(doc.locator('table.comparables td[data-label="Type"]').first());
    expect(await doc.locator('table.comparables td[data-label="Type"]').count()).toBe(valuation.comparables.length);
    // Nothing scrolls sideways: the comparables are cards on a phone, the Type field one more line of each.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const fits = await doc.locator('html').evaluate((html) => ({
      fits: html.scrollWidth <= html.clientWidth,
      right: Math.max(...[...html.querySelectorAll('table.comparables')].map((t) => t.getBoundingClientRect().right)),
      width: html.clientWidth,
    }));
    expect(fits.fits).toBe(true);
    expect(fits.right).toBeLessThanOrEqual(fits.width);
    await page.close();
  });
});
