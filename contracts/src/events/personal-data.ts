import { z } from 'zod';

/**
 * A copy of everything Kāinga holds about a person was produced (issue 50, IPP 6 access and
 * portability): by the person from /profile (`reason` null) or by an admin on the person's request
 * (`reason` required). Recorded before the first byte is sent, so no copy leaves unrecorded.
 *
 * One stream per person whose data it is, `personalDataExports-<userId>`: every copy of one
 * person's data is one stream to read, it is part of that person's own history (and of their next
 * export), and an append reads back only that person's few exports for idempotency.
 */
export const personalDataExportsStream = (userId: string) => `personalDataExports-${userId}`;

export const PersonalDataExported = z.object({
  type: z.literal('PersonalDataExported'),
  data: z.object({
    /** Whose data. */
    userId: z.string(),
    /** Who produced the copy: the person, or the admin. */
    by: z.string(),
    /** The admin's reason (3–500 characters); null when the person downloaded their own. */
    reason: z.string().nullable(),
    at: z.string(),
  }),
});
export const PersonalDataEvent = z.discriminatedUnion('type', [PersonalDataExported]);
export type PersonalDataEvent = z.infer<typeof PersonalDataEvent>;
export const personalDataEventTypes = ['PersonalDataExported'] as const;
