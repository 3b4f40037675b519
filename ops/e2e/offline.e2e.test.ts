/**
 * Offline behaviour (src/offline, vite.config.ts runtime caching): the app shell, the public map
 * and directory data and recently viewed property summaries open without a network; the chrome
 * says the app is offline; personal answers are never kept on the device after sign-out.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledPage as openControlledPage, newPerson, registerThroughUi, signInThroughUi, startSuite, userMenuButton, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

const OFFLINE_NOTICE = /You are offline — showing saved data/;

const controlledPage = () => openControlledPage(suite);

/** The keys ('/api/…' paths) of the public queries kept in IndexedDB. */
async function persistedQueryPaths(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('kainga-offline');
        // Never create the app's database from here (it would be made without its store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) {
            db.close();
            return resolve([]);
          }
          const get = db.transaction('query-cache').objectStore('query-cache').get('public-queries');
          get.onsuccess = () => {
            db.close();
            const snapshot = get.result as { queries: { queryKey: unknown[] }[] } | undefined;
            resolve((snapshot?.queries ?? []).map((q) => q.queryKey.map(String).join('/')));
          };
          get.onerror = () => reject(new Error('cannot read the snapshot'));
        };
      }),
  );
}

describe('Kāinga offline', () => {
  it('is installable: Chromium finds no installability errors, and page and manifest share the theme colour', async () => {
    const page = await controlledPage();
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // 'in-incognito' is about the test's throwaway browser context, not the app.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    const themeColour = await page.getAttribute('meta[name="theme-color"]', 'content');
    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    const manifest = (await page.evaluate(async (url) => (await fetch(url)).json(), manifestHref!)) as { theme_color: string; display: string };
    expect(themeColour).toBe('#0b5d4b');
    expect(manifest.theme_color).toBe(themeColour);
    expect(manifest.display).toBe('standalone');
  });

  it('opens the shell, the directory, the map and a recently viewed property without a network, and says it is offline', async () => {
    const page = await controlledPage();
    expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0);

    // Online: the directory and the map load the public property locations.
    await page.getByRole('link', { name: 'Property Map' }).first().click();
    const mapCount = await visible(page.getByText(/^\d[\d,]* propert(y|ies) shown$/));
    const mapCountText = await mapCount.innerText();
    await page.goto('/properties');
    const showing = await visible(page.getByText(/^Showing \d[\d,]* of \d[\d,]* properties$/));
    const showingText = await showing.innerText();
    expect(showingText).toMatch(/of [1-9]/);

    // A property page viewed online (its public summary).
    const firstCard = page.getByRole('link', { name: /View Details/ }).first();
    await firstCard.click();
    await page.waitForURL(/\/property\/[^/]+$/);
    const propertyPath = new URL(page.url()).pathname;
    await visible(page.getByText('Sign in and rate this property to see exact values and detailed analysis'));
    const propertyText = await page.locator('main').innerText();
    // Let the throttled save to IndexedDB happen.
    await expect.poll(() => persistedQueryPaths(page), { timeout: 10_000 }).toContain('/api/public/property-directory?offset=0&limit=24');

    await page.context().setOffline(true);
    await visible(page.getByText(OFFLINE_NOTICE));

    // A reload without a network: the shell, the notice and the saved directory data.
    await page.goto('/properties');
    await visible(page.getByRole('link', { name: 'Kāinga home' }));
    await visible(page.getByText(OFFLINE_NOTICE));
    await visible(page.getByRole('heading', { name: 'Property Directory' }));
    expect(await (await visible(page.getByText(/^Showing \d[\d,]* of \d[\d,]* properties$/))).innerText()).toBe(showingText);

    // The network really is gone: an answer that is never cached fails.
    const userCall = await page.evaluate(async () => {
      try {
        return String((await fetch('/api/auth/user', { credentials: 'include' })).status);
      } catch {
        return 'network error';
      }
    });
    expect(userCall).toBe('network error');

    await page.goto('/map');
    await visible(page.getByRole('heading', { name: 'Property Valuation Map' }));
    expect(await (await visible(page.getByText(/^\d[\d,]* propert(y|ies) shown$/))).innerText()).toBe(mapCountText);

    await page.goto(propertyPath);
    await visible(page.getByText('Sign in and rate this property to see exact values and detailed analysis'));
    expect(await page.locator('main').innerText()).toBe(propertyText);
    await visible(page.getByText(OFFLINE_NOTICE));

    await page.goto('/how-it-works');
    await visible(page.getByRole('heading', { name: 'How It Works' }));

    // Back online: the notice goes away.
    await page.context().setOffline(false);
    await page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });
  });

  it('says so when an action needs the network, instead of failing silently', async () => {
    const page = await controlledPage();
    await page.goto('/sign-in');
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await page.context().setOffline(true);
    await page.getByLabel('Email').fill('someone@example.nz');
    await page.getByLabel('Password').fill('whatever it is');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByText('Connect to the internet to sign in.'));
    await page.context().setOffline(false);
  });

  it('answers public screens from the copy saved in IndexedDB when the service worker has none', async () => {
    const page = await controlledPage();
    await page.goto('/properties');
    const showingText = await (await visible(page.getByText(/^Showing \d[\d,]* of \d[\d,]* properties$/))).innerText();
    await expect.poll(() => persistedQueryPaths(page), { timeout: 10_000 }).toContain('/api/public/property-directory?offset=0&limit=24');
    // The service worker's copies are gone (evicted, say): only IndexedDB holds the data.
    await page.evaluate(async () => {
      await caches.delete('kainga-api-public');
    });

    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByText(OFFLINE_NOTICE));
    expect(await (await visible(page.getByText(/^Showing \d[\d,]* of \d[\d,]* properties$/))).innerText()).toBe(showingText);
    expect(await page.evaluate(async () => (await caches.keys()).includes('kainga-api-public'))).toBe(false);
    await page.context().setOffline(false);
  });

  it('keeps only public answers on the device and forgets personal ones at sign-out', async () => {
    const page = await controlledPage();
    await page.goto('/sign-in');
    await signInThroughUi(page, 'owner@demo.kainga.nz', 'kainga-demo-2025');
    await visible(userMenuButton(page));

    // The owner's own property details, as the map panel asks for them (through the service worker).
    const owned = await page.evaluate(async () => {
      const valuations = (await (await fetch('/api/valuations', { credentials: 'include' })).json()) as { property: { id: string } }[];
      const id = valuations[0]?.property.id;
      if (!id) return null;
      const res = await fetch(`/api/properties/${id}/map-details`, { credentials: 'include' });
      return { id, status: res.status };
    });
    expect(owned?.status).toBe(200);
    await expect
      .poll(() => page.evaluate(async (id) => !!(await (await caches.open('kainga-api-private')).match(`/api/properties/${id}/map-details`)), owned!.id))
      .toBe(true);

    await page.goto('/properties');
    await visible(page.getByText(/^Showing \d[\d,]* of \d[\d,]* properties$/));
    await expect.poll(() => persistedQueryPaths(page), { timeout: 10_000 }).toContain('/api/public/property-directory?offset=0&limit=24');
    const kept = await persistedQueryPaths(page);
    expect(kept.filter((p) => !/^\/api\/(public\/|summaries\/|locations$|roles$)/.test(p))).toEqual([]);

    // Sign out (a full-page navigation): the owner's cached details are deleted.
    await page.goto('/api/logout');
    await visible(page.getByRole('button', { name: 'Sign In' }).or(page.getByRole('link', { name: 'Sign In' })).first());
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('kainga-api-private'))).toBe(false);
  });

  it('keeps a signed-in person signed in offline, says the page is offline, and forgets them at sign-out', async () => {
    const page = await controlledPage();
    const person = newPerson('Mere', 'Offline');
    await registerThroughUi(page, person);
    const name = `${person.firstName} ${person.lastName}`;
    await page.goto('/');
    await visible(userMenuButton(page, name));

    // A network failure is not a 401 (consumer spec §4): a reload without a network keeps the person.
    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByText(OFFLINE_NOTICE));
    await visible(userMenuButton(page, name));
    // The signed-in home (the assessment form), not the marketing page.
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));
    await page.getByRole('heading', { name: 'Whats that property really worth?' }).waitFor({ state: 'detached' });

    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Profile Settings' }));
    await visible(userMenuButton(page, name));
    await visible(page.getByText(OFFLINE_NOTICE));
    expect(await page.getByText('Access Denied').count()).toBe(0);

    // Back online, sign out: the kept copy is gone, so offline now reads as signed out.
    await page.context().setOffline(false);
    await page.goto('/api/logout');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kainga.auth.lastKnownUser'))).toBeNull();
    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByText(OFFLINE_NOTICE));
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    expect(await userMenuButton(page).count()).toBe(0);
    await page.context().setOffline(false);
  });

  it('forgets the kept person when the server answers 401 (the session ended elsewhere)', async () => {
    const page = await controlledPage();
    const person = newPerson('Rawiri', 'Expired');
    await registerThroughUi(page, person);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kainga.auth.lastKnownUser'))).toContain(person.email);
    // The session is gone but the readable signed-in hint stays: the user call answers 401.
    const context = page.context();
    const hint = (await context.cookies()).filter((c) => c.name === 'kainga.signed_in');
    expect(hint).toHaveLength(1);
    await context.clearCookies();
    await context.addCookies(hint);
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kainga.auth.lastKnownUser'))).toBeNull();
    await context.setOffline(true);
    await page.reload();
    await visible(page.getByText(OFFLINE_NOTICE));
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    expect(await userMenuButton(page).count()).toBe(0);
    await context.setOffline(false);
  });
});
