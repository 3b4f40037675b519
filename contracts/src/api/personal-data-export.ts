import { z } from 'zod';
import { EXPORT_REASON_MAX, EXPORT_REASON_MIN, EXPORT_REASON_REQUIRED } from '../data-export';

/** GET /api/admin/users/:userId/export: why the admin is producing the copy (recorded in the history). */
export const AdminExportQuery = z.strictObject({
  reason: z.string({ error: EXPORT_REASON_REQUIRED }).trim().min(EXPORT_REASON_MIN, EXPORT_REASON_REQUIRED).max(EXPORT_REASON_MAX, EXPORT_REASON_REQUIRED),
});
export type AdminExportQuery = z.infer<typeof AdminExportQuery>;
