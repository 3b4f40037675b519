import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';

/** Every event carries who did it, why (correlation/causation) and when. */
export const EventMetadata = z.object({
  actorId: z.string().nullable(),
  actorRoles: z.array(RoleNameSchema),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
  /** The W3C trace context of the command that recorded it, when traces are on: what reacts to it continues that trace. */
  traceparent: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;
