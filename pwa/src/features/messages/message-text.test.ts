import { describe, expect, it } from 'vitest';
import { EMPTY_MESSAGES_TEXT, MESSAGES_ERROR_TEXT, leadStatusBadge, newestFirst } from './message-text';

describe('/messages texts', () => {
  it('are the spec’s', () => {
    expect(EMPTY_MESSAGES_TEXT).toBe("You haven't received any messages yet. When service providers respond to your inquiries, they will appear here.");
    expect(MESSAGES_ERROR_TEXT).toBe('Failed to load messages. Please try again later.');
  });
  it('badges a lead by status: new, contacted, and anything else as responded', () => {
    expect(leadStatusBadge('new').label).toBe('Sent');
    expect(leadStatusBadge('contacted').label).toBe('Read');
    expect(leadStatusBadge('responded').label).toBe('Responded');
    expect(leadStatusBadge('closed').label).toBe('Responded');
  });
  it('lists the last updated first', () => {
    expect(newestFirst([{ updatedAt: '2025-01-01' }, { updatedAt: '2025-03-01' }, { updatedAt: '2025-02-01' }]).map((m) => m.updatedAt)).toEqual(['2025-03-01', '2025-02-01', '2025-01-01']);
  });
});
