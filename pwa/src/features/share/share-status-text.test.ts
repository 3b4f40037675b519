import { describe, expect, it } from 'vitest';
import type { ReportShare } from '@kainga/contracts';
import { formatDateTimeNZ } from '../../format/format';
import { shareOpensText, shareStatusText } from './share-status-text';

const now = new Date('2026-12-02T01:00:00.000Z');
const share = (over: Partial<ReportShare> = {}): ReportShare => ({
  id: 'sh1',
  valuationId: 'v1',
  url: 'http://localhost/shared/sh1.secret',
  showAddress: false,
  createdAt: '2026-12-01T01:00:00.000Z',
  expiresAt: '2026-12-08T01:00:00.000Z',
  revokedAt: null,
  status: 'active',
  opens: 0,
  lastOpenedAt: null,
  ...over,
});

describe('shareStatusText', () => {
  it('says until when an active link works, on New Zealand time', () => {
    expect(shareStatusText(share(), now)).toBe(`Active until ${formatDateTimeNZ('2026-12-08T01:00:00.000Z')}`);
    expect(shareStatusText(share(), now)).toBe('Active until 8 Dec 2026, 2:00 pm');
  });

  it('says Expired from the moment it ends, even if the answer still said active', () => {
    expect(shareStatusText(share({ expiresAt: now.toISOString(), status: 'active' }), now)).toBe('Expired');
  });

  it('says Stopped once revoked, expired or not', () => {
    expect(shareStatusText(share({ revokedAt: '2026-12-01T02:00:00.000Z', status: 'revoked' }), now)).toBe('Stopped');
    expect(shareStatusText(share({ revokedAt: '2026-12-01T02:00:00.000Z', expiresAt: '2026-12-01T03:00:00.000Z' }), now)).toBe('Stopped');
  });
});

describe('shareOpensText', () => {
  it('says when a link was never opened', () => {
    expect(shareOpensText(share(), now)).toBe('Not opened yet');
  });

  it('counts the opens and says how long ago the last was', () => {
    expect(shareOpensText(share({ opens: 1, lastOpenedAt: '2026-12-02T00:59:30.000Z' }), now)).toBe('Opened 1 time, last just now');
    expect(shareOpensText(share({ opens: 2, lastOpenedAt: '2026-12-02T00:55:00.000Z' }), now)).toBe('Opened 2 times, last 5 minutes ago');
    expect(shareOpensText(share({ opens: 3, lastOpenedAt: '2026-12-01T22:00:00.000Z' }), now)).toBe('Opened 3 times, last 3 hours ago');
    expect(shareOpensText(share({ opens: 1200, lastOpenedAt: '2026-12-01T00:00:00.000Z' }), now)).toBe('Opened 1,200 times, last 1 day ago');
  });

  it('leaves out the last time when the answer has none', () => {
    expect(shareOpensText(share({ opens: 4, lastOpenedAt: null }), now)).toBe('Opened 4 times');
  });
});
