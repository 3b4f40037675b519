import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedDestination, type LogSink } from './batched-destination';

function sink() {
  const chunks: string[] = [];
  let syncFlushes = 0;
  const s: LogSink = { write: (chunk: string) => chunks.push(chunk), flushSync: () => void syncFlushes++ };
  return { s, chunks, syncFlushes: () => syncFlushes };
}

describe('BatchedDestination', () => {
  const made: BatchedDestination[] = [];
  afterEach(() => made.splice(0).forEach((d) => d.close()));
  const destination = (s: LogSink, minLength: number) => {
    const d = new BatchedDestination(s, 1, minLength, 60_000);
    made.push(d);
    return d;
  };

  it('holds lines until minLength characters wait, then hands them over as one chunk, in order', () => {
    const { s, chunks } = sink();
    const d = destination(s, 30);
    d.write('{"a":1}\n');
    d.write('{"b":2}\n');
    expect(chunks).toEqual([]);
    d.write('{"c":3}\n');
    d.write('{"d":4}\n');
    expect(chunks).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n{"d":4}\n']);
    d.write('{"e":5}\n');
    expect(chunks).toHaveLength(1);
  });

  it('hands over what waits on flush, and flushSync also empties the sink', () => {
    const { s, chunks, syncFlushes } = sink();
    const d = destination(s, 4096);
    d.write('one\n');
    let done = false;
    d.flush(() => (done = true));
    expect(done).toBe(true);
    expect(chunks).toEqual(['one\n']);
    d.flush();
    expect(chunks).toHaveLength(1);
    d.flushSync();
    expect(syncFlushes()).toBe(1);
  });

  it.each(['exit', 'crash', 'natural'])('writes every line to stdout when the process ends (%s)', (how) => {
    const fixture = fileURLToPath(new URL('./exit-fixture.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', fixture, how], { encoding: 'utf8' });
    const lines = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { i: number; msg: string });
    expect(lines.map((l) => l.i)).toEqual([0, 1, 2]);
    expect(run.status).toBe(how === 'crash' ? 1 : 0);
  });
});
