import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = new Date('2026-12-02T01:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('timeAgo', () => {
  it('says just now under a minute, and for a clock a little ahead', () => {
    expect(timeAgo(before(0), now)).toBe('just now');
    expect(timeAgo(before(59_999), now)).toBe('just now');
    expect(timeAgo(before(-5_000), now)).toBe('just now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(timeAgo(before(MIN), now)).toBe('1 minute ago');
    expect(timeAgo(before(59 * MIN), now)).toBe('59 minutes ago');
    expect(timeAgo(before(60 * MIN), now)).toBe('1 hour ago');
    expect(timeAgo(before(23 * 60 * MIN + 59 * MIN), now)).toBe('23 hours ago');
    expect(timeAgo(before(24 * 60 * MIN), now)).toBe('1 day ago');
    expect(timeAgo(before(29 * 24 * 60 * MIN), now)).toBe('29 days ago');
  });

  it('gives the New Zealand date from 30 days on', () => {
    expect(timeAgo('2026-10-01T12:00:00.000Z', now)).toBe('on 2 Oct 2026');
  });
});
