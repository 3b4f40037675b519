import { z } from 'zod';

/** A town or city of the wizard's fixed list (consumer spec §2, step 1; Location of §3). */
export const Location = z.object({
  id: z.string(),
  cityName: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Location = z.infer<typeof Location>;

/** A role record of GET /api/roles (consumer spec §3: id, name; partner/admin §3 adds description). */
export const RoleRecord = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type RoleRecord = z.infer<typeof RoleRecord>;
