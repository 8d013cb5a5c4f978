import { z } from 'zod';
import { roleSchema } from './auth.ts';

/**
 * Admin users screen (admin spec: Users screen, roles and update_user_role). Routes:
 * src/server/modules/admin-users.
 *
 *   GET   /api/admin/users?search=      → { users, total, limit } profiles newest first
 *   PATCH /api/admin/users/:id/role     { role: 'user' | 'admin' } → { user }
 */

/** The list shows at most this many users; `total` says how many matched. */
export const ADMIN_USERS_LIST_LIMIT = 200;
export const ADMIN_USERS_SEARCH_MAX_LENGTH = 254;

/** The role selector offers only these (a moderator keeps its badge until changed). */
export const assignableRoles = ['user', 'admin'] as const;
export const assignableRoleSchema = z.enum(assignableRoles);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** User-facing texts of the screen (spec section 8), kept verbatim. */
export const adminUsersMessages = {
  roleUpdated: 'Role updated',
  roleUpdateFailed: 'Failed to update role',
  selfDemotion: 'You cannot remove your own admin role',
  userNotFound: 'User not found',
} as const;

export const adminUsersQuerySchema = z
  .object({
    /** Case-insensitive, over e-mail and full name; blank lists everyone. */
    search: z.string().trim().max(ADMIN_USERS_SEARCH_MAX_LENGTH).default(''),
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The profile's creation time (the date the user joined). */
  createdAt: z.iso.datetime(),
  /** From user_roles; 'user' when the account has no row there. */
  role: roleSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  /** How many users match the search (the list holds at most `limit` of them). */
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type AdminUsersListResponse = z.infer<typeof adminUsersListResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.string().trim().min(1).max(128) }).strict();

export const updateUserRoleBodySchema = z.object({ role: assignableRoleSchema }).strict();
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleBodySchema>;

export const updateUserRoleResponseSchema = z.object({ user: adminUserSchema });
export type UpdateUserRoleResponse = z.infer<typeof updateUserRoleResponseSchema>;
