/**
 * The texts of /messages (spec 001 §2): each request with its service type label and lead status
 * badge, newest update first.
 */
import type { MyMessageView } from '@kainga/contracts';

export const EMPTY_MESSAGES_TEXT =
  "You haven't received any messages yet. When service providers respond to your inquiries, they will appear here.";
export const MESSAGES_ERROR_TEXT = 'Failed to load messages. Please try again later.';

/** The lead status badge: new and contacted are still waiting for the partner's response. */
export function leadStatusBadge(status: string): { label: string; color: string } {
  if (status === 'new') return { label: 'Sent', color: 'blue' };
  if (status === 'contacted') return { label: 'Read', color: 'gold' };
  return { label: 'Responded', color: 'green' };
}

export function newestFirst<M extends Pick<MyMessageView, 'updatedAt'>>(messages: readonly M[]): M[] {
  return [...messages].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
