import { ConfigError } from '@kainga/platform';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir';

describe('prepareDataDir', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kainga-data-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes the directory for its owner only and holds it for this process until released', () => {
    const dataDir = join(root, 'a', 'b');
    const release = prepareDataDir(dataDir, true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(dataDir, 'kainga.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dataDir, 'kainga.pid'))).toBe(false);
  });

  it('does not hold a directory whose stores are elsewhere (EventStoreDB and MongoDB)', () => {
    const dataDir = join(root, 'distributed');
    prepareDataDir(dataDir, false)();
    expect(existsSync(dataDir)).toBe(true);
    expect(existsSync(join(dataDir, 'kainga.pid'))).toBe(false);
  });

  it('says in words when a file is in the way (platform/src/config/data-dir.ts words it)', () => {
    const file = join(root, 'notes.txt');
    writeFileSync(file, 'not a directory');
    expect(() => prepareDataDir(join(file, 'data'), true)).toThrow(ConfigError);
    expect(() => prepareDataDir(join(file, 'data'), true)).toThrow(/DATA_DIR .*cannot be used \(part of the path is a file, not a directory\)/);
  });

  it('refuses a directory another live Kāinga process holds, naming it', () => {
    const dataDir = join(root, 'held');
    prepareDataDir(dataDir, false);
    // The test runner's parent process is alive and is not this one.
    writeFileSync(join(dataDir, 'kainga.pid'), String(process.ppid));
    expect(() => prepareDataDir(dataDir, true)).toThrow(ConfigError);
    expect(() => prepareDataDir(dataDir, true)).toThrow(`DATA_DIR ${dataDir} is already used by process ${process.ppid}: stop it first or choose another DATA_DIR.`);
  });
});
