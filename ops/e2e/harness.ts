/**
 * Shared set-up of the browser tests: Debian's Chromium driven by playwright-core (never a
 * downloaded browser) against the whole service started in-process by `startKainga` from
 * ops/src/server.ts, on a fresh temporary DATA_DIR, serving the built PWA from pwa/dist.
 *
 * They start the whole service, so they live in ops/ (the one package that may import every
 * other), not in pwa/, which never imports server code.
 */
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { CreatePartnerResponse, Location } from '@kainga/contracts';
import { readOutbox } from '@kainga/platform';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/chromium';
import { startKainga } from '../src/server';

/** The demo accounts' password (ops/src/demo-data.ts), for suites started with SEED_DEMO. */
export const DEMO_PASSWORD = 'kainga-demo-2025';

/** NZD as the screens show it (en-NZ, no decimals). */
export const nzd = (n: number) => new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0 }).format(n);

/**
 * The built web app the suites serve: pwa/dist, or E2E_PWA_DIR when set (a private build, so that
 * one checkout can build and test two changes at once without one build replacing the other's).
 */
const PWA_DIR = process.env.E2E_PWA_DIR || fileURLToPath(new URL('../../pwa/dist', import.meta.url));
const PWA_INDEX = join(PWA_DIR, 'index.html');

