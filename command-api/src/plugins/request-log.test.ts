import { createLogger } from '@kainga/platform';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { LazyRequestLogger } from './request-log';

function capturing(level: string) {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(level, 'kainga', out), lines };
}

describe('LazyRequestLogger', () => {
  it('builds no child until a line is written, then writes with the request id', () => {
    const { logger, lines } = capturing('info');
    const child = vi.spyOn(logger, 'child');
    const log = new LazyRequestLogger(logger, { reqId: 'r-1' }, {});
    log.debug('below the level');
    expect(child).not.toHaveBeenCalled();
    log.warn({ thing: 1 }, 'something odd');
    log.info('and more');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-1', thing: 1, msg: 'something odd' },
      { level: 30, reqId: 'r-1', msg: 'and more' },
    ]);
  });

  it('follows a level set on it, and a route level given by Fastify', () => {
    const { logger, lines } = capturing('info');
    const log = new LazyRequestLogger(logger, { reqId: 'r-2' }, {});
    expect(log.level).toBe('info');
    log.level = 'debug';
    log.debug('now written');
    const quiet = new LazyRequestLogger(logger, { reqId: 'r-3' }, { level: 'error' });
    quiet.warn('dropped');
    quiet.error('kept');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['r-2', 'now written'],
      ['r-3', 'kept'],
    ]);
    expect(logger.level).toBe('info');
  });
});
