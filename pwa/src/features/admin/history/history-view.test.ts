import { describe, expect, it } from 'vitest';
import { correlationView, historyHref, historyViewKey, parseTypes, readHistoryView, streamView, writeHistoryView, type HistoryView } from './history-view';

const read = (query: string) => readHistoryView(new URLSearchParams(query));

describe('the History view in the address', () => {
  it('stays closed without a history parameter (nothing is read just for opening /admin)', () => {
    expect(read('')).toEqual({ kind: 'closed' });
    expect(read('history=somethingElse')).toEqual({ kind: 'closed' });
    expect(read('tab=ads')).toEqual({ kind: 'closed' });
  });

  it('reads the log with every filter and the order', () => {
    expect(
      read('history=log&history.stream=partnerApplication-&history.type=UserRolesChanged,%20PartnerApplicationApproved,,UserRolesChanged&history.actor=jane@example.nz&history.correlationId=req-1&history.from=2026-01-01T00:00:00.000Z&history.to=2026-02-01T00:00:00.000Z&history.order=oldest'),
    ).toEqual({
      kind: 'log',
      filters: {
        stream: 'partnerApplication-',
        types: ['UserRolesChanged', 'PartnerApplicationApproved'],
        actor: 'jane@example.nz',
        correlationId: 'req-1',
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-02-01T00:00:00.000Z',
      },
      order: 'oldest',
    });
  });

  it('takes blank filters for none and any other order for newest first', () => {
    expect(read('history=log&history.stream=%20%20&history.actor=&history.order=sideways')).toEqual({ kind: 'log', filters: { types: [] }, order: 'newest' });
  });

  it("reads a stream's timeline, or the whole log when the stream is missing", () => {
    expect(read('history=stream&history.stream=user-42')).toEqual({ kind: 'stream', stream: 'user-42' });
    expect(read('history=stream')).toEqual({ kind: 'log', filters: { types: [] }, order: 'newest' });
  });

  it('writes a view back as it reads it, keeping the parameters of the other sections', () => {
    const views: HistoryView[] = [
      { kind: 'log', filters: { types: ['A', 'B'], stream: 'user-1', actor: 'u1', correlationId: 'c', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' }, order: 'oldest' },
      { kind: 'log', filters: { types: [] }, order: 'newest' },
      { kind: 'log', filters: { types: [], showViews: true }, order: 'newest' },
      streamView('coupon-SUMMER'),
    ];
    for (const view of views) {
      const written = writeHistoryView(new URLSearchParams('range=30d&history.type=Old'), view);
      expect(written.get('range')).toBe('30d');
      expect(readHistoryView(written)).toEqual(view);
    }
    const closed = writeHistoryView(new URLSearchParams('range=30d&history=log&history.type=A&history.order=oldest'), { kind: 'closed' });
    expect(closed.toString()).toBe('range=30d');
  });

  it('leaves the default order out of the address', () => {
    expect(historyHref({ kind: 'log', filters: { types: [] }, order: 'newest' })).toBe('/admin?history=log');
  });

  it('links a stream and a correlation id (oldest first: request, workflow, charges, emails in order)', () => {
    expect(historyHref(streamView('partnerApplication-a b'))).toBe('/admin?history=stream&history.stream=partnerApplication-a+b');
    expect(correlationView('req-9')).toEqual({ kind: 'log', filters: { types: [], correlationId: 'req-9' }, order: 'oldest' });
    expect(historyHref(correlationView('req-9'))).toBe('/admin?history=log&history.correlationId=req-9&history.order=oldest');
    expect(historyHref({ kind: 'closed' })).toBe('/admin');
  });

  it('gives each view its own key, and none to the closed section', () => {
    expect(historyViewKey({ kind: 'closed' })).toBe('');
    expect(historyViewKey(streamView('user-1'))).not.toBe(historyViewKey(streamView('user-2')));
  });

  it('splits types on commas without blanks or repeats', () => {
    expect(parseTypes(' A ,B,,A, ')).toEqual(['A', 'B']);
    expect(parseTypes(null)).toEqual([]);
  });
});
