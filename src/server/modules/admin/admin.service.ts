import type { AdminDashboardRepository } from './admin.repository.ts';

/** The admin area's landing figures: how many stories, chapters, profiles and feedback rows. */
export function createAdminDashboardService(deps: { dashboard: AdminDashboardRepository }) {
  const { dashboard } = deps;
  return {
    async overview() {
      return { counts: await dashboard.counts() };
    },
  };
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
