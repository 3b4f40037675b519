import { existsSync } from 'node:fs';

/** Debian's Chromium, which the browser tests and bench:web drive (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (containers), and nothing that reaches the network on its own. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Throws, saying how to install it, when Chromium is not there. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: run \`node ops/scripts/ensure-chromium.mjs\` (apt-get install chromium).`);
  }
}
