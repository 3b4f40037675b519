import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBare } from './route-ratios';

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
});
