import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
} from '../validation/account-rules.ts';

export const roles = ['user', 'admin', 'moderator'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

const email = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH);
/** Strength rules are checked by the service so that it can answer with the spec's messages. */
const password = z.string().max(1024);

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const signUpBodySchema = z
  .object({ email, password, fullName: z.string().trim().min(1).max(FULL_NAME_MAX_LENGTH) })
  .strip(); // extra fields (a role, say) are dropped, never applied
export const signUpResponseSchema = z.object({ email: z.string() });

export const signInBodySchema = z
  .object({ email, password, rememberMe: z.boolean().default(false) })
  .strict();
export const userResponseSchema = z.object({ user: currentUserSchema });

export const sessionResponseSchema = z.object({
  user: currentUserSchema.nullable(),
  session: z.object({ expiresAt: z.iso.datetime() }).nullable(),
  /** True when this check extended the session (the spec's "token refreshed"). */
  refreshed: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const emailBodySchema = z.object({ email }).strict();
export const tokenBodySchema = z.object({ token: z.string().min(1).max(2048) }).strict();
export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1).max(2048), newPassword: password })
  .strict();
export const tokenCheckResponseSchema = z.object({ valid: z.boolean() });
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const deleteAccountBodySchema = z.object({ password }).strict();

export { PASSWORD_MAX_LENGTH };
