import { SqliteEventStore } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AllowanceHolder } from './allowance-holder';
import { ServeTokens } from './serve-token';
import { TrafficFilter, type AdEventToJudge } from './traffic-filter';

const ad = { id: 'ad-1', subscriptionId: 'sub-1' };
const tokens = new ServeTokens('a-test-secret-that-is-at-least-32-characters');
const newFilter = () => new TrafficFilter(tokens, new AllowanceHolder(new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'filter-')), 'e.sqlite'))));
const beforeMidnight = Date.parse('2026-12-01T23:59:00Z');
const afterMidnight = Date.parse('2026-12-02T00:01:00Z');
// One browser session: hashed with 1 December's key before midnight, with 2 December's after (and 1 December's beside it).
const dec1 = { sessionHash: 'session-under-dec-1', earlierSessionHash: null };
const dec2 = { sessionHash: 'session-under-dec-2', earlierSessionHash: 'session-under-dec-1' };

function event(kind: 'impression' | 'click', hashes: { sessionHash: string; earlierSessionHash: string | null }, now: number, servedTo = hashes.sessionHash): AdEventToJudge {
  const serveToken = tokens.issue({ adContentId: ad.id, subscriptionId: ad.subscriptionId, placement: 'sidebar_valuation', locationId: 'auckland', cap: 1000, sessionHash: servedTo, servedAt: now - 30_000 });
  return { kind, ad, placement: 'sidebar_valuation', serveToken, ...hashes, addressKey: '203.0.113.9', month: '2026-12', now };
}

describe('invalid-traffic filtering across the visitor keys’ midnight', () => {
  it('counts one browser session’s impression once, though its hash changed at midnight', async () => {
    const filter = newFilter();
    expect((await filter.judge(event('impression', dec1, beforeMidnight))).count).toBe(true);
    expect(await filter.judge(event('impression', dec2, afterMidnight))).toEqual({ count: false, reason: 'duplicate' });
    await filter.close();
  });

  it('counts a click after midnight on the impression counted before it, once', async () => {
    const filter = newFilter();
    expect((await filter.judge(event('impression', dec1, beforeMidnight))).count).toBe(true);
    expect((await filter.judge(event('click', dec2, afterMidnight))).count).toBe(true);
    expect(await filter.judge(event('click', dec2, afterMidnight + 1000))).toEqual({ count: false, reason: 'duplicate' });
    await filter.close();
  });

  it('takes an advert served before midnight and shown after it as the same session’s', async () => {
    const filter = newFilter();
    expect((await filter.judge(event('impression', dec2, afterMidnight, dec1.sessionHash))).count).toBe(true);
    // Served to someone else altogether: filtered.
    expect(await filter.judge(event('impression', { sessionHash: 'another', earlierSessionHash: 'another-before' }, afterMidnight, dec1.sessionHash))).toEqual({ count: false, reason: 'other_session' });
    await filter.close();
  });

  it('still counts a new session after midnight', async () => {
    const filter = newFilter();
    expect((await filter.judge(event('impression', dec1, beforeMidnight))).count).toBe(true);
    expect((await filter.judge(event('impression', { sessionHash: 'new-session', earlierSessionHash: 'new-session-before' }, afterMidnight))).count).toBe(true);
    await filter.close();
  });

  it('forgets the address and the browser session once swept after their windows', async () => {
    const filter = newFilter();
    expect((await filter.judge(event('impression', dec1, beforeMidnight))).count).toBe(true);
    expect(filter.sweep(beforeMidnight + 1000)).toBe(0);
    // Past both the address's hour (counted from the request's own time) and the session's 24 h.
    expect(filter.sweep(Math.max(Date.now(), beforeMidnight) + 25 * 60 * 60_000)).toBe(2);
    expect(filter.impressions.size).toBe(0);
    await filter.close();
  });
});
