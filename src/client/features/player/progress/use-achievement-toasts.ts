import { useQueryClient } from '@tanstack/react-query';
import { describeAchievement } from '#shared/achievements';
import { achievementsQueryOptions } from '#client/lib/api/me/get-achievements';
import { useSyncDeliveries } from '#client/lib/sync/use-sync';
import { toast } from '#client/lib/toast';
import { listeningSync } from './listening-sync';
import { progressSync } from './progress-sync';

/**
 * Announces what the learner's progress saves and listening reports earn (decision 009): a toast
 * per new achievement, and the achievements read again. Heard from the learner-sync engine's
 * deliveries while the player is open, whichever request carried them (the hour listened comes
 * with a listening report, a first chapter with a save).
 */
export function useAchievementToasts(userId: string | null): void {
  const queryClient = useQueryClient();
  const announce = ({ newAchievements }: { newAchievements: readonly string[] }) => {
    for (const key of newAchievements) {
      const { title, description } = describeAchievement(key);
      toast.success(`Achievement unlocked: ${title}`, { description });
    }
    if (newAchievements.length > 0) {
      void queryClient.invalidateQueries({ queryKey: achievementsQueryOptions().queryKey });
    }
  };
  useSyncDeliveries(userId, progressSync, announce);
  useSyncDeliveries(userId, listeningSync, announce);
}
