import { SqlitePersonalDataVault } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AD_SESSION_COOKIE, VisitorHasher } from './ad-visitor';
import { VISITOR_KEY_PREFIX, VisitorDayKeys } from './visitor-day-keys';

const newVault = () => new SqlitePersonalDataVault(join(mkdtempSync(join(tmpdir(), 'visitor-keys-')), 'personal-keys.sqlite'));
const at = (iso: string) => Date.parse(iso);
const cookie = 'AAAAAAAAAAAAAAAAAAAAAA';
const request = (ip: string) => ({ headers: { cookie: `${AD_SESSION_COOKIE}=${cookie}` }, ip, protocol: 'http' }) as unknown as FastifyRequest;
const reply = { header: () => reply } as unknown as FastifyReply;

describe('the advertising visitor hashes’ daily keys', () => {
  it('hashes one browser and one address alike all day, and differently the next day, with yesterday’s hash alongside', async () => {
    const hasher = new VisitorHasher(new VisitorDayKeys(newVault()));
    const morning = await hasher.visitorOf(request('203.0.113.9'), reply, at('2026-12-01T00:00:01Z'));
    const evening = await hasher.visitorOf(request('203.0.113.9'), reply, at('2026-12-01T23:59:59Z'));
    expect(evening).toEqual(morning);
    expect(morning.earlierSessionHash).toBeNull();
    expect((await hasher.visitorOf(request('203.0.113.10'), reply, at('2026-12-01T12:00:00Z'))).ipHash).not.toBe(morning.ipHash);

    const next = await hasher.visitorOf(request('203.0.113.9'), reply, at('2026-12-02T00:00:01Z'));
    expect(next.sessionHash).not.toBe(morning.sessionHash);
    expect(next.ipHash).not.toBe(morning.ipHash);
    expect(next.earlierSessionHash).toBe(morning.sessionHash);
  });

  it('is shared by every process on one vault', async () => {
    const vault = newVault();
    const now = at('2026-12-01T08:00:00Z');
    const [a, b] = [new VisitorHasher(new VisitorDayKeys(vault)), new VisitorHasher(new VisitorDayKeys(vault))];
    expect(await a.sessionHash(cookie, now)).toBe(await b.sessionHash(cookie, now));
  });

  it('destroys a day’s key once the next day is over: its hashes can no longer be made again', async () => {
    const vault = newVault();
    const keys = new VisitorDayKeys(vault);
    const hasher = new VisitorHasher(keys);
    const day1 = await hasher.visitorOf(request('203.0.113.9'), reply, at('2026-12-01T10:00:00Z'));
    await hasher.visitorOf(request('203.0.113.9'), reply, at('2026-12-02T10:00:00Z'));

    // During the next day the key is still needed (a session across midnight).
    expect(await keys.destroyExpired(at('2026-12-02T23:59:59Z'))).toEqual([]);
    expect(await keys.destroyExpired(at('2026-12-03T00:00:00Z'))).toEqual([`${VISITOR_KEY_PREFIX}2026-12-01`]);
    expect(await vault.keyOf(`${VISITOR_KEY_PREFIX}2026-12-01`)).toBeNull();
    expect(await vault.keyOf(`${VISITOR_KEY_PREFIX}2026-12-02`)).not.toBeNull();
    // Nothing can hash under day 1 again, here or in a fresh process on the same vault.
    await expect(new VisitorHasher(new VisitorDayKeys(vault)).sessionHash(cookie, at('2026-12-01T10:00:00Z'))).rejects.toThrow(/destroyed already/);
    const day3 = await hasher.visitorOf(request('203.0.113.9'), reply, at('2026-12-03T10:00:00Z'));
    expect([day3.sessionHash, day3.earlierSessionHash, day3.ipHash]).not.toContain(day1.sessionHash);
    expect(day3.ipHash).not.toBe(day1.ipHash);
    expect(await keys.destroyExpired(at('2026-12-03T00:00:00Z'))).toEqual([]);
  });

  it('asks the vault again after it failed', async () => {
    const vault = newVault();
    let fail = true;
    const flaky = { ...vault, keyFor: (scope: string, person: string | null) => (fail ? Promise.reject(new Error('vault unreachable')) : vault.keyFor(scope, person)), keyOf: vault.keyOf.bind(vault), liveScopes: vault.liveScopes.bind(vault), erase: vault.erase.bind(vault) };
    const keys = new VisitorDayKeys(flaky);
    const now = at('2026-12-01T08:00:00Z');
    await expect(keys.at(now)).rejects.toThrow('vault unreachable');
    fail = false;
    expect((await keys.at(now)).today).toHaveLength(32);
  });
});
