import { z } from 'zod';
import { RoleName } from '../roles';

/** Every event carries who did it, why (correlation/causation) and when. */
export const EventMetadata = z.object({
  actorId: z.string().nullable(),
  actorRoles: z.array(RoleName),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;
