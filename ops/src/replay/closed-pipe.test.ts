import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { adActivityStream } from '@kainga/contracts';
import { SqliteEventStore } from '@kainga/platform';
import { impression } from '@kainga/projections/ad-records/testing';
import { isClosedPipe } from './closed-pipe';
import { main } from './replay-cli';

const CLI = fileURLToPath(new URL('./replay-cli.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
// Far more output than a pipe holds (64 KB), so the CLI is still writing when its reader leaves.
const IMPRESSIONS = 5000;

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'replay-pipe-'));
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  try {
    for (let batch = 0; batch < IMPRESSIONS / 1000; batch++) {
      const events = Array.from({ length: 1000 }, (_, i) => impression(batch * 1000 + i, '2026-03-01T10:00:00.000Z'));
      await store.append(adActivityStream('2026-03-01'), events, { expectedRevision: 'any' });
    }
  } finally {
    await store.close();
  }
});

/**
 * Runs the CLI as `npm run replay` does (tsx) with its stdout piped into a reader that closes the
 * pipe once it has a first line (or, for Parquet, a first chunk), as `| head -1` does; answers the
 * exit code, what it printed on stderr and how many bytes the reader got.
 */
function replayIntoClosingReader(args: string[], closeAfter: 'line' | 'chunk'): Promise<{ code: number | null; stderr: string; read: number }> {
  const child = spawn(process.execPath, [TSX, CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let read = 0;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (closeAfter === 'chunk' || chunk.includes(10)) child.stdout.destroy();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr, read }));
  });
}

describe('npm run replay -- ads | head -1', () => {
  it.each([
    [['ads'], 'line'],
    [['ads', '--format', 'csv'], 'line'],
    [['ads', '--format', 'parquet'], 'chunk'],
  ] as const)('%j ends quietly when its reader closes the pipe: exit 0, nothing on stderr', async (args, closeAfter) => {
    const { code, stderr, read } = await replayIntoClosingReader([...args], closeAfter);
    expect(read).toBeGreaterThan(0);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('ends --into quietly too when the reader of its figures has gone, the analysis kept', async () => {
    const closed = () => new Writable({ write: (_chunk, _encoding, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })) });
    let stderr = '';
    const err = new Writable({ write: (chunk: Buffer, _encoding, done) => ((stderr += chunk.toString()), done()) });
    expect(await main(['ads', '--into', 'piped'], { env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdout: closed(), stderr: err })).toBe(0);
    expect(await main(['ads', '--format', 'csv'], { env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdout: closed(), stderr: err })).toBe(0);
    expect(stderr).toBe('');
  });

  it('tells a closed pipe from any other output error', () => {
    expect(isClosedPipe(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isClosedPipe(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(false);
    expect(isClosedPipe(new Error('disk full'))).toBe(false);
    expect(isClosedPipe(null)).toBe(false);
  });
});
