import { z } from 'zod';
import { RoleNameSchema } from '../roles-schema';
import { User } from './auth';

export const AdminUserList = z.array(User);
export const UpdateRolesRequest = z.strictObject({
  roles: z.array(RoleNameSchema).min(1, 'Select at least one role').max(5),
});
export type UpdateRolesRequest = z.infer<typeof UpdateRolesRequest>;
export const UserIdParams = z.strictObject({ userId: z.string().min(1).max(64) });
