import { loadConfig } from '@kainga/platform';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionSecretFor } from './session-secret';

const modeOf = (path: string) => statSync(path).mode & 0o777;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kainga-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the generated session secret', () => {
  it('is written once, readable by this user only, and reused', () => {
    const secret = sessionSecretFor(loadConfig({}), dir);
    const file = join(dir, '.session-secret');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(secret);
    expect(modeOf(file)).toBe(0o600);
    expect(sessionSecretFor(loadConfig({}), dir)).toBe(secret);
  });

  it('narrows a secret file left readable by others', () => {
    const file = join(dir, '.session-secret');
    writeFileSync(file, 'an-older-secret-that-is-long-enough-to-sign');
    chmodSync(file, 0o644);
    expect(sessionSecretFor(loadConfig({}), dir)).toBe('an-older-secret-that-is-long-enough-to-sign');
    expect(modeOf(file)).toBe(0o600);
  });
});
