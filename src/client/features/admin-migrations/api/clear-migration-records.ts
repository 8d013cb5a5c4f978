import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { migrationRecordsQueryOptions } from './get-migration-records';

/** The tracker's Clear: every record removed; answers how many. */
export const clearMigrationRecords = () =>
  apiFetch<{ deleted: number }>('/api/admin/migrations/records', { method: 'DELETE' });

export function useClearMigrationRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'migrations', 'records', 'clear'],
    mutationFn: clearMigrationRecords,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: migrationRecordsQueryOptions().queryKey }),
  });
}