export interface RunningKainga {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the service on a random local port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningKainga> {
  if (!existsSync(PWA_INDEX)) throw new Error('pwa/dist is missing: run `npm run build -w pwa` before the browser tests.');
  const dataDir = await mkdtemp(join(tmpdir(), 'kainga-e2e-'));
  const kainga = await startKainga({
    dataDir,
    port: 0,
    pwaDir: PWA_DIR,
    env: { HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
  });
  const url = kainga.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
  return {
    url,
    dataDir,
    close: async () => {
      await kainga.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-quic'] });
}

/** One server and one browser for a test file; each test takes a fresh context (cookies, storage). */
export interface Suite {
  server: RunningKainga;
  browser: Browser;
  /** A new, isolated browser context and page at the server's origin. */
  /** `timezoneId`: the device's time zone (an IANA name), to show that a screen keeps New Zealand time. */
  newPage(options?: { viewport?: { width: number; height: number }; hasTouch?: boolean; timezoneId?: string }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Prints what a failing journey usually hides: the API's server errors and conflicts (which the
 * app shows only as a toast that a waiting test may never see) and uncaught errors in the page.
 * A browser test that times out in CI then says why in its output.
 */
export function reportTrouble(context: BrowserContext): void {
  context.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/') || (response.status() < 500 && response.status() !== 409)) return;
    void response.text().then(
      (body) => console.warn(`[browser] ${response.request().method()} ${pathname} answered ${response.status()}: ${body.slice(0, 300)}`),
      () => console.warn(`[browser] ${response.request().method()} ${pathname} answered ${response.status()}`),
    );
  });
  context.on('weberror', (error) => console.warn(`[browser] uncaught in the page: ${error.error().message}`));
}

export async function startSuite(env: Record<string, string> = {}): Promise<Suite> {
  const server = await startServer(env);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (e) {
    await server.close();
    throw e;
  }
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'en-NZ',
        viewport: options.viewport ?? { width: 1280, height: 800 },
        hasTouch: options.hasTouch ?? false,
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      reportTrouble(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

let counter = 0;
/** A unique person for a journey. */
export function newPerson(firstName = 'Aroha', lastName = 'Ngata') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${tag}@example.nz`, password: `kainga-${tag}-pass` };
}
export type Person = ReturnType<typeof newPerson>;

/** Waits until the locator's (single) element is visible; answers it for chaining. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** The header's user dropdown trigger (its accessible name carries the display name). */
export const userMenuButton = (page: Page, name?: string) =>
  page.getByRole('button', { name: name ? `Account menu for ${name}` : /^Account menu for / });

/** Registers through the sign-in screen's "Create account" mode and waits for the signed-in header. */
export async function registerThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto('/sign-in');
  await page.getByText('Create account', { exact: true }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await visible(userMenuButton(page, `${person.firstName} ${person.lastName}`));
  // The screen leaves for its returnTo as soon as the account exists (nothing later undoes a next step).
  await page.waitForURL((u) => u.pathname !== '/sign-in');
}

/** Signs in through the email form of the sign-in screen. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in as the demo owner (a suite with SEED_DEMO) and opens the results of their most recent valuation. */
export async function openDemoOwnersResults(suite: Suite): Promise<Page> {
  const page = await suite.newPage();
  await page.goto('/sign-in');
  await signInThroughUi(page, 'owner@demo.kainga.nz', DEMO_PASSWORD);
  await visible(userMenuButton(page));
  await page.goto('/');
  await (await visible(page.getByRole('button', { name: /^View results for / }).first())).click();
  await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
  return page;
}

/**
 * The results page's "Saved" indicator. Auto-save saves a new valuation 2 s after its results show
 * and says so in an 'Auto-saved' toast, and toasts are one at a time: a test that acts on the
 * results and then waits for its own toast waits for this first, or the auto-save's toast can take
 * its toast's place (on a slow machine the two answers arrive together).
 */
export const savedIndicator = (page: Page) => page.getByTestId('save-status').getByText('Saved', { exact: true });

/** A toast (antd notification) whose text holds `title`. */
export const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title });

/** A call to the API from the page (its cookies, its origin), as the app's own fetches make it. */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        credentials: 'include',
        headers: b === undefined ? {} : { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    [method, path, body] as const,
  );
}

/** registerAdmin on a new page of the suite, answered. */
export async function becomeAdmin(suite: Suite, person: Person): Promise<Page> {
  const page = await suite.newPage();
  await registerAdmin(suite, page, person);
  return page;
}

/**
 * The admin's "Add New Partner Directly" (POST /api/admin/create-partner): `person`, who has an
 * account, becomes a partner of `roleId` in `city`. Fails unless the partner was created (201).
 */
export async function createPartnerAsAdmin(
  adminPage: Page,
  person: Pick<Person, 'email' | 'firstName' | 'lastName'>,
  partner: { roleId: string; city: string; businessName: string },
): Promise<CreatePartnerResponse['partner']> {
  const location = (await callApi<Location[]>(adminPage, 'GET', '/api/locations')).body.find((l) => l.cityName === partner.city);
  if (!location) throw new Error(`No location named ${partner.city}.`);
  const { email, firstName, lastName } = person;
  const { roleId, businessName } = partner;
  const created = await callApi<CreatePartnerResponse>(adminPage, 'POST', '/api/admin/create-partner', { email, firstName, lastName, roleId, locationId: location.id, businessName });
  if (created.status !== 201) throw new Error(`create-partner answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.partner;
}

/** A new page on the home page, controlled by the service worker (the second load). */
export async function controlledPage(suite: Suite): Promise<Page> {
  const page = await suite.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page;
}

/** Opens the user dropdown and answers the labels of its items. */
export async function userMenuItems(page: Page): Promise<string[]> {
  await userMenuButton(page).click();
  const menu = page.getByRole('menu');
  await visible(menu);
  return (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
}

/**
 * Chooses an item of the user menu and waits for the navigation to `pathname` that it makes
 * (client-side, or a full page such as Sign Out's; counted from the click, so it also works when
 * the page is at that path already). A click can leave the menu open with nothing chosen when the
 * header is redrawn under it (the user's roles arriving). (The page scrolling under the open menu
 * was the other cause, 2 runs in 10 of partner-leads' sign-out, while the menu sat on the page and
 * was aligned again a frame or two late; it now opens inside the sticky header, `inside-header.ts`,
 * above any toast.) A person clicks again; so does this, opening the menu first if it closed, up to
 * three times, and says so.
 */
export async function chooseUserMenuItem(page: Page, item: string, pathname: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const entry = page.getByRole('menuitem', { name: item });
    if (!(await entry.isVisible())) await userMenuButton(page).click();
    const navigated = page
      .waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() && new URL(frame.url()).pathname === pathname, timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    await entry.click();
    if (await navigated) return;
    if (attempt === 3) throw new Error(`choosing "${item}" in the user menu did not go to ${pathname}, three times`);
    console.warn(`[browser] choosing "${item}" in the user menu did not go to ${pathname} (attempt ${attempt}); choosing it again`);
  }
}

/**
 * A plain HTTP proxy in front of the service that can change one path's answer — used to
 * publish a "new release" of the service worker without touching pwa/dist. The Host header is
 * passed through, so the server sees the proxy's origin as its own (its Origin check holds).
 */
export async function startRewritingProxy(
  target: string,
  rewrite: (path: string, body: Buffer, headers: IncomingHttpHeaders) => Buffer | null,
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    // No conditional requests: every answer is a full 200 the rewrite can see and change.
    const { 'if-none-match': _etag, 'if-modified-since': _since, ...headers } = req.headers;
    const proxied = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const path = (req.url ?? '/').split('?')[0] ?? '/';
          const original = Buffer.concat(chunks);
          const changed = up.statusCode === 200 ? rewrite(path, original, up.headers) : null;
          const answerHeaders = { ...up.headers };
          if (changed) {
            delete answerHeaders.etag;
            delete answerHeaders['last-modified'];
            answerHeaders['content-length'] = String(changed.length);
          }
          res.writeHead(up.statusCode ?? 502, answerHeaders);
          res.end(changed ?? original);
        });
      },
    );
    proxied.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Swipes right across an element with synthetic touch events (touchstart → touchend). */
export async function swipeRight(locator: Locator, distance: number): Promise<void> {
  await locator.evaluate((el, dx) => {
    const box = el.getBoundingClientRect();
    const x = box.left + 20;
    const y = box.top + box.height / 2;
    const touch = (clientX: number) => new Touch({ identifier: 1, target: el, clientX, clientY: y });
    el.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches: [touch(x)], changedTouches: [touch(x)] }));
    el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, cancelable: true, touches: [], changedTouches: [touch(x + dx)] }));
  }, distance);
}

