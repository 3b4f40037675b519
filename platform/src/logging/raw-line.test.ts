import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { rawLineWriter } from './raw-line';

function capture() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split(/(?<=\n)/));
      done();
    },
  });
  return { out, lines };
}

const fieldsOf = (o: Record<string, unknown>) => JSON.stringify(o).slice(1, -1);

describe('rawLineWriter', () => {
  it('writes the bytes pino writes for the same fields and message', () => {
    const { out, lines } = capture();
    const logger = pino({ name: 'kainga', timestamp: () => ',"time":42', base: { pid: 7, hostname: 'h' } }, out).child({ area: 'http' });
    const write = rawLineWriter(logger)!;
    expect(write).not.toBeNull();
    for (const fields of [
      { reqId: 'a-1', method: 'GET', url: '/api/health', statusCode: 200, responseTime: 0.4 },
      { reqId: 'x"y\\z', method: 'POST', url: '/api/x?q=\u00e9t\u00e9&n=\n\t', statusCode: 503, responseTime: 12 },
    ]) {
      write(fields.statusCode >= 500 ? 'error' : 'info', fieldsOf(fields), 'request completed');
      if (fields.statusCode >= 500) logger.error(fields, 'request completed');
      else logger.info(fields, 'request completed');
    }
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(lines[1]);
    expect(lines[2]).toBe(lines[3]);
    expect(JSON.parse(lines[2]!)).toMatchObject({ level: 50, time: 42, pid: 7, area: 'http', url: '/api/x?q=\u00e9t\u00e9&n=\n\t', msg: 'request completed' });
  });

  it("writes the service logger's lines in pino's shape, and only at enabled levels", () => {
    const { out, lines } = capture();
    const logger = createLogger('warn', 'kainga', out);
    const write = rawLineWriter(logger)!;
    write('info', fieldsOf({ n: 1 }), 'dropped');
    write('error', fieldsOf({ n: 2 }), 'kept');
    logger.error({ n: 2 }, 'kept');
    expect(lines).toHaveLength(2);
    const [ours, pinos] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
  });

  it('follows a level formatter, which pino bakes into the start of each line', () => {
    const { out, lines } = capture();
    const logger = pino({ timestamp: () => ',"time":1', formatters: { level: (label) => ({ level: label }) } }, out);
    rawLineWriter(logger)!('info', fieldsOf({ n: 1 }), 'm');
    logger.info({ n: 1 }, 'm');
    expect(lines[0]).toContain('"level":"info"');
    expect(lines[0]).toBe(lines[1]);
  });

  it('declines a logger that changes its lines in ways it cannot repeat', () => {
    const { out } = capture();
    expect(rawLineWriter(pino({ mixin: () => ({ extra: 1 }) }, out))).toBeNull();
    expect(rawLineWriter(pino({ formatters: { log: (o) => ({ wrapped: o }) } }, out))).toBeNull();
    expect(rawLineWriter(pino({ messageKey: 'message' }, out))).toBeNull();
    expect(rawLineWriter(pino({ nestedKey: 'payload' }, out))).toBeNull();
  });
});
