import { and, eq } from 'drizzle-orm';
import { describeAchievement } from '#shared/achievements';
import {
  AVATAR_MAX_BYTES,
  avatarTypes,
  defaultPreferences,
  type Preferences,
} from '#shared/contracts/me';
import type { Database } from '../../db/client.ts';
import { fileUploads } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { storeFile, type ReceivedFile } from '../../lib/uploads.ts';
import { publicFileUrl } from '../content/seed-demo-content.ts';
import * as repository from './me.repository.ts';

export const avatarUploadRule = { maxBytes: AVATAR_MAX_BYTES, allowedTypes: avatarTypes };

/** Everything a signed-in user reads and changes about themself; every method is scoped to them. */
export function createMeService(db: Database, storage: ObjectStorage) {
  async function getProfile(userId: string) {
    const row = await repository.findProfile(db, userId);
    if (!row) throw notFound('Profile not found');
    return { ...row, role: row.role ?? 'user', createdAt: row.createdAt.toISOString() };
  }

  const toPreferences = (row: Awaited<ReturnType<typeof repository.findPreferences>>) => ({
    playbackSpeed: row?.playbackSpeed ?? defaultPreferences.playbackSpeed,
    autoPlayNext: row?.autoPlayNext ?? defaultPreferences.autoPlayNext,
    showTranslations: row?.showTranslations ?? defaultPreferences.showTranslations,
    preferredLanguage: row?.preferredLanguage ?? defaultPreferences.preferredLanguage,
    theme: row?.theme ?? defaultPreferences.theme,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  });

  return {
    getProfile,

    async updateProfile(userId: string, fullName: string) {
      await repository.updateFullName(db, userId, fullName);
      return getProfile(userId);
    },

    async updateAvatar(userId: string, file: ReceivedFile) {
      const previous = await repository.findProfile(db, userId);
      const stored = await db.transaction(async (tx) => {
        const row = await storeFile(tx, storage, file, {
          bucket: 'uploads',
          keyPrefix: `avatars/${userId}`,
          uploadedBy: userId,
          publicUrl: (key) => publicFileUrl('uploads', key),
        });
        await repository.updateAvatar(tx, userId, publicFileUrl('uploads', row.filePath));
        return row;
      });
      await removeReplacedAvatar(previous?.avatarUrl ?? null, stored.filePath);
      return getProfile(userId);
    },

    async getPreferences(userId: string) {
      return toPreferences(await repository.findPreferences(db, userId));
    },

    async updatePreferences(userId: string, changes: Partial<Preferences>) {
      return toPreferences(await repository.upsertPreferences(db, userId, changes));
    },

    getStatistics: (userId: string) => repository.computeStatistics(db, userId),

    async getAchievements(userId: string) {
      const rows = await repository.listAchievements(db, userId);
      return rows.map((row) => ({
        key: row.key,
        ...describeAchievement(row.key),
        earnedAt: row.earnedAt.toISOString(),
      }));
    },

    async getMembership(userId: string) {
      const row = await repository.findMembership(db, userId);
      return {
        hasLifetimeAccess: row?.hasLifetimeAccess ?? false,
        grantedAt: row?.grantedAt?.toISOString() ?? null,
        membershipLevel: row?.membershipLevel ?? null,
      };
    },
  };

  /** The old avatar's object and record go once the new one is in place. */
  async function removeReplacedAvatar(previousUrl: string | null, newKey: string) {
    const prefix = '/api/files/uploads/';
    if (!previousUrl?.startsWith(prefix)) return;
    const oldKey = previousUrl.slice(prefix.length);
    if (oldKey === newKey) return;
    await db
      .delete(fileUploads)
      .where(and(eq(fileUploads.bucketName, 'uploads'), eq(fileUploads.filePath, oldKey)));
    await storage.delete('uploads', oldKey).catch(() => undefined);
  }
}

export type MeService = ReturnType<typeof createMeService>;
