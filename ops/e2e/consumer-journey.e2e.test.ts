/**
 * The consumer journey as a new user found it (issue 11): Start Assessment starts one and never
 * covers the page; the landing page promises only the sign-in ways on offer; number fields keep
 * what was typed and say what is wrong, and the mortgage calculator computes with the figures it
 * shows; the sticky header is opaque and toasts on phones leave the page's heading visible.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, chooseCity, DEMO_PASSWORD, newPerson, openDemoOwnersResults, registerThroughUi, settledSelectList, signInThroughUi, startSuite, toast, userMenuButton, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Scrolls through the whole page and lists every control, figure and footer line that something
 * else covers: at its centre and near both ends (of its text, for figures and lines), below the
 * sticky header, the topmost element must be the thing itself (or part of it), as a tap or a
 * glance there would reach it.
 */
async function coveredControls(page: Page): Promise<string[]> {
  // A hover tooltip answers the pointer, not the layout: the last click leaves the pointer wherever the
  // next screen puts something with a tooltip. Park it on the sticky header's corner (which stays put
  // while the check scrolls) and let any open tooltip close first.
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').count()).toBe(0);
  return page.evaluate(() => {
    const selector = [
      'main a[href]',
      'main button',
      'main input[type="text"]',
      'main input:not([type])',
      'main .ant-select',
      'main .ant-radio-button-wrapper',
      'main dd',
      'footer p',
    ].join(', ');
    const found = new Set<string>();
    const header = document.querySelector('.app-header');
    const step = Math.floor(window.innerHeight * 0.6);
    for (let top = 0; ; top += step) {
      window.scrollTo({ top, behavior: 'instant' });
      const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // Figures and lines: where their text is (a right-aligned value sits at the far end of a wide box).
        let rects: DOMRect[] = [box];
        if (el.matches('dd, p')) {
          const range = document.createRange();
          range.selectNodeContents(el);
          rects = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
        }
        for (const r of rects) {
          const y = r.top + r.height / 2;
          const inset = Math.min(6, r.width / 4);
          for (const x of [r.left + inset, r.left + r.width / 2, r.right - inset]) {
            if (y <= headerBottom || y >= window.innerHeight || x <= 0 || x >= window.innerWidth) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && (el.contains(hit) || hit.contains(el))) continue;
            found.add(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'}`);
          }
        }
      }
      if (top + window.innerHeight >= document.documentElement.scrollHeight) break;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return [...found];
  });
}

/** Values a home from its address and city alone, through the wizard's three steps. */
async function valueWithAddressAndCity(page: Page, address: string, city: string): Promise<void> {
  await page.getByLabel('Address').fill(address);
  await chooseCity(page, city);
  await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
  await page.getByRole('button', { name: 'Next: Market Research' }).click();
  await page.getByRole('button', { name: 'Generate Valuation' }).click();
}

const startAssessment = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Start Assessment' });

