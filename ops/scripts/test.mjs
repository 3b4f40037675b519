// `npm test`: type-check, lint, unit + contract + API tests (Temporal's on a dev server and the
// MongoDB ones on FerretDB, both built from Go once per machine), then browser tests in Chromium.
// Every step runs even when an earlier one fails, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureFerretdb } from './ensure-ferretdb.mjs';
import { ensureTemporalCli } from './ensure-temporal.mjs';

const steps = [
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  // Without Go the unit tests still run: the Temporal and MongoDB (FerretDB) suites then fail with the reason.
  [
    'unit, contract and API tests',
    'npx',
    ['vitest', 'run', '--project', 'unit'],
    async () => {
      await ensureTemporalCli().catch((e) => console.error(e.message));
      await ensureFerretdb().catch((e) => console.error(e.message));
    },
  ],
  ['build the PWA', 'npm', ['run', 'build:pwa']],
  ['browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'browser'], ensureChromium],
];

const results = [];
for (const [name, cmd, args, before] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  let ok;
  try {
    await before?.();
    ok = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } }).status === 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    ok = false;
  }
  results.push([name, ok, ((Date.now() - started) / 1000).toFixed(1)]);
}

console.log('\n━━ summary ━━');
for (const [name, ok, s] of results) console.log(`${ok ? '✔' : '✘'} ${name} (${s}s)`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
