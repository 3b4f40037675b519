import { SqliteEventStore } from '@kainga/platform';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLogDataDir } from './ad-log.fixture';
import { replayAds } from './replay-ads';
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
      const counts = await replayAds(store, { range: parseRange('2', '2026-03-02T09:00:00.000Z'), format: 'ndjson', out: out.stream, pageSize });
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
      format: 'csv',
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
    expect(await replayAds(store, { range: parseRange('2026-04-01', undefined), format: 'csv', out: out.stream })).toEqual({ impressions: 0, clicks: 0, read: 6 });
    expect(out.text()).toBe('position,recordedAt,kind,eventId,activityId,at,adContentId,subscriptionId,partnerId,tier,placement,city,suburb,userId,propertyId,userAgent,ipHash,sessionHash\r\n');
  });
});
