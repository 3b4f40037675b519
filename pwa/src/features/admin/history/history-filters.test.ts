import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, filtersOfDraft, fromLocalInput, hasFilters, toLocalInput } from './history-filters';

describe('the filter bar', () => {
  it('reads a datetime-local value in the device time zone', () => {
    expect(fromLocalInput('2026-03-01T09:30')).toBe(new Date(2026, 2, 1, 9, 30).toISOString());
    expect(fromLocalInput('2026-03-01T09:30:15')).toBe(new Date(2026, 2, 1, 9, 30, 15).toISOString());
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('1 March')).toBeUndefined();
  });

  it('shows an instant back as the device reads it, to the minute', () => {
    const iso = new Date(2026, 10, 25, 23, 5).toISOString();
    expect(toLocalInput(iso)).toBe('2026-11-25T23:05');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(undefined)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });

  it('turns the form into filters: trimmed, blanks left out, types without repeats', () => {
    const result = filtersOfDraft({
      stream: ' user-1 ',
      types: ['UserRolesChanged', ' UserRolesChanged', ''],
      actor: ' jane@example.nz ',
      correlationId: '',
      from: '2026-01-01T00:00',
      to: '',
      order: 'oldest',
    });
    expect(result).toEqual({
      ok: true,
      filters: { stream: 'user-1', types: ['UserRolesChanged'], actor: 'jane@example.nz', from: new Date(2026, 0, 1).toISOString() },
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
    const from = new Date(2026, 5, 2, 8, 0).toISOString();
    expect(draftOf({ types: ['A'], correlationId: 'req-1', from }, 'oldest')).toEqual({ ...emptyDraft, types: ['A'], correlationId: 'req-1', from: '2026-06-02T08:00', order: 'oldest' });
  });

  it('knows whether any filter is set', () => {
    expect(hasFilters({ types: [] })).toBe(false);
    expect(hasFilters({ types: ['A'] })).toBe(true);
    expect(hasFilters({ types: [], to: '2026-01-01T00:00:00.000Z' })).toBe(true);
  });
});
