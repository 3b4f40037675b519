import { SqliteEventStore, type EventStore } from '@kainga/platform';
import { once } from 'node:events';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLogDataDir } from './ad-log.fixture';
import { textEncoder } from './ad-records';
import { adRecordPages, encodedChunks, replayAds } from './replay-ads';
import { parseRange } from './replay-range';

/** A slow sink with a tiny buffer, so that writes have to wait for 'drain'. */
function slowSink() {
  const chunks: string[] = [];
  let waits = 0;
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      setTimeout(done, 1);
    },
  });
  stream.on('drain', () => (waits += 1));
  return { stream, text: () => chunks.join(''), waits: () => waits };
}

let store: SqliteEventStore;
beforeAll(async () => {
  store = new SqliteEventStore(join(await adLogDataDir(), 'events.sqlite'));
});
afterAll(() => store.close());

describe('replayAds', () => {
  it('gives the same output and counts whatever the page size, waiting for the stream to drain', async () => {
    const outputs: string[] = [];
    for (const pageSize of [1, 2, 3, 5000]) {
      const out = slowSink();
      const counts = await replayAds(store, { range: parseRange('2', '2026-03-02T09:00:00.000Z'), encoder: textEncoder('ndjson'), out: out.stream, pageSize });
      // Read: positions 1 (before the range), 2, 4, 5 and 7 (the first at the range's end).
      expect(counts).toEqual({ impressions: 2, clicks: 1, read: 5 });
      expect(out.waits()).toBeGreaterThan(0);
      outputs.push(out.text());
    }
    expect(outputs[0]!.split('\n').filter(Boolean)).toHaveLength(3);
    expect(new Set(outputs).size).toBe(1);
  });

  it('stops at the last ad event present when it started, ignoring events appended during the replay', async () => {
    // A log of its own: the event appended here must not reach the other tests.
    const store = new SqliteEventStore(join(await adLogDataDir(), 'events.sqlite'));
    const out = slowSink();
    let appended = false;
    const counts = await replayAds(store, {
      range: parseRange(undefined, undefined),
      encoder: textEncoder('csv'),
      out: out.stream,
      pageSize: 2,
      onProgress: () => {
        if (appended) return;
        appended = true;
        void store.append('adActivity-2026-03-03', [{ id: 'late', type: 'AdClickRecorded', data: {}, metadata: { actorId: null, actorRoles: [], correlationId: 'late', causationId: null, occurredAt: '2026-03-03T00:00:00.000Z' } }], { expectedRevision: 'any' });
      },
    });
    expect(appended).toBe(true);
    expect(counts).toEqual({ impressions: 4, clicks: 2, read: 6 });
    expect(out.text()).not.toContain('late');
    expect((await store.readAll({ filter: { eventTypes: ['AdClickRecorded'] } })).map((e) => e.id)).toContain('late');
    await store.close();
  });

  it('writes only the CSV header for a range without ad events', async () => {
    const out = slowSink();
    expect(await replayAds(store, { range: parseRange('2026-04-01', undefined), encoder: textEncoder('csv'), out: out.stream })).toEqual({ impressions: 0, clicks: 0, read: 6 });
    expect(out.text()).toBe('position,recordedAt,kind,eventId,activityId,at,adContentId,subscriptionId,partnerId,tier,placement,city,suburb,userId,propertyId,userAgent,ipHash,sessionHash\r\n');
  });

  it('reads a store page only when the consumer asks for the next one (the HTTP stream holds one page at most)', async () => {
    let reads = 0;
    const counting = new Proxy(store, {
      get(target, key) {
        if (key === 'readAll') return (options: Parameters<EventStore['readAll']>[0]) => ((reads += 1), target.readAll(options));
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const pages = adRecordPages(counting, { range: parseRange(undefined, undefined), pageSize: 1 });
    expect(reads).toBe(0);
    await pages.next();
    expect(reads).toBe(1);
    await pages.return(undefined);

    reads = 0;
    const readable = Readable.from(encodedChunks(adRecordPages(counting, { range: parseRange(undefined, undefined), pageSize: 1 }), textEncoder('ndjson')), { objectMode: false, highWaterMark: 1 });
    await once(readable, 'readable');
    await new Promise(setImmediate);
    // Nobody has read the first page's bytes yet: no second page is fetched.
    expect(reads).toBe(1);
    const chunks: Buffer[] = [];
    for await (const chunk of readable) chunks.push(chunk as Buffer);
    expect(reads).toBe(6);
    expect(Buffer.concat(chunks).toString().split('\n').filter(Boolean)).toHaveLength(6);
  });
});
