/**
 * The mortgage and rental yield calculators (consumer spec §2 "Calculator modal", §5, §9) on the
 * results screen of a valuation: the demo owner opens one of their valuations, and the numbers
 * on screen are checked against worked examples computed by hand (see
 * contracts/src/calculators/*.test.ts for the arithmetic).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoOwnersResults, settledSelectList, startSuite, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

/** Types a number into a labelled calculator input, then leaves it (Tab), as a person would. */
async function typeInto(scope: Locator | Page, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

/** Picks an option of a labelled select (once its list has settled). */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await settledSelectList(page).getByTitle(option, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** The value shown beside a term of a result list (dt → dd). */
const figure = (scope: Locator, term: string) => scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

describe('the calculators on the results screen', () => {
  it('mortgage: $800,000, 20 % deposit, 6.5 % over 30 years — payments, totals and the LVR warning', async () => {
    const page = await openDemoOwnersResults(suite);
    const mortgage = section(page, 'Mortgage Calculator');
    await visible(mortgage);

    // Defaults: 20 % deposit, 4.5 % a year, 30 years, monthly; the value is the estimate.
    const valueText = await mortgage.getByLabel('Property value', { exact: true }).inputValue();
    expect(valueText).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(await mortgage.getByLabel('Interest rate (% per year)', { exact: true }).inputValue()).toBe('4.5');
    // The default deposit amount is 20 % of the estimate.
    const estimate = Number(valueText.replace(/,/g, ''));
    expect(await mortgage.getByLabel('Deposit amount', { exact: true }).inputValue()).toBe(Math.round(estimate * 0.2).toLocaleString('en-NZ'));

    await typeInto(mortgage, 'Property value', '800000');
    await typeInto(mortgage, 'Interest rate (% per year)', '6.5');
    // loan 640,000; M = 640,000 × r(1+r)^360 / ((1+r)^360 − 1), r = 0.065/12 → $4,045.24
    await expect.poll(() => mortgage.getByTestId('mortgage-payment').innerText()).toBe('$4,045');
    expect(await mortgage.getByText('Monthly payment', { exact: true }).count()).toBe(1);
    expect(await figure(mortgage, 'Loan amount').innerText()).toBe('$640,000');
    expect(await figure(mortgage, 'Deposit').innerText()).toBe('$160,000 (20%)');
    // total paid = 4,045.2354 × 360 = 1,456,284.73; interest = 816,284.73
    expect(await figure(mortgage, 'Total paid').innerText()).toBe('$1,456,285');
    expect(await figure(mortgage, 'Total interest').innerText()).toBe('$816,285');
    // LVR exactly 80 %: no warning (it shows only above 80 %)
    expect(await figure(mortgage, 'Loan-to-value ratio').innerText()).toBe('80.0%');
    expect(await mortgage.getByText('High Loan-to-Value Ratio').count()).toBe(0);

    // weekly = monthly × 12 / 52 = 933.52; fortnightly = × 12 / 26 = 1,867.03
    await mortgage.getByText('Weekly', { exact: true }).click();
    await expect.poll(() => mortgage.getByTestId('mortgage-payment').innerText()).toBe('$934');
    expect(await mortgage.getByText('Weekly payment', { exact: true }).count()).toBe(1);
    await mortgage.getByText('Fortnightly', { exact: true }).click();
    await expect.poll(() => mortgage.getByTestId('mortgage-payment').innerText()).toBe('$1,867');

    // A 15 % deposit: loan 680,000 = 85 % → the warning.
    await choose(page, mortgage, 'Deposit', '15%');
    await visible(mortgage.getByText('High Loan-to-Value Ratio'));
    expect(await figure(mortgage, 'Loan-to-value ratio').innerText()).toBe('85.0%');

    // A typed deposit of $300,000 (37.5 %) converts to the nearest 5 %: 40 %.
    await typeInto(mortgage, 'Deposit amount', '300000');
    await expect.poll(() => figure(mortgage, 'Deposit').innerText()).toBe('$320,000 (40%)');
    expect(await mortgage.getByLabel('Deposit amount', { exact: true }).inputValue()).toBe('320,000');
    expect(await mortgage.getByText('High Loan-to-Value Ratio').count()).toBe(0);

    // A 15-year term: loan 480,000 at 6.5 % → (1 + r)^180 = 2.6442008; M = 2,600 × 2.6442008 / 1.6442008 = $4,181.32 a month
    await mortgage.getByText('Monthly', { exact: true }).click();
    await choose(page, mortgage, 'Loan term', '15 years');
    await expect.poll(() => mortgage.getByTestId('mortgage-payment').innerText()).toBe('$4,181');

    // No result at 0 % interest.
    await typeInto(mortgage, 'Interest rate (% per year)', '0');
    await visible(mortgage.getByText('Enter a property value and an interest rate above zero to see the repayments.'));
    expect(await mortgage.getByTestId('mortgage-payment').count()).toBe(0);
  });

  it('rental yield appears once the property will be rented, with cash flow from the mortgage', async () => {
    const page = await openDemoOwnersResults(suite);
    const mortgage = section(page, 'Mortgage Calculator');
    await visible(mortgage);
    expect(await section(page, 'Rental Yield Calculator').count()).toBe(0);

    // $800,000, 20 % down, 6.5 %, 30 years → $4,045.24 a month, deposit $160,000
    await typeInto(mortgage, 'Property value', '800000');
    await typeInto(mortgage, 'Interest rate (% per year)', '6.5');
    await mortgage.getByLabel('I plan to rent out this property').check();
    const rental = section(page, 'Rental Yield Calculator');
    await visible(rental);

    // Every default is shown and editable.
    expect(await rental.getByLabel('Purchase costs', { exact: true }).inputValue()).toBe('25,000');
    expect(await rental.getByLabel('Council rates (per year)', { exact: true }).inputValue()).toBe('4,000');
    expect(await rental.getByLabel('Insurance (per year)', { exact: true }).inputValue()).toBe('1,500');
    expect(await rental.getByLabel('Maintenance (per year)', { exact: true }).inputValue()).toBe('3,000');
    expect(await rental.getByLabel('Management fee (% of rent)', { exact: true }).inputValue()).toBe('8');
    expect(await rental.getByLabel('Other expenses (per year)', { exact: true }).inputValue()).toBe('1,000');
    await visible(rental.getByText('Enter a property value and the weekly rent to see the yield.'));

    await typeInto(rental, 'Property value', '800000');
    await typeInto(rental, 'Weekly rent', '700');
    // rent 36,400; management 2,912; expenses 12,412; net 23,988
    // gross 4.55 %; net 2.9985 % → shown 3.00 %, label Poor, Low Yield Warning; ROI 23,988 / 825,000 = 2.91 %
    await expect.poll(() => figure(rental, 'Net annual income').innerText()).toBe('$23,988');
    expect(await figure(rental, 'Annual rent').innerText()).toBe('$36,400');
    expect(await figure(rental, 'Management fee').innerText()).toBe('$2,912');
    expect(await figure(rental, 'Annual expenses').innerText()).toBe('$12,412');
    const yields = await rental.locator('.calc-yields').innerText();
    expect(yields).toContain('Gross yield\n4.55%');
    expect(yields).toMatch(/Net yield\n3\.00%\s*Poor/);
    expect(yields).toContain('ROI\n2.91%');
    await visible(rental.getByText('Low Yield Warning'));
    expect(await rental.getByText('Excellent Yield').count()).toBe(0);

    // cash flow = 23,988 / 12 − 4,045.24 = 1,999 − 4,045.24 = −2,046.24 a month, −24,554.82 a year
    // cash-on-cash = −24,554.82 / (160,000 + 25,000) = −13.27 %
    expect(await figure(rental, 'Monthly net income').innerText()).toBe('$1,999');
    expect(await figure(rental, 'Monthly mortgage payment').innerText()).toBe('$4,045');
    expect(await figure(rental, 'Monthly cash flow').innerText()).toBe('-$2,046');
    expect(await figure(rental, 'Annual cash flow').innerText()).toBe('-$24,555');
    expect(await figure(rental, 'Cash-on-cash return').innerText()).toBe('-13.27%');
    await visible(rental.getByText('REQUIRES FUNDING', { exact: true }));

    // $500,000 at $900 a week with 40 % down at 4.5 % (type 4.5 back) over 30 years:
    // net 33,556 → 6.71 % Excellent; mortgage $1,520.06; cash flow +1,276.28; cash-on-cash 15,315.33 / 225,000 = 6.81 %
    await typeInto(mortgage, 'Property value', '500000');
    await choose(page, mortgage, 'Deposit', '40%');
    await typeInto(mortgage, 'Interest rate (% per year)', '4.5');
    await typeInto(rental, 'Property value', '500000');
    await typeInto(rental, 'Weekly rent', '900');
    await expect.poll(() => figure(rental, 'Monthly cash flow').innerText()).toBe('+$1,276');
    expect(await rental.locator('.calc-yields').innerText()).toMatch(/Net yield\n6\.71%\s*Excellent/);
    expect(await figure(rental, 'Monthly mortgage payment').innerText()).toBe('$1,520');
    expect(await figure(rental, 'Annual cash flow').innerText()).toBe('+$15,315');
    expect(await figure(rental, 'Cash-on-cash return').innerText()).toBe('6.81%');
    await visible(rental.getByText('PROFITABLE', { exact: true }));
    await visible(rental.getByText('Excellent Yield'));
    expect(await rental.getByText('Low Yield Warning').count()).toBe(0);

    // An edited default counts: no management fee → expenses 9,500, net 37,300 → 7.46 %
    await typeInto(rental, 'Management fee (% of rent)', '0');
    await expect.poll(() => figure(rental, 'Net annual income').innerText()).toBe('$37,300');

    // Unticking hides the rental calculator again.
    await mortgage.getByLabel('I plan to rent out this property').uncheck();
    await section(page, 'Rental Yield Calculator').waitFor({ state: 'detached' });
  });

  it('Quick Actions open each calculator in the modal, prefilled with the estimate', async () => {
    const page = await openDemoOwnersResults(suite);
    const estimateText = await section(page, 'Mortgage Calculator').getByLabel('Property value', { exact: true }).inputValue();
    const estimate = Number(estimateText.replace(/,/g, ''));
    expect(estimate).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Mortgage Calculator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mortgage Calculator' });
    await visible(dialog);
    expect(await dialog.getByLabel('Property value', { exact: true }).inputValue()).toBe(estimateText);
    // Defaults 20 %, 4.5 %, 30 years on the estimate, by the amortisation formula computed here:
    const loan = estimate * 0.8;
    const r = 0.045 / 12;
    const growth = (1 + r) ** 360;
    const monthly = (loan * r * growth) / (growth - 1);
    const nzd = (n: number) => `$${Math.round(n).toLocaleString('en-NZ')}`;
    await expect.poll(() => dialog.getByTestId('mortgage-payment').innerText()).toBe(nzd(monthly));
    expect(await figure(dialog, 'Total paid').innerText()).toBe(nzd(monthly * 360));
    // The modal has no rental toggle: that belongs to the results screen.
    expect(await dialog.getByLabel('I plan to rent out this property').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The rental calculator in the modal uses the results screen's mortgage for its cash flow.
    await page.getByRole('button', { name: 'Rental Yield Calculator' }).click();
    const rentalDialog = page.getByRole('dialog', { name: 'Rental Yield Calculator' });
    await visible(rentalDialog);
    expect(await rentalDialog.getByLabel('Property value', { exact: true }).inputValue()).toBe(estimateText);
    await typeInto(rentalDialog, 'Weekly rent', '1000');
    // rent 52,000; management 4,160; expenses 13,660; net 38,340 → 3,195 a month
    await expect.poll(() => figure(rentalDialog, 'Net annual income').innerText()).toBe('$38,340');
    expect(await figure(rentalDialog, 'Monthly mortgage payment').innerText()).toBe(nzd(monthly));
    const cashFlow = 38_340 / 12 - monthly;
    expect(await figure(rentalDialog, 'Monthly cash flow').innerText()).toBe(`${cashFlow >= 0 ? '+' : '-'}${nzd(Math.abs(cashFlow))}`);
    await visible(rentalDialog.getByText(cashFlow >= 0 ? 'PROFITABLE' : 'REQUIRES FUNDING', { exact: true }));
  });
});
