import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledPage, startRewritingProxy, startSuite, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
});
afterAll(async () => {
  await suite?.close();
});

interface Manifest {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('Kāinga installs as an app', () => {
  it('links a web app manifest with name, icons 192 and 512, and standalone display', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en-NZ');
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    expect(href).toBeTruthy();
    const manifest = (await page.evaluate(async (url) => (await fetch(url)).json(), href!)) as Manifest;
    expect(manifest.name).toBe('Kāinga — NZ Property Valuations');
    expect(manifest.short_name).toBe('Kāinga');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const res = await page.request.get(new URL(icon.src, page.url()).href);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toContain('image/png');
    }
  });

  it('registers a service worker that controls the page after a reload and serves the shell offline', async () => {
    const page = await controlledPage(suite);
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(scriptURL).toMatch(/\/sw\.js$/);

    // API calls are not answered from a cache: the user call still reaches the server.
    const status = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
    expect(status).toBe(401);

    // Offline, a deep link still opens the app shell (navigateFallback to /index.html).
    await page.context().setOffline(true);
    await page.goto('/how-it-works');
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await page.context().setOffline(false);
  });

  it('offers a reload when a new version is waiting, and the reload activates it', async () => {
    let release = 1;
    // A proxy publishes "release 2" of the service worker (the same script plus a comment).
    const proxy = await startRewritingProxy(suite.server.url, (path, body) =>
      path === '/sw.js' && release > 1 ? Buffer.concat([body, Buffer.from(`\n// release ${release}\n`)]) : null,
    );
    try {
      const page = await suite.newPage();
      await page.goto(`${proxy.url}/`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await page.getByText('A new version of Kāinga is available').count()).toBe(0);

      release = 2;
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await visible(page.getByText('A new version of Kāinga is available'));
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
      expect(await page.getByText('A new version of Kāinga is available').count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});
