/**
 * The partner dashboard's reading of requests (spec 001 §4): a lead 'new' is a contact 'sent'
 * (the New tab), 'contacted' is 'read' (the Read tab), anything else is 'responded'. Opening a
 * 'sent' contact marks it read; the response box shows until it is responded (or a response to
 * it waits on this device to be sent).
 */
import type { PartnerContactView } from '@kainga/contracts';

export type ContactStatus = PartnerContactView['contactStatus'];
export type ContactTab = 'new' | 'read' | 'responded';
export const contactTabs: readonly ContactTab[] = ['new', 'read', 'responded'];
export const contactTabLabels: Record<ContactTab, string> = { new: 'New', read: 'Read', responded: 'Responded' };

/** A lead's status as a contact's: new → sent, contacted → read, any other value → responded. */
export function contactStatusOfLead(leadStatus: string): ContactStatus {
  if (leadStatus === 'new') return 'sent';
  if (leadStatus === 'contacted') return 'read';
  return 'responded';
}

export function tabOf(status: ContactStatus): ContactTab {
  if (status === 'sent') return 'new';
  if (status === 'read') return 'read';
  return 'responded';
}

/** How many contacts each tab holds (the tab labels read 'New (n)', 'Read (n)', 'Responded (n)'). */
export function tabCounts(contacts: readonly Pick<PartnerContactView, 'contactStatus'>[]): Record<ContactTab, number> {
  const counts: Record<ContactTab, number> = { new: 0, read: 0, responded: 0 };
  for (const c of contacts) counts[tabOf(c.contactStatus)] += 1;
  return counts;
}

export const tabTitle = (tab: ContactTab, count: number) => `${contactTabLabels[tab]} (${count})`;

/** Every tab of the dashboard: the three of requests, then Advertising and Billing. */
export type DashboardTab = ContactTab | 'advertising' | 'billing';
const dashboardTabs: readonly DashboardTab[] = [...contactTabs, 'advertising', 'billing'];
/** The tab an address opens with `?tab=` (the card payment returns to `?tab=advertising`); anything else opens on the first. */
export const tabFromAddress = (value: string | null): DashboardTab | undefined => dashboardTabs.find((t) => t === value);

/** The contacts of one tab, newest first. */
export function contactsInTab<C extends Pick<PartnerContactView, 'contactStatus' | 'createdAt'>>(contacts: readonly C[], tab: ContactTab): C[] {
  return contacts.filter((c) => tabOf(c.contactStatus) === tab).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Opening a contact marks it read only while it is 'sent'. */
export const needsMarkRead = (contact: Pick<PartnerContactView, 'contactStatus'>) => contact.contactStatus === 'sent';

/** The response box: shown until responded, and not while a response to it waits to be sent. */
export const showsResponseBox = (contact: Pick<PartnerContactView, 'contactStatus'>, waitingToSend: boolean) =>
  contact.contactStatus !== 'responded' && !waitingToSend;

/** The contact list with one contact marked read (after the server accepted it). */
export function markedRead<C extends Pick<PartnerContactView, 'id' | 'contactStatus'>>(contacts: readonly C[], id: string): C[] {
  return contacts.map((c) => (c.id === id && c.contactStatus === 'sent' ? { ...c, contactStatus: 'read' } : c));
}

/** Who wrote: the client's account name, else the name they gave, else their email. */
export function clientName(contact: Pick<PartnerContactView, 'user' | 'contactName' | 'contactEmail'>): string {
  const fromAccount = contact.user ? `${contact.user.firstName} ${contact.user.lastName}`.trim() : '';
  return fromAccount || contact.contactName.trim() || contact.contactEmail;
}
