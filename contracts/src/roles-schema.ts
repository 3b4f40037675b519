import { z } from 'zod';
import { partnerRoleNames, permissions, roleNames } from './roles';

/** The zod schemas of the role and permission names (the names themselves live in roles.ts). */
export const RoleNameSchema = z.enum(roleNames);
export const PermissionSchema = z.enum(permissions);
export const PartnerRoleNameSchema = z.enum(partnerRoleNames, { error: 'Please select a partner role' });
