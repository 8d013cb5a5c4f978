import { z } from 'zod';
import { FULL_NAME_MAX_LENGTH } from '../validation/account-rules.ts';
import { fileCheckMessages } from '../validation/file-check.ts';
import { roleSchema } from './auth.ts';

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  createdAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ profile: profileSchema });

export const updateProfileBodySchema = z
  .object({ fullName: z.string().trim().min(1).max(FULL_NAME_MAX_LENGTH) })
  .strict();

export const playbackSpeeds = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const preferredLanguages = ['en', 'es', 'fr', 'de'] as const;
export const themes = ['light', 'dark', 'auto'] as const;

export const preferencesSchema = z.object({
  playbackSpeed: z
    .number()
    .min(0.5)
    .max(2)
    .refine((value) => Number.isInteger(value * 4), 'Playback speed moves in steps of 0.25'),
  autoPlayNext: z.boolean(),
  showTranslations: z.boolean(),
  preferredLanguage: z.enum(preferredLanguages),
  theme: z.enum(themes),
  /** Practice counts a missing or wrong accent as a mistake (decision 066); off, it is only shown. */
  strictAccents: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const defaultPreferences: Preferences = {
  playbackSpeed: 1,
  autoPlayNext: false,
  showTranslations: false,
  preferredLanguage: 'en',
  theme: 'auto',
  strictAccents: false,
};
export const preferencesResponseSchema = z.object({
  preferences: preferencesSchema.extend({ updatedAt: z.iso.datetime().nullable() }),
});
export const updatePreferencesBodySchema = preferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');

export const statisticsSchema = z.object({
  storiesCompleted: z.number().int(),
  listeningMinutes: z.number().int(),
  achievementsCount: z.number().int(),
  averageProgress: z.number().int(),
});
export const statisticsResponseSchema = z.object({ statistics: statisticsSchema });

export const achievementSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  earnedAt: z.iso.datetime(),
});
export const achievementsResponseSchema = z.object({ achievements: z.array(achievementSchema) });

export const membershipSchema = z.object({
  hasLifetimeAccess: z.boolean(),
  grantedAt: z.iso.datetime().nullable(),
  membershipLevel: z.string().nullable(),
});
export const membershipResponseSchema = z.object({ membership: membershipSchema });

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * The avatar's upload rule: JPEG, PNG or WebP up to 5 MB, a type it does not take refused in the
 * learner spec's words. The profile screen checks it before sending; the server again by content.
 */
export const avatarUploadRule = {
  types: avatarTypes,
  extensions: ['jpg', 'jpeg', 'png', 'webp'],
  maxBytes: AVATAR_MAX_BYTES,
  typeRefused: () => fileCheckMessages.typeNotAllowed,
} as const;

export const adminDashboardResponseSchema = z.object({
  counts: z.object({
    stories: z.number().int(),
    chapters: z.number().int(),
    profiles: z.number().int(),
    feedback: z.number().int(),
    /** Contact messages nobody has marked handled yet (the inbox's open filter). */
    openFeedback: z.number().int(),
  }),
});
