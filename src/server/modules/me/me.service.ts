import { describeAchievement } from '#shared/achievements';
import { avatarUploadRule, defaultPreferences, type Preferences } from '#shared/contracts/me';
import { listeningMinutes } from '#shared/contracts/progress';
import { translationLanguageMessages, type TranslationLanguage } from '#shared/contracts/translate';
import type { TransactionRunner } from '../../db/repository.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { FileUploadsRepository } from '../../lib/file-uploads.repository.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { checkContent, type IncomingFile } from '../../lib/upload-checks.ts';
import { publicFileUrl, uploadsKeyOf } from '../files/public-file-url.ts';
import type { AchievementsRepository } from '../progress/achievements.repository.ts';
import type { ListeningRepository } from '../progress/listening.repository.ts';
import type { MeRepository } from './me.repository.ts';

type PreferencesRow = Awaited<ReturnType<MeRepository['findPreferences']>>;

const toPreferences = (row: PreferencesRow) => ({
  playbackSpeed: row?.playbackSpeed ?? defaultPreferences.playbackSpeed,
  autoPlayNext: row?.autoPlayNext ?? defaultPreferences.autoPlayNext,
  showTranslations: row?.showTranslations ?? defaultPreferences.showTranslations,
  preferredLanguage: row?.preferredLanguage ?? defaultPreferences.preferredLanguage,
  theme: row?.theme ?? defaultPreferences.theme,
  strictAccents: row?.strictAccents ?? defaultPreferences.strictAccents,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** Everything a signed-in user reads and changes about themself; every method is scoped to them. */
export function createMeService(deps: {
  me: MeRepository;
  achievements: AchievementsRepository;
  /** Time listened: one source for Listening Minutes and the hour's achievement (decision 009). */
  listening: ListeningRepository;
  storage: ObjectStorage;
  fileStore: FileStore;
  fileUploads: FileUploadsRepository;
  transaction: TransactionRunner;
  /** The translation languages that can really be served here (decision 038). */
  translationLanguages: () => readonly TranslationLanguage[];
}) {
  const { me, achievements, listening, storage, fileStore, fileUploads, transaction } = deps;

  async function getProfile(userId: string) {
    const row = await me.findProfile(userId);
    if (!row) throw notFound('Profile not found');
    return { ...row, role: row.role ?? 'user', createdAt: row.createdAt.toISOString() };
  }

  /**
   * An avatar nothing names any more (replaced, or its account deleted): its object, then its
   * record. When the storage cannot delete the object now, the record stays, so the file is
   * listed as unused and the administrators' clean-up removes it (decision 022).
   */
  async function removeAvatarFile(url: string | null, keep?: string) {
    const key = uploadsKeyOf(url);
    if (key === undefined || key === keep) return;
    try {
      await storage.delete('uploads', key);
    } catch {
      return;
    }
    await fileUploads.removeByKey('uploads', key);
  }

  return {
    getProfile,
    removeAvatarFile,

    async updateProfile(userId: string, fullName: string) {
      await transaction((tx) => me.in(tx).updateFullName(userId, fullName));
      return getProfile(userId);
    },

    /** The profile points at the new image once it and its record are stored. */
    async updateAvatar(userId: string, incoming: IncomingFile) {
      const file = await checkContent(avatarUploadRule, incoming);
      const previous = await me.findProfile(userId);
      const stored = await fileStore.store(
        file,
        {
          bucket: 'uploads',
          keyPrefix: `avatars/${userId}`,
          uploadedBy: userId,
          publicUrl: (key) => publicFileUrl('uploads', key),
        },
        async (row, tx) => {
          await me.in(tx).updateAvatar(userId, publicFileUrl('uploads', row.filePath));
          return row;
        },
      );
      // The old avatar's object and record go once the new one is in place.
      await removeAvatarFile(previous?.avatarUrl ?? null, stored.filePath);
      return getProfile(userId);
    },

    async getPreferences(userId: string) {
      return toPreferences(await me.findPreferences(userId));
    },

    async updatePreferences(userId: string, changes: Partial<Preferences>) {
      const language = changes.preferredLanguage;
      if (language !== undefined && !deps.translationLanguages().includes(language)) {
        const message = translationLanguageMessages.notServed(language);
        throw validationError(message, { fields: { preferredLanguage: message } });
      }
      return toPreferences(await me.upsertPreferences(userId, changes));
    },

    async getStatistics(userId: string) {
      const [statistics, listenedSeconds] = await Promise.all([
        me.computeStatistics(userId),
        listening.totalSeconds(userId),
      ]);
      return { ...statistics, listeningMinutes: listeningMinutes(listenedSeconds) };
    },

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
