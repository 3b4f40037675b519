import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';

/** Every event carries who did it, why (correlation/causation) and when. */
export const EventMetadata = z.object({
  actorId: z.string().nullable(),
  actorRoles: z.array(RoleNameSchema),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;
