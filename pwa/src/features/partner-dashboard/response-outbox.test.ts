import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { createResponseOutbox, enqueue, mayPassLater, newIdempotencyKey, type OutboxStorage, type QueuedResponse } from './response-outbox';

const entry = (leadId: string, key = `key-${leadId}`): QueuedResponse => ({
  idempotencyKey: key,
  leadId,
  role: 'mortgage_broker',
  response: `Reply to ${leadId}`,
  queuedAt: '2025-03-01T10:00:00.000Z',
});

/** The device's storage, in memory; `saved` is what a reload would find. */
function memoryStorage(initial: QueuedResponse[] = []): OutboxStorage & { saved: QueuedResponse[] } {
  const s = {
    saved: initial,
    load: async () => [...s.saved],
    save: async (entries: QueuedResponse[]) => {
      s.saved = [...entries];
    },
  };
  return s;
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('enqueue', () => {
  it('keeps one response per lead: the first one queued', () => {
    const q = enqueue(enqueue([], entry('a', 'k1')), entry('a', 'k2'));
    expect(q.map((e) => e.idempotencyKey)).toEqual(['k1']);
    expect(enqueue(q, entry('b')).map((e) => e.leadId)).toEqual(['a', 'b']);
  });
});

describe('which failures keep an entry for later', () => {
  it('keeps it without a network, signed out, or with the server busy or failing; drops it when refused', () => {
    expect(mayPassLater(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [401, 408, 429, 500, 503]) expect(mayPassLater(new ApiError(status, '', 'x')), String(status)).toBe(true);
    for (const status of [400, 403, 404, 409]) expect(mayPassLater(new ApiError(status, '{"message":"no"}', 'x')), String(status)).toBe(false);
  });
});

describe('the response outbox', () => {
  it('keeps a response written offline on the device, so a reload still has it', async () => {
    const storage = memoryStorage();
    const outbox = createResponseOutbox(storage);
    await outbox.add(entry('a'));
    const result = await outbox.flush(offline);
    expect(result).toEqual({ sent: [], failed: [], waiting: 1 });
    expect(storage.saved.map((e) => e.leadId)).toEqual(['a']);

    const afterReload = createResponseOutbox(storage);
    expect((await afterReload.load()).map((e) => e.leadId)).toEqual(['a']);
  });

  it('sends each entry once when the network returns, with the key made at Send, in order', async () => {
    const storage = memoryStorage([entry('a'), entry('b')]);
    const outbox = createResponseOutbox(storage);
    const calls: string[] = [];
    const send = async (e: QueuedResponse) => void calls.push(`${e.leadId}:${e.idempotencyKey}`);
    const first = await outbox.flush(send);
    expect(first.sent.map((e) => e.leadId)).toEqual(['a', 'b']);
    expect(first.waiting).toBe(0);
    await outbox.flush(send);
    expect(calls).toEqual(['a:key-a', 'b:key-b']);
    expect(storage.saved).toEqual([]);
    expect(outbox.current()).toEqual([]);
  });

  it('stops at a failure that may pass and keeps the rest in order', async () => {
    const storage = memoryStorage([entry('a'), entry('b'), entry('c')]);
    const outbox = createResponseOutbox(storage);
    const result = await outbox.flush(async (e) => {
      if (e.leadId === 'b') throw new ApiError(503, '', 'Service Unavailable');
    });
    expect(result.sent.map((e) => e.leadId)).toEqual(['a']);
    expect(result.waiting).toBe(2);
    expect(storage.saved.map((e) => e.leadId)).toEqual(['b', 'c']);
  });

  it('drops a refused entry, reports it, and goes on with the next', async () => {
    const storage = memoryStorage([entry('a'), entry('b')]);
    const outbox = createResponseOutbox(storage);
    const refused = new ApiError(409, '{"message":"You have already responded."}', 'Conflict');
    const result = await outbox.flush(async (e) => {
      if (e.leadId === 'a') throw refused;
    });
    expect(result.failed).toEqual([{ entry: entry('a'), error: refused }]);
    expect(result.sent.map((e) => e.leadId)).toEqual(['b']);
    expect(storage.saved).toEqual([]);
  });

  it('never sends an entry twice when flushes overlap', async () => {
    const storage = memoryStorage([entry('a')]);
    const outbox = createResponseOutbox(storage);
    let sends = 0;
    const send = async () => {
      sends += 1;
    };
    await Promise.all([outbox.flush(send), outbox.flush(send), outbox.flush(send)]);
    expect(sends).toBe(1);
  });

  it('an entry added while a flush runs is kept, and tells subscribers', async () => {
    const storage = memoryStorage([entry('a')]);
    const outbox = createResponseOutbox(storage);
    let notified = 0;
    outbox.subscribe(() => (notified += 1));
    const flushing = outbox.flush(async () => undefined);
    const adding = outbox.add(entry('b'));
    await Promise.all([flushing, adding]);
    expect(storage.saved.map((e) => e.leadId)).toEqual(['b']);
    expect(notified).toBeGreaterThanOrEqual(2);
  });
});

describe('newIdempotencyKey', () => {
  it('makes distinct v4 UUIDs', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
