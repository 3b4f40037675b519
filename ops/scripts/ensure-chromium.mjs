// Browser tests drive Debian's Chromium; install it when it is missing (never download a browser).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  const sudo = root ? '' : 'sudo -n ';
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package…`);
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
  } catch {
    throw new Error(`Could not install Chromium. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing.`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
