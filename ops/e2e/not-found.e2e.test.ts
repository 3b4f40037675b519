import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSuite, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
});
afterAll(async () => {
  await suite?.close();
});

describe('screens outside the route table', () => {
  it('an unknown path shows the not-found page with a link home', async () => {
    const page = await suite.newPage();
    await page.goto('/no-such-page');
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
  });

  it('signed out, /messages asks to sign in, and /partner goes to the partner dashboard (partners only)', async () => {
    const page = await suite.newPage();
    await page.goto('/messages');
    await visible(page.getByRole('heading', { name: 'Authentication Required' }));
    await page.goto('/partner');
    await page.waitForURL((u) => u.pathname === '/partner-dashboard');
    await visible(page.getByRole('heading', { name: 'Partner Access Required' }));
  });

  it('the how-it-works page explains the method and its limits', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await visible(page.getByRole('heading', { name: 'How It Works', level: 1 }));
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('certified NZ property valuer');
    expect(text).toContain('up to 5 comparable properties sold in the last 3 months');
    expect(text).toContain('registered valuer');
    expect(await page.getByRole('contentinfo').innerText()).toContain('AI powered property assessments.');
  });
});
