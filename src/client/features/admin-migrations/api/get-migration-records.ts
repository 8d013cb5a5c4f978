import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MigrationRecord } from '#shared/contracts/admin-migrations';
import { apiFetch } from '#client/lib/api-client';

/** The records administrators keep, newest application first (kept in the database). */
export const migrationRecordsQueryOptions = () =>
  queryOptions({
    // Under ['admin', …]: dropped at sign-in and sign-out like the user's own data.
    queryKey: ['admin', 'migrations', 'records'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ records: MigrationRecord[] }>('/api/admin/migrations/records', { signal }),
    select: (data) => data.records,
  });

export const useMigrationRecords = () => useQuery(migrationRecordsQueryOptions());
