import { describe, expect, it } from 'vitest';
import { domainEventTypes, AUDIT_EXCLUDED_EVENT_TYPES } from '@kainga/contracts';
import { knownEventTypes } from './event-summaries';
import { draftOf, emptyDraft, filtersOfDraft, hasFilters, noMatchText, searchedFor } from './history-filters';

describe('the filter bar', () => {
  it('reads and shows its times in New Zealand time, whatever the device zone', () => {
    // 9:30 am on 1 March in Auckland (NZDT, UTC+13) is 8:30 pm on 28 February in UTC.
    expect(filtersOfDraft({ ...emptyDraft, from: '2026-03-01T09:30' })).toMatchObject({ ok: true, filters: { from: '2026-02-28T20:30:00.000Z' } });
    expect(draftOf({ types: [], to: '2026-07-05T11:30:00.000Z' }, 'newest').to).toBe('2026-07-05T23:30');
  });

  it('turns the form into filters: trimmed, blanks left out, types without repeats', () => {
    const result = filtersOfDraft({
      stream: ' user-1 ',
      types: ['UserRolesChanged', ' UserRolesChanged', ''],
      actor: ' jane@example.nz ',
      correlationId: '',
      from: '2026-01-01T00:00',
      to: '',
      showViews: true,
      order: 'oldest',
    });
    expect(result).toEqual({
      ok: true,
      filters: { stream: 'user-1', types: ['UserRolesChanged'], actor: 'jane@example.nz', from: '2025-12-31T11:00:00.000Z', showViews: true },
      order: 'oldest',
    });
    expect(filtersOfDraft(emptyDraft)).toEqual({ ok: true, filters: { types: [] }, order: 'newest' });
  });

  it('refuses a range that ends before it starts, or a time it cannot read', () => {
    expect(filtersOfDraft({ ...emptyDraft, from: '2026-02-01T00:00', to: '2026-01-01T00:00' })).toEqual({ ok: false, field: 'to', message: 'The end must be after the start' });
    expect(filtersOfDraft({ ...emptyDraft, from: '2026-02-01T00:00', to: '2026-02-01T00:00' })).toMatchObject({ ok: false, field: 'to' });
    expect(filtersOfDraft({ ...emptyDraft, from: 'soon' })).toEqual({ ok: false, field: 'from', message: 'Enter the start as a date and time' });
  });

  it('fills the form from the filters shown', () => {
    const from = '2026-06-01T20:00:00.000Z';
    expect(draftOf({ types: ['A'], correlationId: 'req-1', from }, 'oldest')).toEqual({ ...emptyDraft, types: ['A'], correlationId: 'req-1', from: '2026-06-02T08:00', order: 'oldest' });
  });

  it('knows whether any filter is set', () => {
    expect(hasFilters({ types: [] })).toBe(false);
    expect(hasFilters({ types: ['A'] })).toBe(true);
    expect(hasFilters({ types: [], to: '2026-01-01T00:00:00.000Z' })).toBe(true);
  });

  it('offers every event type of the history to pick from', () => {
    const excluded = new Set<string>(AUDIT_EXCLUDED_EVENT_TYPES);
    expect([...knownEventTypes].sort()).toEqual(domainEventTypes.filter((t) => !excluded.has(t)).sort());
  });

  it('says what was searched when nothing matches, and when a type is no event type', () => {
    expect(searchedFor({ types: ['UserRolesChanged'], actor: 'jane@example.nz', from: '2026-02-28T20:30:00.000Z' }).text).toBe('type UserRolesChanged; actor jane@example.nz; from 1 Mar 2026, 9:30 am');
    expect(noMatchText({ types: ['UserRolesChanged'], stream: 'user-1' })).toBe('No events match stream user-1; type UserRolesChanged. Try fewer filters or a wider time range.');
    expect(noMatchText({ types: ['UserRoles'] })).toBe('No events match type UserRoles. “UserRoles” is not an event type: pick the type from the list.');
    expect(noMatchText({ types: [] })).toBe('No events have been recorded yet, other than views of the history.');
    expect(noMatchText({ types: [], showViews: true })).toBe('No events have been recorded yet.');
  });
});
