import { describe, expect, it } from 'vitest';
import { auditEventsUrl, auditExportUrl, auditStreamUrl } from './audit-urls';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the audit API addresses', () => {
  it('asks for a page of the log with the filters set, the order and the page size', () => {
    expect(auditEventsUrl({ types: [] }, 'newest')).toBe('/api/admin/events?views=hide&order=newest&limit=50');
    const url = auditEventsUrl(
      { stream: 'partnerApplication-', types: ['PartnerApplicationApproved', 'UserRolesChanged'], actor: 'jane+admin@example.nz', correlationId: 'req 1', from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' },
      'oldest',
      'cursor/abc=',
    );
    expect(url.startsWith('/api/admin/events?')).toBe(true);
    expect(query(url)).toEqual({
      stream: 'partnerApplication-',
      type: 'PartnerApplicationApproved,UserRolesChanged',
      actor: 'jane+admin@example.nz',
      correlationId: 'req 1',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00.000Z',
      views: 'hide',
      order: 'oldest',
      cursor: 'cursor/abc=',
      limit: '50',
    });
  });

  it('hides the records of viewing the history unless they are asked for', () => {
    expect(query(auditEventsUrl({ types: [], showViews: true }, 'newest'))).not.toHaveProperty('views');
    expect(query(auditEventsUrl({ types: ['AuditHistoryViewed'] }, 'newest'))).not.toHaveProperty('views');
    expect(query(auditEventsUrl({ types: [], stream: 'auditViews-u1-' }, 'newest'))).not.toHaveProperty('views');
    expect(query(auditEventsUrl({ types: ['UserRolesChanged'] }, 'newest')).views).toBe('hide');
  });

  it('leaves the cursor out of the first page', () => {
    expect(query(auditEventsUrl({ types: [] }, 'newest', null))).not.toHaveProperty('cursor');
  });

  it("asks for a stream's timeline from a revision, the stream's name escaped", () => {
    expect(auditStreamUrl('user-42')).toBe('/api/admin/streams/user-42?fromRevision=0&limit=100');
    expect(auditStreamUrl('coupon-A/B?', 100, 20)).toBe('/api/admin/streams/coupon-A%2FB%3F?fromRevision=100&limit=20');
  });

  it('exports the same filters and order in the format asked, without paging', () => {
    const url = auditExportUrl({ types: ['UserRolesChanged'], actor: 'u1' }, 'newest', 'csv');
    expect(url.startsWith('/api/admin/events/export?')).toBe(true);
    expect(query(url)).toEqual({ type: 'UserRolesChanged', actor: 'u1', views: 'hide', order: 'newest', format: 'csv' });
    expect(query(auditExportUrl({ types: [], stream: 'user-1' }, 'oldest', 'ndjson'))).toEqual({ stream: 'user-1', views: 'hide', order: 'oldest', format: 'ndjson' });
  });
});
