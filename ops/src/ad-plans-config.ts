import { parseAdPlansConfig, type AdPlansConfig } from '@kainga/command-api';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The plans shipped with the service: prices are configuration, edited here or replaced by AD_PLANS_FILE. */
export const DEFAULT_AD_PLANS_FILE = join(dirname(fileURLToPath(import.meta.url)), '../config/ad-plans.json');

/** Reads and validates the plans file; a missing or wrong one stops start-up with a message naming it. */
export function loadAdPlans(file: string | undefined): AdPlansConfig {
  const path = resolve(file ?? DEFAULT_AD_PLANS_FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`AD_PLANS_FILE: cannot read the advertising plans from ${path}: ${(err as Error).message}`);
  }
  return parseAdPlansConfig(json, path);
}