/**
 * The open option list of an antd select, once it has finished sliding in: a click made while antd
 * still animates it (its `ant-slide-up-*` classes) can land on nothing, as a tap on a moving list would.
 */
export const settledSelectList = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="ant-slide-up"])');

/**
 * Picks an option of a labelled antd select (once its list has settled) and waits for the list to
 * close. `search`: typed first, as a person narrows a long list (antd draws only the options in
 * view, so one further down is not in the page until the list is filtered or scrolled).
 */
export async function chooseOption(page: Page, scope: Locator | Page, label: string, option: string, search?: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  if (search) await page.keyboard.type(search);
  await settledSelectList(page).getByTitle(option, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Types a town into the valuation wizard's City search and picks it from the list. */
export async function chooseCity(page: Page, city: string): Promise<void> {
  await page.getByLabel('City').click();
  await page.getByLabel('City').fill(city);
  await settledSelectList(page).locator(`.ant-select-item-option[title="${city}"]`).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Step 1 of the wizard, as a person fills it in: every field, each by its label. */
export async function fillPropertyDetails(
  page: Page,
  home: { address: string; suburb: string; city: string; floorArea: number; landArea: number; bedrooms: number; bathrooms: number; rateableValue: number },
): Promise<void> {
  await page.getByLabel('Address').fill(home.address);
  await page.getByLabel('Suburb').fill(home.suburb);
  await chooseCity(page, home.city);
  await page.getByLabel('Floor area').fill(String(home.floorArea));
  await page.getByLabel('Land area').fill(String(home.landArea));
  await page.getByRole('radiogroup', { name: 'Bedrooms' }).getByText(String(home.bedrooms), { exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Bathrooms' }).getByText(String(home.bathrooms), { exact: true }).click();
  await page.getByLabel('Rateable value (RV)').fill(String(home.rateableValue));
}

/**
 * The path and query of the last link matching `pattern` mailed to `to` (DATA_DIR/outbox). Links
 * carry PUBLIC_URL's origin (else localhost), so a test opens the path at its own origin.
 */
export async function mailedLink(server: RunningKainga, to: string, pattern: RegExp): Promise<string> {
  const mail = (await readOutbox(join(server.dataDir, 'outbox'))).filter((m) => m.to === to).at(-1);
  const link = pattern.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no link matching ${pattern} was mailed to ${to}`);
  return link;
}

/**
 * Registers `person` (an address of the suite's ADMIN_EMAILS) and opens the admin link mailed to
 * them, as the owner of the address would: the page ends signed in as an admin on /admin.
 */
export async function registerAdmin(suite: Suite, page: Page, person: Person): Promise<void> {
  await registerThroughUi(page, person);
  await page.goto(await mailedLink(suite.server, person.email, /\/api\/auth\/admin-email\?token=[\w-]+/));
  await page.waitForURL((u) => u.pathname === '/admin');
}
