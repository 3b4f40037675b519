import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBare, startReference } from './route-ratios';

describe('the bare baseline of bench:scale', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kainga-bare-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves each body as the service answered it, with the young generation at full size from the start', async () => {
    const file = join(dir, 'bodies.json');
    writeFileSync(file, JSON.stringify([{ body: '{"status":"ok"}', contentType: 'application/json; charset=utf-8' }, { body: '<p>hi</p>', contentType: 'text/html' }]));
    const bare = await startBare(file);
    try {
      // Two semi-spaces of at least 16 MB. Without BARE_NODE_FLAGS it starts at two of 8 MB (measured: 16).
      expect(bare.youngGenerationMb).toBeGreaterThanOrEqual(32);
      const json = await fetch(`${bare.url}/bare/0`);
      expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await json.text()).toBe('{"status":"ok"}');
      const html = await fetch(`${bare.url}/bare/1`);
      expect(html.headers.get('content-type')).toBe('text/html');
      expect(await html.text()).toBe('<p>hi</p>');
      expect((await fetch(`${bare.url}/bare/2`)).status).toBe(404);
    } finally {
      bare.stop();
    }
  });

  it("serves the same bodies through the request basics alone, with the service's request id and security headers", async () => {
    const file = join(dir, 'basics-bodies.json');
    writeFileSync(file, JSON.stringify([{ body: '{"status":"ok"}', contentType: 'application/json; charset=utf-8' }]));
    const basics = await startReference('basics-server.ts', file, /basics server at (\S+)/, 'the basics server');
    try {
      const res = await fetch(`${basics.url}/api/basics/0`);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.text()).toBe('{"status":"ok"}');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await fetch(`${basics.url}/api/basics/1`)).status).toBe(404);
    } finally {
      basics.stop();
    }
  });
});
