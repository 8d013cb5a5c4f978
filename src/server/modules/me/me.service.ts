import { describeAchievement } from '#shared/achievements';
import {
  AVATAR_MAX_BYTES,
  avatarTypes,
  defaultPreferences,
  type Preferences,
} from '#shared/contracts/me';
import type { TransactionRunner } from '../../db/repository.ts';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { storeFile, type ReceivedFile } from '../../lib/uploads.ts';
import { publicFileUrl, uploadsKeyOf } from '../files/public-file-url.ts';
import type { AchievementsRepository } from '../progress/achievements.repository.ts';
import type { MeRepository } from './me.repository.ts';

export const avatarUploadRule = { maxBytes: AVATAR_MAX_BYTES, allowedTypes: avatarTypes };

type PreferencesRow = Awaited<ReturnType<MeRepository['findPreferences']>>;

const toPreferences = (row: PreferencesRow) => ({
  playbackSpeed: row?.playbackSpeed ?? defaultPreferences.playbackSpeed,
  autoPlayNext: row?.autoPlayNext ?? defaultPreferences.autoPlayNext,
  showTranslations: row?.showTranslations ?? defaultPreferences.showTranslations,
  preferredLanguage: row?.preferredLanguage ?? defaultPreferences.preferredLanguage,
  theme: row?.theme ?? defaultPreferences.theme,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** Everything a signed-in user reads and changes about themself; every method is scoped to them. */
export function createMeService(deps: {
  me: MeRepository;
  achievements: AchievementsRepository;
  storage: ObjectStorage;
  transaction: TransactionRunner;
}) {
  const { me, achievements, storage, transaction } = deps;

  async function getProfile(userId: string) {
    const row = await me.findProfile(userId);
    if (!row) throw notFound('Profile not found');
    return { ...row, role: row.role ?? 'user', createdAt: row.createdAt.toISOString() };
  }

  /** The old avatar's object and record go once the new one is in place. */
  async function removeReplacedAvatar(previousUrl: string | null, newKey: string) {
    const oldKey = uploadsKeyOf(previousUrl);
    if (oldKey === undefined || oldKey === newKey) return;
    await me.deleteFileRecord('uploads', oldKey);
    await storage.delete('uploads', oldKey).catch(() => undefined);
  }

  return {
    getProfile,

    async updateProfile(userId: string, fullName: string) {
      await transaction((tx) => me.in(tx).updateFullName(userId, fullName));
      return getProfile(userId);
    },

    async updateAvatar(userId: string, file: ReceivedFile) {
      const previous = await me.findProfile(userId);
      const stored = await transaction(async (tx) => {
        const row = await storeFile(tx, storage, file, {
          bucket: 'uploads',
          keyPrefix: `avatars/${userId}`,
          uploadedBy: userId,
          publicUrl: (key) => publicFileUrl('uploads', key),
        });
        await me.in(tx).updateAvatar(userId, publicFileUrl('uploads', row.filePath));
        return row;
      });
      await removeReplacedAvatar(previous?.avatarUrl ?? null, stored.filePath);
      return getProfile(userId);
    },

    async getPreferences(userId: string) {
      return toPreferences(await me.findPreferences(userId));
    },

    async updatePreferences(userId: string, changes: Partial<Preferences>) {
      return toPreferences(await me.upsertPreferences(userId, changes));
    },

    getStatistics: (userId: string) => me.computeStatistics(userId),

    async getAchievements(userId: string) {
      const rows = await achievements.listForUser(userId);
      return rows.map((row) => ({
        key: row.key,
        ...describeAchievement(row.key),
        earnedAt: row.earnedAt.toISOString(),
      }));
    },

    async getMembership(userId: string) {
      const row = await me.findMembership(userId);
      return {
        hasLifetimeAccess: row?.hasLifetimeAccess ?? false,
        grantedAt: row?.grantedAt?.toISOString() ?? null,
        membershipLevel: row?.membershipLevel ?? null,
      };
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;
