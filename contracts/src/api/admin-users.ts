import { z } from 'zod';
import { RoleName } from '../roles';
import { User } from './auth';

export const AdminUserList = z.array(User);
export const UpdateRolesRequest = z.strictObject({
  roles: z.array(RoleName).min(1, 'Select at least one role').max(5),
});
export type UpdateRolesRequest = z.infer<typeof UpdateRolesRequest>;
export const UserIdParams = z.strictObject({ userId: z.string().min(1).max(64) });
