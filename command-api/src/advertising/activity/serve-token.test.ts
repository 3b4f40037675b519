import { describe, expect, it } from 'vitest';
import { AD_SERVE_TOKEN_TTL_MS, ServeTokens, type ServedAd } from './serve-token';

const served: ServedAd = { adContentId: 'ad-1', subscriptionId: 'sub-1', placement: 'property_results', locationId: 'tauranga', cap: 2000, sessionHash: 'session-hash', servedAt: Date.parse('2026-12-01T00:00:00Z') };
const tokens = new ServeTokens('a session secret of at least thirty-two characters');

describe('serve tokens', () => {
  it('answers what was served, within the hour', () => {
    const token = tokens.issue(served);
    expect(tokens.check(token, served.servedAt + 1000)).toEqual({ ok: true, served });
    expect(tokens.check(token, served.servedAt + AD_SERVE_TOKEN_TTL_MS)).toEqual({ ok: true, served });
    expect(tokens.check(token, served.servedAt + AD_SERVE_TOKEN_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token another key signed, a changed payload or tag, and what is not a token', () => {
    const token = tokens.issue(served);
    const [payload, tag] = token.split('.') as [string, string];
    const other = new ServeTokens('another secret of at least thirty-two characters!');
    const richer = Buffer.from(JSON.stringify(['ad-1', 'sub-1', 'property_results', 'tauranga', 1e9, 'session-hash', served.servedAt])).toString('base64url');
    for (const bad of [other.issue(served), `${richer}.${tag}`, `${payload}.${tag.slice(0, -1)}`, `${payload}.`, payload, '', null, '.'.repeat(3), `${payload}.${tag}.x`]) {
      expect(tokens.check(bad, served.servedAt), String(bad)).toEqual({ ok: false, reason: 'not_served' });
    }
  });

  it('refuses a signed payload of the wrong shape (a placement that does not exist)', () => {
    // Only a key holder can sign; the shape check still keeps a future format from being misread.
    const token = tokens.issue({ ...served, placement: 'footer' as never });
    expect(tokens.check(token, served.servedAt)).toEqual({ ok: false, reason: 'not_served' });
  });
});
