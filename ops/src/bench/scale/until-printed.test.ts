import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { untilPrinted } from './until-printed';

const node = (script: string, stderr: 'pipe' | 'ignore' = 'pipe') => spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', stderr] });

describe('untilPrinted', () => {
  it('answers the first match, even when it arrives in pieces', async () => {
    const child = node(`process.stdout.write('booting\\nlistening at http://127.0.'); setTimeout(() => { process.stdout.write('0.1:4321 now\\n'); setTimeout(() => {}, 2000); }, 50);`);
    try {
      const match = await untilPrinted(child, /listening at (\S+) now/, 'the server');
      expect(match[1]).toBe('http://127.0.0.1:4321');
    } finally {
      child.kill();
    }
  });

  it('keeps draining a chatty child after the match, so it never blocks on a full pipe', async () => {
    // 4 MB after the match, far more than a pipe holds: the child exits only if someone reads it.
    const child = node(`console.log('ready'); const line = 'x'.repeat(1023) + '\\n'; for (let i = 0; i < 4096; i++) process.stdout.write(line);`);
    await untilPrinted(child, /ready/, 'the server');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  });

  it('rejects with what the child printed when it exits before the match', async () => {
    const child = node(`console.log('starting'); console.error('Error: DATA_DIR is already used'); process.exit(3);`);
    const error = await untilPrinted(child, /listening/, 'the server').catch((e: Error) => e);
    expect(String(error)).toMatch(/^Error: the server exited \(3\) before it was ready:\n/);
    // Both streams are quoted (which came first is the pipes' business).
    expect(String(error)).toContain('starting');
    expect(String(error)).toContain('Error: DATA_DIR is already used');
  });

  it('rejects at once when stdout is not piped', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await expect(untilPrinted(child, /x/, 'the server')).rejects.toThrow('the server: its stdout is not piped');
  });
});
