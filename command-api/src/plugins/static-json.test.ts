import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staticJson } from './static-json';

const Thing = z.object({ id: z.string(), count: z.number() });

describe('staticJson', () => {
  it('sends the schema’s output (its fields, in its order) as JSON, the same bytes every time', async () => {
    const app = Fastify();
    const send = staticJson(z.array(Thing), [{ count: 2, id: 'Whangārei', extra: true } as never]);
    app.get('/', async (_req, reply) => send(reply));
    for (let i = 0; i < 2; i++) {
      const res = await app.inject('/');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe('[{"id":"Whangārei","count":2}]');
    }
    await app.close();
  });

  it('refuses, at start-up, a body its schema does not accept', () => {
    expect(() => staticJson(Thing, { id: 'x' } as never)).toThrow();
  });
});
