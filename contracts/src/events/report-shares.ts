import { z } from 'zod';

/**
 * Shared report links (issue 52, Share Report): the owner of a completed valuation makes a link
 * anyone may open without an account. One stream per link, `reportShare-<shareId>`, holding only
 * its making and its revocation, so opening a link reads two events at most and a revocation
 * holds at once. Opens are facts on a stream of their own, `reportShareOpens-<shareId>`, counted
 * for the owner and never read to decide anything.
 *
 * The link is `/shared/<shareId>.<secret>`: the secret (32 random bytes) is sealed under the
 * owner's key in the log (personal-fields.ts), so the log alone opens no report, and erasing the
 * owner makes every link of theirs answer 404.
 */
export const reportShareStream = (shareId: string) => `reportShare-${shareId}`;
export const reportShareOpensStream = (shareId: string) => `reportShareOpens-${shareId}`;

export const ReportShareCreated = z.object({
  type: z.literal('ReportShareCreated'),
  data: z.object({
    shareId: z.string(),
    valuationId: z.string(),
    propertyId: z.string(),
    /** The owner. */
    userId: z.string(),
    secret: z.string(),
    showAddress: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
});
export const ReportShareRevoked = z.object({
  type: z.literal('ReportShareRevoked'),
  data: z.object({ shareId: z.string(), valuationId: z.string(), userId: z.string(), revokedAt: z.string() }),
});
export const ReportShareOpened = z.object({
  type: z.literal('ReportShareOpened'),
  data: z.object({ shareId: z.string(), valuationId: z.string(), userId: z.string(), openedAt: z.string() }),
});

export const ReportShareEvent = z.discriminatedUnion('type', [ReportShareCreated, ReportShareRevoked, ReportShareOpened]);
export type ReportShareEvent = z.infer<typeof ReportShareEvent>;
export const reportShareEventTypes = ['ReportShareCreated', 'ReportShareRevoked', 'ReportShareOpened'] as const;