describe('Start Assessment', () => {
  it('on / signed in, brings the person to a fresh wizard with its first field focused', async () => {
    const page = await suite.newPage({ viewport: DESKTOP });
    await registerThroughUi(page, newPerson('Mere', 'Tane'));
    const address = page.getByLabel('Address');
    await visible(address);
    await address.fill('7 Half Typed Lane');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));

    await startAssessment(page).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('valuation-address');
    expect(await address.inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/');
    // The wizard's heading is on screen, below the sticky header.
    const heading = await page.getByRole('heading', { name: 'Property Assessment' }).boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(heading && header).toBeTruthy();
    expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(DESKTOP.height);
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    // From another screen it leads to the same place.
    await page.goto('/how-it-works');
    await startAssessment(page).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('valuation-address');
    await page.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`covers nothing on the signed-in home at ${viewport.width}×${viewport.height}`, async () => {
      const page = await suite.newPage({ viewport });
      await page.goto('/sign-in');
      await signInThroughUi(page, 'owner@demo.kainga.nz', 'kainga-demo-2025');
      await page.waitForURL((u) => u.pathname !== '/sign-in');
      await page.goto('/', { waitUntil: 'networkidle' });
      await visible(page.getByRole('region', { name: 'Market Information' }).locator('dd').first());

      // The button sits in the header's own space …
      const button = await (await visible(startAssessment(page))).boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      expect(button && header).toBeTruthy();
      expect(button!.y).toBeGreaterThanOrEqual(header!.y);
      expect(button!.y + button!.height).toBeLessThanOrEqual(header!.y + header!.height);
      expect(button!.x + button!.width).toBeLessThanOrEqual(viewport.width);
      // … beside the header's other controls, not on them.
      const others = viewport === PHONE ? [page.getByRole('button', { name: 'Open menu' })] : [userMenuButton(page)];
      for (const other of others) {
        const box = await (await visible(other)).boundingBox();
        expect(box && overlaps(button!, box)).toBe(false);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      // Nothing in the header row is pushed past its edge.
      expect(await page.locator('.header-inner').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // … and no control, Market Information figure, result row or footer line is covered anywhere on the page.
      expect(await coveredControls(page)).toEqual([]);

      // The results screen of a valuation too.
      await (await visible(page.getByRole('button', { name: /^View results for / }).first())).click();
      await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
      await page.waitForLoadState('networkidle');
      expect(await coveredControls(page)).toEqual([]);

      // There, Start Assessment leaves the results for a fresh wizard.
      await startAssessment(page).click();
      await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
      expect(await page.getByRole('heading', { name: 'Property Valuation Results' }).count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('valuation-address');
      await page.close();
    });
  }
});

describe('the landing page promises only the sign-in ways on offer', () => {
  it('without Google or GitHub configured: neither in the static HTML nor on the page', async () => {
    const page = await suite.newPage();
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Why Choose');
    expect(html).not.toMatch(/Google|GitHub/);
    await page.goto('/', { waitUntil: 'networkidle' });
    const why = page.locator('.benefits');
    await visible(why.getByText('Sign in with your email address', { exact: true }));
    expect(await page.locator('main').innerText()).not.toMatch(/Google|GitHub/);
    await page.close();
  });

  describe('with Google configured', () => {
    let google: Suite;
    beforeAll(async () => {
      google = await startSuite({ GOOGLE_CLIENT_ID: 'kainga-test-client', GOOGLE_CLIENT_SECRET: 'kainga-test-secret' });
    });
    afterAll(async () => {
      await google?.close();
    });

    it('names Google once the providers are known, and GitHub nowhere', async () => {
      const page = await google.newPage();
      // The prerendered page cannot know the server's providers: it promises only email.
      expect(await (await page.request.get('/')).text()).not.toMatch(/Google|GitHub/);
      await page.goto('/');
      await visible(page.locator('.benefits').getByText('Sign in with Google or email', { exact: true }));
      expect(await page.locator('main').innerText()).not.toContain('GitHub');
      await page.close();
    });
  });
});

describe('number fields keep what was typed and say what is wrong', () => {
  it('the wizard keeps 12e5, -50 and letters with a message, and will not go on until corrected', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Hemi', 'Parata'));
    await page.setViewportSize(PHONE);
    const floor = page.getByLabel('Floor area');
    const land = page.getByLabel('Land area');
    const rv = page.getByLabel('Rateable value (RV)');
    await visible(floor);

    await floor.pressSequentially('12e5');
    await land.pressSequentially('-50');
    await rv.pressSequentially('nine hundred');
    expect(await floor.inputValue()).toBe('12e5');
    expect(await land.inputValue()).toBe('-50');
    expect(await rv.inputValue()).toBe('nine hundred');
    await visible(page.getByText('Enter a floor area from 10 to 5,000 m²', { exact: true }));
    await visible(page.getByText('Enter a land area from 0 to 1,000,000 m²', { exact: true }));
    await visible(page.getByText('Enter a rateable value from $1,000 to $100,000,000', { exact: true }));
    expect(await floor.getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Address').fill('3 Test Street');
    await page.getByLabel('City').click();
    await page.getByLabel('City').fill('Nelson');
    await settledSelectList(page).locator('.ant-select-item-option[title="Nelson"]').click();
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    // Still step 1, the text still there.
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    expect(await floor.inputValue()).toBe('12e5');

    await floor.fill('150');
    await land.fill('500');
    await rv.fill('900,000');
    // The messages go once the figures are right (antd lets each fade out first).
    for (const message of ['Enter a floor area from 10 to 5,000 m²', 'Enter a land area from 0 to 1,000,000 m²', 'Enter a rateable value from $1,000 to $100,000,000']) {
      await page.getByText(message, { exact: true }).waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Next: Condition Assessment' }).click();
    await visible(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    await page.close();
  });

  it('the mortgage calculator computes with the rate and value it shows, within bounds it states', async () => {
    const page = await openDemoOwnersResults(suite);
    const mortgage = page.getByRole('region', { name: 'Mortgage Calculator', exact: true });
    await visible(mortgage);
    const rate = mortgage.getByLabel('Interest rate (% per year)', { exact: true });
    const value = mortgage.getByLabel('Property value', { exact: true });
    await value.fill('800000');

    // Typed key by key, as a person would: 9999 stays 9999, is called wrong, and nothing is computed.
    await rate.fill('');
    await rate.pressSequentially('9999');
    expect(await rate.inputValue()).toBe('9999');
    await visible(mortgage.getByText('Enter an interest rate from 0% to 25%', { exact: true }));
    await visible(mortgage.getByText('Correct the highlighted figures to see the repayments.'));
    expect(await mortgage.getByTestId('mortgage-payment').count()).toBe(0);

    // 9 %: the payment is the one for 9 % on the $800,000 shown (20 % deposit, 30 years).
    await rate.fill('9');
    const loan = 640_000;
    const r = 0.09 / 12;
    const growth = (1 + r) ** 360;
    const monthly = Math.round((loan * r * growth) / (growth - 1));
    await expect.poll(() => mortgage.getByTestId('mortgage-payment').innerText()).toBe(`$${monthly.toLocaleString('en-NZ')}`);
    expect(await rate.inputValue()).toBe('9');
    // Left, the value reads with thousands separators: the same number.
    expect(await value.inputValue()).toBe('800,000');

    // A $99,999,999,999,999 property: kept as typed, bounded, and said so.
    await value.fill('99,999,999,999,999');
    expect(await value.inputValue()).toBe('99,999,999,999,999');
    await visible(mortgage.getByText('Enter a property value from $0 to $50,000,000', { exact: true }));
    expect(await mortgage.getByTestId('mortgage-payment').count()).toBe(0);
    // Letters and a sign are kept and called wrong as well.
    await value.fill('-50');
    expect(await value.inputValue()).toBe('-50');
    await visible(mortgage.getByText('Enter a property value from $0 to $50,000,000', { exact: true }));
    await page.close();
  });
});

describe('the sticky header and toasts', () => {
  it('the header is opaque: content scrolled under it does not show through', async () => {
    const page = await suite.newPage({ viewport: PHONE });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    const header = page.locator('.app-header');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    // Between the logo and the menu button, what is on top is the header itself.
    const topmostInHeader = await page.evaluate(() => {
      const hit = document.elementFromPoint(window.innerWidth / 2 - 10, 8);
      return Boolean(hit?.closest('.app-header'));
    });
    expect(topmostInHeader).toBe(true);
    await page.close();
  });

  it('on a phone, the Valuation Complete toast leaves the results heading visible', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Ana', 'Rewi'));
    await page.setViewportSize(PHONE);
    await valueWithAddressAndCity(page, '12 Karori Road', 'Wellington');

    const heading = await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
    const notice = await visible(toast(page, 'Valuation Complete'));
    await heading.scrollIntoViewIfNeeded();
    const headingBox = await heading.boundingBox();
    const toastBox = await notice.boundingBox();
    expect(headingBox && toastBox).toBeTruthy();
    expect(overlaps(headingBox!, toastBox!)).toBe(false);
    // The heading is on screen and below the header.
    const header = await page.getByRole('banner').boundingBox();
    expect(headingBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(headingBox!.y + headingBox!.height).toBeLessThanOrEqual(PHONE.height);
    await page.close();
  });

  it('on a wide screen, a toast sits below the header, clear of the account menu', async () => {
    const page = await suite.newPage({ viewport: DESKTOP });
    await registerThroughUi(page, newPerson('Tama', 'Horo'));
    await valueWithAddressAndCity(page, '1 Wide Street', 'Nelson');
    const notice = await visible(toast(page, 'Valuation Complete'));
    const box = await notice.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.close();
  });
});

/** That nothing sticks out past the right edge of the viewport (a page a phone would scroll sideways): the failure lists what does. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      // The innermost boxes past the edge: each names what to fix.
      if (box.width === 0 || box.right <= width + 1 || [...el.children].some((c) => c.getBoundingClientRect().right > width + 1)) continue;
      // Inside a box that clips or scrolls on its own (a wide table's scroller, a hidden table) it moves nothing.
      let clipped = false;
      for (let a = el.parentElement; a && !clipped; a = a.parentElement) clipped = getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 1;
      if (clipped) continue;
      offenders.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} ends at ${Math.round(box.right)} px: "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, offenders: offenders.slice(0, 6) };
  });
  expect(overflow.offenders, `page ${overflow.scrollWidth} px wide on a ${overflow.clientWidth} px screen`).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
}

/**
 * That no heading or figure (`dd`) is wider than its box: cut off with an ellipsis (antd's card
 * titles) or clipped, or running over its border (the property page's estimated value). The
 * failure names each.
 */
async function expectTextFits(page: Page): Promise<void> {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, dd')].flatMap((item) => {
      const text = (item.textContent ?? '').trim();
      // A heading for screen readers only (1 px wide on purpose) is not cut.
      if (item.getBoundingClientRect().width <= 1) return [];
      // The item, or a box holding only it (antd's card title), narrower than its text.
      for (let el: Element | null = item; el && (el.textContent ?? '').trim() === text; el = el.parentElement) {
        if (getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1) return [`"${text}" (${el.scrollWidth} px of text in ${el.clientWidth} px)`];
      }
      return [];
    }),
  );
  expect(cut).toEqual([]);
}

describe('every screen fits a phone', () => {
  it('a valuation\'s results, with a partner\'s advert beside them, do not scroll sideways at 390 px', async () => {
    // Registered on a wide screen (the account menu it waits for sits behind the phone header's menu).
    const page = await suite.newPage({ viewport: DESKTOP });
    await registerThroughUi(page, newPerson('Hana', 'Rope'));
    await page.setViewportSize(PHONE);
    // Wellington: the demo's partners advertise there, and the advert is the results' widest part.
    await valueWithAddressAndCity(page, '14 Kelburn Parade', 'Wellington');
    await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
    await visible(page.locator('.ad-banner').first());
    await page.waitForLoadState('networkidle');
    // A hover tooltip left open where the last tap was is not the layout's.
    await page.mouse.move(1, 1);
    await expect.poll(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    // Its cards' titles whole ("Connect with Local Profession…" before).
    await visible(page.getByRole('heading', { name: 'Professional Services in Your Area' }));
    await expectTextFits(page);
    await page.close();
  });

  // Each screen with what shows its content has arrived (its widest parts: cards, a chart's data table).
  const screens = [
    { who: 'owner@demo.kainga.nz', path: '/messages', ready: (page: Page) => page.getByRole('heading', { name: 'Your request' }).first() },
    { who: 'owner@demo.kainga.nz', path: '/profile', ready: (page: Page) => page.getByText('Member since') },
    { who: 'admin@demo.kainga.nz', path: '/admin', ready: (page: Page) => page.getByRole('heading', { name: /^Pending Review/ }) },
  ];
  it('an owner\'s property page shows its figures whole at 390 px', async () => {
    const page = await suite.newPage({ viewport: DESKTOP });
    await registerThroughUi(page, newPerson('Rawiri', 'Paki'));
    await page.setViewportSize(PHONE);
    // Seven figures in the estimated value's tile ran over its border.
    await page.getByLabel('Floor area').fill('280');
    await page.getByLabel('Rateable value (RV)').fill('2400000');
    await valueWithAddressAndCity(page, '14 Oriental Parade', 'Wellington');
    await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
    const [valuation] = (await callApi<{ estimatedValue: number; property: { id: string } }[]>(page, 'GET', '/api/valuations')).body;
    expect(valuation!.estimatedValue).toBeGreaterThan(1_000_000);
    await page.goto(`/property/${valuation!.property.id}`);
    await visible(page.getByText('Estimated Value', { exact: true }));
    await expectNoSidewaysScroll(page);
    await expectTextFits(page);
    await page.close();
  });

  for (const { who, path, ready } of screens) {
    it(`${path} as ${who.split('@')[0]} does not scroll sideways at ${PHONE.width} px`, async () => {
      const page = await suite.newPage({ viewport: PHONE });
      await page.goto('/sign-in');
      await signInThroughUi(page, who, DEMO_PASSWORD);
      // (The account menu sits behind the phone header's menu button: wait for the screen to move on.)
      await page.waitForURL((u) => u.pathname !== '/sign-in');
      await page.goto(path);
      await visible(ready(page));
      // Let lazy sections (the admin's charts) and late data settle before measuring.
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page);
      await expectTextFits(page);
      await page.close();
    });
  }
});
