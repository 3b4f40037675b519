import type { LeadWindowEvent } from '@kainga/contracts';
import { keyedDigestOf, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

/**
 * How long the requests of one sender to one partner are one lead. A month covers a client
 * chasing the same partner (a reminder, a follow-up, the form sent again) without billing the
 * partner twice, and ends before someone coming back with new business (next season's refinance)
 * would be a repeat.
 */
export const LEAD_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** Who sent a request: the account when signed in, else the email a signed-out visitor typed (trimmed, lower case, as accounts compare emails). */
const senderOf = (lead: { userId: string | null; contactEmail: string }) => (lead.userId ? `account:${lead.userId}` : `email:${lead.contactEmail.trim().toLowerCase()}`);

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const senderAndPartner = (lead: { userId: string | null; contactEmail: string; partnerId: string }) => `${senderOf(lead)}\u0000${lead.partnerId}`;
const normalisedMessage = (message: string) => message.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * How a window names its stream and its messages: keyed digests (the vault's secret), so the log
 * alone cannot test a guessed address or message against them; a window opened before names were
 * keyed keeps its unkeyed digests (`legacyLeadWindowNames`) until it ends.
 */
export interface LeadWindowNames {
  stream: (lead: { userId: string | null; contactEmail: string; partnerId: string }) => string;
  /** A message as the window compares it: the same words, whatever the case or spacing, are the same message. */
  message: (message: string) => string;
}

export const keyedLeadWindowNames = (secret: Buffer): LeadWindowNames => ({
  stream: (lead) => `leadWindow-${keyedDigestOf(secret, 'leadWindow', senderAndPartner(lead))}`,
  message: (message) => keyedDigestOf(secret, 'leadMessage', normalisedMessage(message), 32),
});

export const legacyLeadWindowNames: LeadWindowNames = {
  stream: (lead) => `leadWindow-${digest(senderAndPartner(lead)).slice(0, 40)}`,
  message: (message) => digest(normalisedMessage(message)).slice(0, 32),
};

export type LeadWindowState =
  | { status: 'none' }
  | {
      status: 'open';
      firstLeadId: string;
      openedAt: string;
      /** The lead holding each message of the window (by its names' `message` digest). */
      leadOfMessage: Readonly<Record<string, string>>;
    };

/** A request of the sender to the partner, as the lead `leadId` unless the window already holds it. */
export type LeadWindowCommand = { type: 'ClaimLead'; partnerId: string; leadId: string; messageDigest: string; at: string };

/**
 * The lead window (contracts' LeadWindowEvent): the first request of a sender to a partner opens
 * it with a lead that may be charged; within LEAD_WINDOW_MS a different message is a repeat of it
 * (delivered, never charged) and the same message again is the lead that already holds it.
 */
export const leadWindowDecider: Decider<LeadWindowState, LeadWindowCommand, LeadWindowEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'LeadWindowOpened' }, ({ data }): LeadWindowState => ({ status: 'open', firstLeadId: data.leadId, openedAt: data.openedAt, leadOfMessage: { [data.messageDigest]: data.leadId } }))
      .with({ type: 'LeadRepeatRecorded' }, ({ data }): LeadWindowState => (state.status === 'none' ? state : { ...state, leadOfMessage: { ...state.leadOfMessage, [data.messageDigest]: data.leadId } }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'ClaimLead' }, (c): LeadWindowEvent[] => {
        if (state.status === 'none' || Date.parse(c.at) - Date.parse(state.openedAt) >= LEAD_WINDOW_MS) {
          return [{ type: 'LeadWindowOpened', data: { partnerId: c.partnerId, leadId: c.leadId, messageDigest: c.messageDigest, openedAt: c.at } }];
        }
        if (state.leadOfMessage[c.messageDigest]) return [];
        return [{ type: 'LeadRepeatRecorded', data: { partnerId: c.partnerId, leadId: c.leadId, firstLeadId: state.firstLeadId, messageDigest: c.messageDigest, recordedAt: c.at } }];
      })
      .exhaustive(),
};

/**
 * The lead a claim landed on, from what it appended (or appended the first time, for a retry) or,
 * when it appended nothing, the window's lead holding the message: its id, and the window's first
 * lead when it is a repeat.
 */
export function claimedLead(events: readonly LeadWindowEvent[], state: LeadWindowState, messageDigest: string): { leadId: string; repeatOf?: string } {
  const [event] = events;
  if (event) {
    return match(event)
      .with({ type: 'LeadWindowOpened' }, ({ data }) => ({ leadId: data.leadId }))
      .with({ type: 'LeadRepeatRecorded' }, ({ data }) => ({ leadId: data.leadId, repeatOf: data.firstLeadId }))
      .exhaustive();
  }
  const leadId = state.status === 'open' ? state.leadOfMessage[messageDigest] : undefined;
  if (state.status === 'none' || !leadId) throw new Error('A claim that appended nothing must find its message in the window');
  return leadId === state.firstLeadId ? { leadId } : { leadId, repeatOf: state.firstLeadId };
}
