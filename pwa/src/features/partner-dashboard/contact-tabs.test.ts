import { describe, expect, it } from 'vitest';
import { clientName, contactStatusOfLead, contactsInTab, markedRead, needsMarkRead, showsResponseBox, tabCounts, tabFromAddress, tabOf, tabTitle } from './contact-tabs';

const c = (id: string, contactStatus: 'sent' | 'read' | 'responded', createdAt = '2025-03-01T00:00:00.000Z') => ({ id, contactStatus, createdAt });

describe('the status mapping of spec 001 §4', () => {
  it('reads a lead as a contact: new = sent, contacted = read, anything else = responded', () => {
    expect(contactStatusOfLead('new')).toBe('sent');
    expect(contactStatusOfLead('contacted')).toBe('read');
    expect(contactStatusOfLead('responded')).toBe('responded');
    expect(contactStatusOfLead('closed')).toBe('responded');
  });
  it('puts sent in New, read in Read, responded in Responded', () => {
    expect([tabOf('sent'), tabOf('read'), tabOf('responded')]).toEqual(['new', 'read', 'responded']);
  });
});

describe('tabs', () => {
  const contacts = [c('a', 'sent', '2025-03-01'), c('b', 'sent', '2025-03-03'), c('c', 'read'), c('d', 'responded'), c('e', 'responded'), c('f', 'responded')];
  it('counts each tab and titles it "Label (n)"', () => {
    expect(tabCounts(contacts)).toEqual({ new: 2, read: 1, responded: 3 });
    expect(tabCounts([])).toEqual({ new: 0, read: 0, responded: 0 });
    expect(tabTitle('new', 2)).toBe('New (2)');
    expect(tabTitle('responded', 0)).toBe('Responded (0)');
  });
  it('lists a tab newest first', () => {
    expect(contactsInTab(contacts, 'new').map((x) => x.id)).toEqual(['b', 'a']);
  });
});

describe('opening and answering a contact', () => {
  it('marks only a sent contact read', () => {
    expect([needsMarkRead(c('a', 'sent')), needsMarkRead(c('a', 'read')), needsMarkRead(c('a', 'responded'))]).toEqual([true, false, false]);
    expect(markedRead([c('a', 'sent'), c('b', 'sent'), c('d', 'responded')], 'a').map((x) => x.contactStatus)).toEqual(['read', 'sent', 'responded']);
    expect(markedRead([c('d', 'responded')], 'd')[0]!.contactStatus).toBe('responded');
  });
  it('shows the response box until responded, and not while a response waits to be sent', () => {
    expect(showsResponseBox(c('a', 'sent'), false)).toBe(true);
    expect(showsResponseBox(c('a', 'read'), false)).toBe(true);
    expect(showsResponseBox(c('a', 'read'), true)).toBe(false);
    expect(showsResponseBox(c('a', 'responded'), false)).toBe(false);
  });
  it('names the client from the account, else the name given, else the email', () => {
    const user = { id: 'u', email: 'a@b.nz', firstName: 'Aroha', lastName: 'Ngata', profileImageUrl: null };
    expect(clientName({ user, contactName: 'X', contactEmail: 'e@x.nz' })).toBe('Aroha Ngata');
    expect(clientName({ user: null, contactName: ' Mere ', contactEmail: 'e@x.nz' })).toBe('Mere');
    expect(clientName({ user: null, contactName: '', contactEmail: 'e@x.nz' })).toBe('e@x.nz');
  });
});

describe('the tab an address opens', () => {
  it('is the one ?tab= names (the card payment returns to ?tab=advertising), else the first', () => {
    expect(tabFromAddress('advertising')).toBe('advertising');
    expect(tabFromAddress('billing')).toBe('billing');
    expect(tabFromAddress('read')).toBe('read');
    expect(tabFromAddress(null)).toBeUndefined();
    expect(tabFromAddress('admin')).toBeUndefined();
    expect(tabFromAddress('')).toBeUndefined();
  });
});
