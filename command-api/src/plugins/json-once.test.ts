import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonOnce } from './json-once';

const Answer = z.object({ n: z.number() });

/** A reply that records what was sent and with which content type. */
function fakeReply() {
  const sent: { type?: string; payload: unknown }[] = [];
  let type: string | undefined;
  const reply = {
    type(t: string) {
      type = t;
      return reply;
    },
    send(payload: unknown) {
      sent.push({ type, payload });
      type = undefined;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

describe('JsonOnce', () => {
  it('writes (and checks) a frozen value once, and a new version of it (a new frozen object) again', () => {
    let built = 0;
    const answers = new JsonOnce<{ n: number }>(Answer, (v) => (built++, { n: v.n, extra: true }));
    const { reply, sent } = fakeReply();
    const v1 = Object.freeze({ n: 1 });
    answers.send(reply, v1);
    answers.send(reply, v1);
    expect(built).toBe(1);
    answers.send(reply, Object.freeze({ n: 2 }));
    expect(built).toBe(2);
    // Checked and written as the schema says (the extra field dropped), sent as JSON.
    expect(sent).toEqual([
      { type: 'application/json; charset=utf-8', payload: '{"n":1}' },
      { type: 'application/json; charset=utf-8', payload: '{"n":1}' },
      { type: 'application/json; charset=utf-8', payload: '{"n":2}' },
    ]);
  });

  it('hands a value that could change to the route\'s serialiser every time', () => {
    const answers = new JsonOnce<{ n: number }>(Answer, (v) => ({ n: v.n }));
    const { reply, sent } = fakeReply();
    const v = { n: 1 };
    answers.send(reply, v);
    v.n = 2;
    answers.send(reply, v);
    expect(sent).toEqual([
      { type: undefined, payload: { n: 1 } },
      { type: undefined, payload: { n: 2 } },
    ]);
  });

  it('keeps the body of what the caller says never changes', () => {
    let built = 0;
    const answers = new JsonOnce<{ n: number }>(Answer, (v) => (built++, v), () => true);
    const { reply } = fakeReply();
    const v = { n: 1 };
    answers.send(reply, v);
    answers.send(reply, v);
    expect(built).toBe(1);
  });

  it('sends a list of frozen values as one array joined from each element\'s kept body', () => {
    let built = 0;
    const answers = new JsonOnce<{ n: number }>(Answer, (v) => (built++, { n: v.n, extra: true }));
    const { reply, sent } = fakeReply();
    const [a, b] = [Object.freeze({ n: 1 }), Object.freeze({ n: 2 })];
    answers.sendList(reply, [a, b]);
    answers.sendList(reply, [b, a, Object.freeze({ n: 3 })]);
    answers.sendList(reply, []);
    // Each element written once, whichever list it is in; the empty list is an empty array.
    expect(built).toBe(3);
    // Sent as UTF-8 bytes.
    expect(sent.map((s) => (s.payload as Buffer).toString('utf8'))).toEqual(['[{"n":1},{"n":2}]', '[{"n":2},{"n":1},{"n":3}]', '[]']);
    expect(sent.every((s) => s.type === 'application/json; charset=utf-8' && Buffer.isBuffer(s.payload))).toBe(true);
  });

  it('hands a list with a value that could change to the route\'s serialiser', () => {
    const answers = new JsonOnce<{ n: number }>(Answer, (v) => ({ n: v.n }));
    const { reply, sent } = fakeReply();
    answers.sendList(reply, [Object.freeze({ n: 1 }), { n: 2 }]);
    expect(sent).toEqual([{ type: undefined, payload: [{ n: 1 }, { n: 2 }] }]);
  });

  it('refuses a list with an element its schema does not allow', () => {
    const answers = new JsonOnce<{ n: number }>(Answer, (v) => (v.n === 2 ? { n: 'two' } : v));
    expect(() => answers.sendList(fakeReply().reply, [Object.freeze({ n: 1 }), Object.freeze({ n: 2 })])).toThrow();
  });

  it('refuses a body its schema does not allow', () => {
    const answers = new JsonOnce<{ n: number }>(Answer, () => ({ n: 'one' }));
    expect(() => answers.send(fakeReply().reply, Object.freeze({ n: 1 }))).toThrow();
  });
});
