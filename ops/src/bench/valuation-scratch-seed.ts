import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKainga } from '../server';
const dir = mkdtempSync(join(tmpdir(), 'kainga-vb-'));
const t0 = Date.now();
const k = await startKainga({ dataDir: dir, port: 0, env: { LOG_LEVEL: 'silent', SEED_DEMO: 'true', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1' } });
console.log('started', k.url, Date.now() - t0, 'ms');
const url = k.url.replace('localhost', '127.0.0.1');
const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email: 'owner@demo.kainga.nz', password: 'kainga-demo-2025' }) });
console.log(res.status, res.headers.getSetCookie());
const cookie = res.headers.getSetCookie().find((c) => c.startsWith('kainga.sid='))!.split(';')[0]!;
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = await fetch(`${url}/api/valuations`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify({ purpose: 'buying', address: `${i + 3} Kowhai Street`, suburb: 'Karori', city: 'Wellington', floorArea: 150, landArea: 500, bedrooms: 3, bathrooms: 2, rateableValue: 950000, conditionScores: { kitchen: 4 } }) });
  console.log(r.status, (performance.now() - t).toFixed(1), 'ms', (await r.text()).slice(0, 200));
}
await k.close();
rmSync(dir, { recursive: true, force: true });
