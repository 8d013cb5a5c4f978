import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MigrationRecord, MigrationRecordInput } from '#shared/contracts/admin-migrations';
import { apiFetch } from '#client/lib/api-client';
import { migrationRecordsQueryOptions } from './get-migration-records';

/** 201 with the stored record; 400 VALIDATION_ERROR with the first problem as message. */
export const createMigrationRecord = (body: MigrationRecordInput) =>
  apiFetch<{ record: MigrationRecord }>('/api/admin/migrations/records', {
    method: 'POST',
    json: body,
  });

export function useCreateMigrationRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'migrations', 'records', 'create'],
    mutationFn: createMigrationRecord,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: migrationRecordsQueryOptions().queryKey }),
  });
}
