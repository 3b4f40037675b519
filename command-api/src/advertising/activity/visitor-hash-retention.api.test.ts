import { adRecordPages, ndjsonLine } from '@kainga/projections/ad-records';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makePartner, newAdCookie, placeAdvert, serveTokenFor, startTestApp, type TestApp } from '../../testing/test-app';
import { AD_SESSION_COOKIE, VisitorHasher } from './ad-visitor';
import { VISITOR_KEY_PREFIX, VisitorDayKeys, utcDayOf } from './visitor-day-keys';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DAY = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** What an analyst's replay writes for every impression and click in the log (NDJSON, as `npm run replay -- ads`). */
async function replayText(): Promise<string> {
  let text = '';
  for await (const page of adRecordPages(t.stores.eventStore, { range: { from: null, to: null } })) text += page.map(ndjsonLine).join('');
  return text;
}

describe('advertising visitor hashes after their retention', () => {
  it('can be matched to an address and a browser while the day key lives, never after it is destroyed, and replays the same', async () => {
    const me = await client(t.app).register('retained-valuer@example.nz');
    const partnerId = await makePartner(t.stores, me.id, 'registered_valuer');
    const ad = await placeAdvert(t.stores, { partnerId, userId: me.id, role: 'registered_valuer' });
    const visitors = [
      { ip: '203.0.113.5', cookie: newAdCookie() },
      { ip: '203.0.113.6', cookie: newAdCookie() },
    ];
    for (const v of visitors) {
      const payload = { adContentId: ad.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, serveToken: await serveTokenFor(t.deps, v.cookie, ad) };
      const res = await t.app.inject({ method: 'POST', url: '/api/ads/impression', payload, headers: { 'user-agent': BROWSER }, cookies: { [AD_SESSION_COOKIE]: v.cookie }, remoteAddress: v.ip });
      expect(res.json()).toMatchObject({ recorded: true });
    }
    const before = await replayText();
    const records = before.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { ipHash: string; sessionHash: string; at: string });
    expect(records).toHaveLength(2);
    const recordedAt = Date.parse(records[0]!.at);

    // Today, whoever holds the vault can tell which record was which address and browser.
    const asOf = (ip: string, cookie: string, keys: VisitorDayKeys) =>
      new VisitorHasher(keys).visitorOf({ headers: { cookie: `${AD_SESSION_COOKIE}=${cookie}` }, ip, protocol: 'http' } as unknown as FastifyRequest, { header: () => undefined } as unknown as FastifyReply, recordedAt);
    const linked = await asOf(visitors[0]!.ip, visitors[0]!.cookie, new VisitorDayKeys(t.stores.personalKeys));
    expect(records.map((r) => r.ipHash)).toContain(linked.ipHash);
    expect(records.map((r) => r.sessionHash)).toContain(linked.sessionHash);

    // Two days on, the retention job destroys the day's key (the schedule runs it hourly).
    const keys = new VisitorDayKeys(t.stores.personalKeys);
    expect(await keys.destroyExpired(recordedAt + 2 * DAY)).toEqual([`${VISITOR_KEY_PREFIX}${utcDayOf(recordedAt)}`]);
    expect(await t.stores.personalKeys.vault.keyOf(`${VISITOR_KEY_PREFIX}${utcDayOf(recordedAt)}`)).toBeNull();
    await expect(asOf(visitors[0]!.ip, visitors[0]!.cookie, new VisitorDayKeys(t.stores.personalKeys))).rejects.toThrow(/destroyed already/);

    // The log is untouched: the replay is byte for byte what it was.
    expect(await replayText()).toBe(before);
  });
});
