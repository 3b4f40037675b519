import type { AdContentEvent, AdContentFields, AdContentStatus, AdSubscriptionStatus } from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/** The advert aggregate, stream `adContent-<adContentId>`: the words and picture of one subscription's advert. */
export const adContentStream = (adContentId: string) => `adContent-${adContentId}`;

/** The same words for "no such advert" and "not yours", so another partner's advert id leaks nothing. */
export const AD_CONTENT_NOT_FOUND = 'Advert not found.';
export const SUBSCRIPTION_EXPIRED = 'This subscription has expired; its adverts can no longer change.';
export const NOT_AWAITING_APPROVAL = 'This advert is not awaiting approval.';
export const ALREADY_REJECTED = 'This advert has already been rejected.';
export const ONLY_APPROVED_TOGGLE = 'Only an approved advert can be paused or resumed.';
export const MOVED_SUBSCRIPTION = 'An advert stays with the subscription it was made for.';
export const REJECT_REASON_REQUIRED = 'Please give a reason for the rejection';

export type AdContentState =
  | { status: 'none' }
  | { status: AdContentStatus; adContentId: string; subscriptionId: string; partnerId: string; content: AdContentFields };

/** The subscription an advert belongs to, as the route found it (the decider reads no store). */
interface SubscriptionSeen {
  subscriptionId: string;
  status: AdSubscriptionStatus;
}

export type AdContentCommand =
  | { type: 'SubmitAdContent'; adContentId: string; partnerId: string; subscription: SubscriptionSeen; content: AdContentFields; by: string; at: string; demo?: boolean }
  /** The partner edits its advert: it goes back for approval (an admin sees what will show). */
  | { type: 'ReviseAdContent'; partnerId: string; subscription: SubscriptionSeen; content: AdContentFields; by: string; at: string }
  | { type: 'ApproveAdContent'; by: string; at: string }
  | { type: 'RejectAdContent'; reason: string; by: string; at: string }
  /** The partner pauses or resumes its approved advert. */
  | { type: 'SetAdContentStatus'; partnerId: string; status: 'active' | 'paused'; by: string; at: string };

const sameContent = (a: AdContentFields, b: AdContentFields) =>
  a.title === b.title && a.description === b.description && a.imageUrl === b.imageUrl && a.ctaText === b.ctaText && a.ctaUrl === b.ctaUrl && a.targetRoles.join('\u0000') === b.targetRoles.join('\u0000');

function existing(state: AdContentState) {
  if (state.status === 'none') throw notFound(AD_CONTENT_NOT_FOUND);
  return state;
}

/** The advert, when it exists and belongs to this partner. */
function own(state: AdContentState, partnerId: string) {
  const s = existing(state);
  if (s.partnerId !== partnerId) throw notFound(AD_CONTENT_NOT_FOUND);
  return s;
}

/** An expired subscription is final (spec 001 §4): nothing of it changes any more. */
function notExpired(subscription: SubscriptionSeen) {
  if (subscription.status === 'expired') throw conflict(SUBSCRIPTION_EXPIRED);
}

export const adContentDecider: Decider<AdContentState, AdContentCommand, AdContentEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'AdContentSubmitted' }, ({ data }): AdContentState => ({
        status: 'pending_approval',
        adContentId: data.adContentId,
        subscriptionId: data.subscriptionId,
        partnerId: data.partnerId,
        content: data.content,
      }))
      .with({ type: 'AdContentRevised' }, ({ data }): AdContentState => (state.status === 'none' ? state : { ...state, status: 'pending_approval', content: data.content }))
      .with({ type: 'AdContentApproved' }, (): AdContentState => (state.status === 'none' ? state : { ...state, status: 'active' }))
      .with({ type: 'AdContentRejected' }, (): AdContentState => (state.status === 'none' ? state : { ...state, status: 'rejected' }))
      .with({ type: 'AdContentPaused' }, (): AdContentState => (state.status === 'none' ? state : { ...state, status: 'paused' }))
      .with({ type: 'AdContentResumed' }, (): AdContentState => (state.status === 'none' ? state : { ...state, status: 'active' }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'SubmitAdContent' }, (c): AdContentEvent[] => {
        // Ids are drawn (or derived from an Idempotency-Key, whose retry handleCommand answers
        // before deciding): an existing stream here is a clash, never a retry.
        if (state.status !== 'none') throw conflict('This advert already exists.');
        notExpired(c.subscription);
        return [
          {
            type: 'AdContentSubmitted',
            data: { adContentId: c.adContentId, subscriptionId: c.subscription.subscriptionId, partnerId: c.partnerId, content: c.content, by: c.by, at: c.at, demo: c.demo ?? false },
          },
        ];
      })
      .with({ type: 'ReviseAdContent' }, (c): AdContentEvent[] => {
        const s = own(state, c.partnerId);
        if (c.subscription.subscriptionId !== s.subscriptionId) throw invalid(MOVED_SUBSCRIPTION);
        notExpired(c.subscription);
        // Saving an unchanged advert changes nothing (an approved one stays live); a rejected one
        // sent again unchanged goes back to the queue, as the partner asked.
        if (s.status !== 'rejected' && sameContent(s.content, c.content)) return [];
        return [{ type: 'AdContentRevised', data: { adContentId: s.adContentId, content: c.content, by: c.by, at: c.at } }];
      })
      .with({ type: 'ApproveAdContent' }, (c): AdContentEvent[] => {
        const s = existing(state);
        if (s.status !== 'pending_approval') throw conflict(NOT_AWAITING_APPROVAL);
        return [{ type: 'AdContentApproved', data: { adContentId: s.adContentId, by: c.by, at: c.at } }];
      })
      .with({ type: 'RejectAdContent' }, (c): AdContentEvent[] => {
        const s = existing(state);
        const reason = c.reason.trim();
        if (!reason) throw invalid(REJECT_REASON_REQUIRED);
        // An admin may also take down an approved advert; a rejected one waits for the partner's edit.
        if (s.status === 'rejected') throw conflict(ALREADY_REJECTED);
        return [{ type: 'AdContentRejected', data: { adContentId: s.adContentId, reason, by: c.by, at: c.at } }];
      })
      .with({ type: 'SetAdContentStatus' }, (c): AdContentEvent[] => {
        const s = own(state, c.partnerId);
        if (s.status !== 'active' && s.status !== 'paused') throw conflict(ONLY_APPROVED_TOGGLE);
        if (s.status === c.status) return [];
        return c.status === 'paused'
          ? [{ type: 'AdContentPaused', data: { adContentId: s.adContentId, by: c.by, at: c.at } }]
          : [{ type: 'AdContentResumed', data: { adContentId: s.adContentId, by: c.by, at: c.at } }];
      })
      .exhaustive(),
};
