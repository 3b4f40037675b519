import { z } from 'zod';

/**
 * A person's personal information was erased (issue 50: Privacy Act 2020, GDPR art. 17): they
 * deleted their account from /profile, or an admin erased them on their request, with a reason.
 * Recorded on the person's own stream `user-<id>` with its expected revision, after which the
 * account takes no command. The event holds no personal detail: it names what was theirs by id, so
 * every read model, blob, mail and subscription follows it — live and in a rebuild alike — and the
 * vault's persons and scopes whose keys were destroyed (personal-fields.ts).
 */
export const PersonErased = z.object({
  type: z.literal('PersonErased'),
  data: z.object({
    userId: z.string(),
    /** 'self': the person deleted their account; 'admin': an admin erased them on request. */
    requestedBy: z.enum(['self', 'admin']),
    /** Who did it: the person, or the admin. */
    by: z.string(),
    /** The admin's reason (3–500 characters); null when the person deleted their own account. */
    reason: z.string().nullable(),
    /** What was theirs, by id. */
    records: z.object({
      partnerIds: z.array(z.string()),
      propertyIds: z.array(z.string()),
      valuationIds: z.array(z.string()),
      /** Requests they sent to partners (signed in, or signed out from an email the account used). */
      sentLeadIds: z.array(z.string()),
      applicationIds: z.array(z.string()),
      adContentIds: z.array(z.string()),
      subscriptionIds: z.array(z.string()),
      /** Uploaded images of theirs (`/api/uploads/...` paths), deleted from the blob store. */
      uploads: z.array(z.string()),
    }),
    /** The vault's persons erased: the account, and the keyed digests of every email it used. */
    persons: z.array(z.string()),
    /** Scopes erased by name as well (adverts and partners, whose keys may predate their link). */
    scopes: z.array(z.string()),
    at: z.string(),
  }),
});
export type PersonErased = z.infer<typeof PersonErased>;
/**
 * A signed-out visitor, who has no account, was erased by an admin on their request (issue 50):
 * the requests they sent to partners from one email address. Recorded on
 * `visitorErasure-<digest>` (the vault's keyed digest of the address, never the address), with
 * its expected revision. The event names the requests by id; the vault's person (the digest) and
 * the requests' scopes lose their keys.
 */
export const VisitorErased = z.object({
  type: z.literal('VisitorErased'),
  data: z.object({
    /** The vault's person: `visitor:<keyed digest of the email>`. */
    visitor: z.string(),
    /** The admin. */
    by: z.string(),
    /** The admin's reason (3–500 characters, no personal detail). */
    reason: z.string(),
    sentLeadIds: z.array(z.string()),
    scopes: z.array(z.string()),
    at: z.string(),
  }),
});
export type VisitorErased = z.infer<typeof VisitorErased>;
export const VisitorErasureEvent = z.discriminatedUnion('type', [VisitorErased]);
export type VisitorErasureEvent = z.infer<typeof VisitorErasureEvent>;
export const visitorErasureEventTypes = ['VisitorErased'] as const;
export const VISITOR_ERASURE_STREAM_PREFIX = 'visitorErasure-';
/** One stream per visitor: `visitorErasure-<digest>`, from the vault's person `visitor:<digest>`. */
export const visitorErasureStream = (visitor: string) => `${VISITOR_ERASURE_STREAM_PREFIX}${visitor.replace(/^visitor:/, '')}`;

/**
 * A visitor's erasure as the erasure of a person with nothing but sent requests: what every
 * erasure follower (the lead read model, the effects, the reactor) already does for a person,
 * with the visitor's vault id standing for the account (no account, session or password has it).
 */
export function visitorErasureAsPersonErased(data: VisitorErased['data']): PersonErased['data'] {
  return {
    userId: data.visitor,
    requestedBy: 'admin',
    by: data.by,
    reason: data.reason,
    records: { partnerIds: [], propertyIds: [], valuationIds: [], sentLeadIds: data.sentLeadIds, applicationIds: [], adContentIds: [], subscriptionIds: [], uploads: [] },
    persons: [data.visitor],
    scopes: data.scopes,
    at: data.at,
  };
}

export const ErasureEvent = z.discriminatedUnion('type', [PersonErased]);
export type ErasureEvent = z.infer<typeof ErasureEvent>;
export const erasureEventTypes = ['PersonErased'] as const;
export type ErasedRecords = PersonErased['data']['records'];
