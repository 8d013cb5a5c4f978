import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminDashboardResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type AdminDashboardResponse = z.infer<typeof adminDashboardResponseSchema>;
export type DashboardCounts = AdminDashboardResponse['counts'];

// Under ['admin', …]: dropped at sign-in and sign-out like the user's own data.
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => apiFetch<AdminDashboardResponse>('/api/admin/dashboard', { signal }),
    select: (data) => data.counts,
  });

export const useDashboardCounts = () => useQuery(dashboardQueryOptions());
