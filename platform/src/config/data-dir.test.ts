import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores';
import { ConfigError } from './config';
import { dataDirProblem, makeDataDir } from './data-dir';

describe('DATA_DIR', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kainga-data-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const problemOf = (make: () => unknown): string => {
    try {
      make();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems.join('\n');
    }
    throw new Error('expected a ConfigError');
  };

  it('is made with its parents, for its owner only', () => {
    const dir = join(root, 'a', 'b');
    makeDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    makeDataDir(dir); // again: nothing to do
  });

  it('that cannot be made is said in words, rather than as a stack trace', () => {
    const file = join(root, 'notes.txt');
    writeFileSync(file, 'not a directory');
    expect(problemOf(() => makeDataDir(file))).toBe(`DATA_DIR ${file} cannot be used (it is a file, not a directory): choose a directory this user can create and write to.`);
    expect(problemOf(() => makeDataDir(join(file, 'data')))).toBe(`DATA_DIR ${join(file, 'data')} cannot be used (part of the path is a file, not a directory): choose a directory this user can create and write to.`);
  });

  it('names an errno it has no words for, and leaves other errors alone', () => {
    const odd = Object.assign(new Error('odd'), { code: 'EXDEV' });
    expect(dataDirProblem('/data', odd)?.problems).toEqual(['DATA_DIR /data cannot be used (EXDEV): choose a directory this user can create and write to.']);
    expect(dataDirProblem('/data', new Error('not the file system'))).toBeNull();
  });

  it('stops the embedded stores (every command-line tool opens them) with the same sentence', async () => {
    const file = join(root, 'notes.txt');
    writeFileSync(file, 'not a directory');
    const failed = await openStores({ DATA_DIR: join(file, 'data'), EVENTSTORE_URL: undefined, MONGO_URL: undefined, MONGO_DB: 'kainga' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ConfigError);
    expect((failed as ConfigError).problems[0]).toMatch(/^DATA_DIR .*notes\.txt\/data cannot be used \(part of the path is a file, not a directory\)/);
  });
});
