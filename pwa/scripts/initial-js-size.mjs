#!/usr/bin/env node
/**
 * Prints the gzip size of the JavaScript the browser loads for `/` (after `npm run build -w pwa`):
 * the entry chunk, the app chunk it starts (src/app/boot.tsx, preloaded by every page) and the home
 * route's chunk, with their static imports.
 * Also shows what a signed-in visit adds (the user menu chunk). Reads dist/.vite/manifest.json.
 *
 * Usage: node pwa/scripts/initial-js-size.mjs [--limit=250]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const limitArg = process.argv.find((a) => a.startsWith('--limit='));
const limitKb = limitArg ? Number(limitArg.slice('--limit='.length)) : 250;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}
function sizes(keys) {
  let raw = 0;
  let gz = 0;
  const rows = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const bytes = readFileSync(join(dist, file));
    const g = gzipSync(bytes).length;
    raw += bytes.length;
    gz += g;
    rows.push({ file, raw: bytes.length, gz: g });
  }
  return { raw, gz, rows: rows.sort((a, b) => b.gz - a.gz) };
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const home = Object.keys(manifest).find((k) => k.endsWith('features/home/HomePage.tsx'));
const boot = Object.keys(manifest).find((k) => k.endsWith('src/app/boot.tsx'));
const userMenu = Object.keys(manifest).find((k) => k.endsWith('chrome/UserMenu.tsx'));
if (!entry || !home) throw new Error('entry or home chunk not found in the manifest');

const started = boot ? [entry, boot] : [entry];
const signedOut = closure([...started, home]);
const signedIn = closure([...started, home, ...(userMenu ? [userMenu] : [])]);
const out = sizes(signedOut);
console.log('JS loaded by / (signed out):');
for (const r of out.rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gz).padStart(9)}`);
console.log(`  total ${kb(out.raw)}, gzip ${kb(out.gz)} (limit ${limitKb} KB)`);
const extra = sizes([...signedIn].filter((k) => !signedOut.has(k)));
console.log(`signed in adds: ${kb(extra.raw)}, gzip ${kb(extra.gz)} → gzip ${kb(out.gz + extra.gz)} in all`);
if (out.gz / 1024 > limitKb) {
  console.error(`initial JS of / is over the ${limitKb} KB gzip budget`);
  process.exitCode = 1;
}
