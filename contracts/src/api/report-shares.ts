import { z } from 'zod';
import { REPORT_SHARE_DEFAULT_DAYS, REPORT_SHARE_MAX_DAYS, type ReportShareStatus as Status } from '../report-share-rules';

/** POST /api/valuations/:id/shares: how long the link works and whether it shows the street address. */
export const CreateReportShareRequest = z.object({
  expiresInDays: z
    .number({ error: 'Choose how many days the link works.' })
    .int('Choose a whole number of days.')
    .min(1, 'A link works for at least 1 day.')
    .max(REPORT_SHARE_MAX_DAYS, `A link works for at most ${REPORT_SHARE_MAX_DAYS} days.`)
    .default(REPORT_SHARE_DEFAULT_DAYS),
  showAddress: z.boolean({ error: 'Say whether the link shows the street address.' }).default(true),
});
export type CreateReportShareRequest = z.infer<typeof CreateReportShareRequest>;


/** A link as its owner sees it (never shown to anyone else). */
export const ReportShare = z.object({
  id: z.string(),
  valuationId: z.string(),
  /** The whole link, to copy (absolute, on PUBLIC_URL). */
  url: z.string(),
  showAddress: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked'] satisfies Status[]),
  /** Times the shared page was opened by a person (link previews and robots are not counted). */
  opens: z.number().int(),
  lastOpenedAt: z.string().nullable(),
});
export type ReportShare = z.infer<typeof ReportShare>;
