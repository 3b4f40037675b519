import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPropertyDetails, newPerson, registerThroughUi, startSuite, toast, userMenuButton, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

const money = /^\$\d{1,3}(,\d{3})*$/;

describe('the signed-out home', () => {
  it('shows the hero, the features, the benefits and the public showcase of up to 6 demo valuations', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    for (const title of ['33+ Condition Criteria', 'AI-Powered Analysis', 'Market Intelligence']) {
      await visible(page.getByRole('heading', { name: title }));
    }
    await visible(page.getByRole('heading', { name: /^Why Choose/ }));
    await visible(page.getByRole('link', { name: 'How It Works' }).first());

    const showcase = page.getByRole('region', { name: 'Properties Valued Across New Zealand' });
    await visible(showcase);
    const cards = showcase.getByTestId('showcase-card');
    await visible(cards.first());
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    // The seeded valuations are all demo data, and each card says so.
    expect(await showcase.getByText('Demo data', { exact: true }).count()).toBe(count);

    for (let i = 0; i < count; i++) {
      const text = await cards.nth(i).innerText();
      const band = /(\$[\d,]+) – (\$[\d,]+)/.exec(text);
      expect(band, text).not.toBeNull();
      const [, lowText = '', highText = ''] = band ?? [];
      expect(lowText).toMatch(money);
      const low = Number(lowText.replace(/[$,]/g, ''));
      const high = Number(highText.replace(/[$,]/g, ''));
      expect(high).toBeGreaterThan(low);
      expect(text).toMatch(/(High|Medium) confidence/);
      expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    }

    expect(await showcase.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/api/login');
    await showcase.getByRole('link', { name: 'View Map' }).click();
    await page.waitForURL((u) => u.pathname === '/map');
    await page.close();
  });

  it("'Get Started - Free Assessment' goes to sign in", async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started - Free Assessment' }).first().click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await visible(page.getByRole('heading', { name: 'Sign in to Kāinga' }));
    await page.close();
  });
});

describe('the signed-in home', () => {
  it('shows the showcase, the stats row, the wizard, the market panel for Auckland and an empty list of recent valuations', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Mere', 'Tane'));
    await visible(page.getByRole('heading', { name: 'Kia ora, Mere' }));
    await visible(page.getByRole('region', { name: 'Recent Valuations Across New Zealand' }).getByTestId('showcase-card').first());

    const stats = page.getByRole('region', { name: 'Kāinga in numbers' });
    await visible(stats.getByText('Valuations in the last 30 days'));
    const total = stats.locator('[data-stat="totalValuations"] .stat-value');
    await page.waitForFunction((el) => /\d/.test(el?.textContent ?? ''), await total.elementHandle());
    expect(Number((await total.innerText()).replace(/,/g, ''))).toBeGreaterThan(0);

    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    const market = page.getByRole('region', { name: 'Market Information' });
    await visible(market.getByText('Auckland', { exact: true }));
    await visible(market.getByText('Auckland region', { exact: false }));
    await visible(market.getByText('What this is:', { exact: false }));

    const recent = page.getByRole('region', { name: 'Recent Valuations', exact: true });
    await visible(recent.getByText('No valuations yet.', { exact: false }));
    await recent.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL((u) => u.pathname === '/properties');
    await page.close();
  });

  it('the open user menu stays under its button while the page scrolls', async () => {
    const page = await suite.newPage({ viewport: { width: 1280, height: 800 } });
    await registerThroughUi(page, newPerson('Aroha', 'Ngata'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    await userMenuButton(page).click();
    await visible(page.getByRole('menu'));
    // Measured in the same frame as the scroll: a menu placed on the page moves with the page until antd aligns it again.
    const gaps = await page.evaluate(() => {
      const gap = () => {
        const button = document.querySelector('.user-menu-trigger')!.getBoundingClientRect();
        const menu = document.querySelector('[role="menu"]')!.getBoundingClientRect();
        return menu.top - button.bottom;
      };
      const before = gap();
      window.scrollBy({ top: 400, behavior: 'instant' });
      return { before, after: gap(), scrolled: window.scrollY };
    });
    expect(gaps.scrolled).toBeGreaterThan(0);
    expect(gaps.before).toBeGreaterThanOrEqual(0);
    expect(gaps.after).toBeCloseTo(gaps.before, 0);
    await page.close();
  });

  it('a toast showing does not cover the open user menu', async () => {
    const page = await suite.newPage({ viewport: { width: 1280, height: 800 } });
    await registerThroughUi(page, newPerson('Mere', 'Tawhiri'));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    // The research is held, so no later toast replaces the first (toasts show one at a time).
    await page.route('**/api/research-comparables', () => undefined);
    // Every field filled: the wizard starts its research and says so in a toast, top right.
    await fillPropertyDetails(page, { address: '4 Tui Street', suburb: 'Karori', city: 'Wellington', floorArea: 140, landArea: 450, bedrooms: 3, bathrooms: 1, rateableValue: 850000 });
    const notice = toast(page, 'Auto Research Started');
    await visible(notice);
    await userMenuButton(page).click();
    await visible(page.getByRole('menu'));
    // With the toast still there, beside the menu, what is on top at each item's centre is the item.
    const seen = await page.evaluate(() => ({
      toast: document.querySelector('.ant-notification-notice')?.textContent ?? null,
      covered: [...document.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]')].flatMap((item) => {
        const r = item.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top && item.contains(top) ? [] : [`${item.textContent}: under ${top?.className ?? 'nothing'}`];
      }),
    }));
    expect(seen.toast).toContain('Auto Research Started');
    expect(seen.covered).toEqual([]);
    await page.close();
  });

  it("a 401 on the user's valuations says 'Session Expired' and goes to sign in", async () => {
    const page = await suite.newPage();
    const person = newPerson('Rawiri', 'Hona');
    // Register from the profile screen, so the home (and the user's valuations) is not loaded yet.
    await page.goto('/sign-in?returnTo=%2Fprofile');
    await page.getByText('Create account', { exact: true }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((u) => u.pathname === '/profile');
    await visible(userMenuButton(page, 'Rawiri Hona'));

    // The session ends (the cookie is gone) while the page still holds the user.
    await page.context().clearCookies();
    // The toast shows for only 500 ms before the browser leaves, so what it says is noted as it appears.
    const toasts: string[] = [];
    await page.exposeFunction('noteToast', (text: string) => toasts.push(text));
    await page.evaluate(() => {
      const note = (window as unknown as { noteToast: (t: string) => void }).noteToast;
      new MutationObserver(() => {
        for (const n of document.querySelectorAll('.ant-notification-notice')) note(n.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Kāinga home' }).click(); // home, within the app
    await page.waitForURL((u) => u.pathname === '/sign-in');
    expect(toasts.some((t) => t.includes('Session Expired') && t.includes('Please sign in again to access your valuations.'))).toBe(true);
    await visible(page.getByRole('heading', { name: 'Sign in to Kāinga' }));
    await page.close();
  });
});
