import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppliedMigrations } from '#shared/contracts/admin-migrations';
import { apiFetch } from '#client/lib/api-client';

/** What the server applied (drizzle's migrations table), matched to its migration files. */
export const appliedMigrationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'migrations', 'applied'] as const,
    queryFn: ({ signal }) =>
      apiFetch<AppliedMigrations>('/api/admin/migrations/applied', { signal }),
  });

export const useAppliedMigrations = () => useQuery(appliedMigrationsQueryOptions());
