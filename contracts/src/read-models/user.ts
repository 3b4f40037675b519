import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';

/** Read model of the `users` projection. */
export const UserDoc = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(RoleNameSchema),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDoc = z.infer<typeof UserDoc>;
