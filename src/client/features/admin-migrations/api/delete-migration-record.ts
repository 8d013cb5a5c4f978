import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { migrationRecordsQueryOptions } from './get-migration-records';

/** Marks a migration as rolled back: 204, its record removed; 404 when already gone. */
export const deleteMigrationRecord = (id: string) =>
  apiFetch<void>(`/api/admin/migrations/records/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

export function useDeleteMigrationRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'migrations', 'records', 'delete'],
    mutationFn: deleteMigrationRecord,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: migrationRecordsQueryOptions().queryKey }),
  });
}
