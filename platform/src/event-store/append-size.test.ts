import { describe, expect, it } from 'vitest';
import { appendSizeOf } from './append-size';

describe('appendSizeOf', () => {
  it('counts data and metadata as UTF-8 JSON bytes and the type at two bytes a character, as the server does', () => {
    const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
    const event = { type: 'AdImpressionRecorded', data: { suburb: 'Ōtaki' }, metadata };
    // {"suburb":"Ōtaki"}: 18 characters, Ō is two bytes in UTF-8.
    expect(appendSizeOf(event)).toBe(19 + JSON.stringify(metadata).length + 2 * 'AdImpressionRecorded'.length);
  });
});
