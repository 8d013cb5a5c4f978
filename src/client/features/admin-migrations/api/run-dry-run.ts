import { useMutation } from '@tanstack/react-query';
import type { DryRunBody, DryRunResponse } from '#shared/contracts/admin-migrations';
import { apiFetch } from '#client/lib/api-client';

export const runDryRun = (body: DryRunBody) =>
  apiFetch<DryRunResponse>('/api/admin/migrations/dry-run', { method: 'POST', json: body });

/** Reads migration SQL on the server with the shared analyser; nothing is executed. */
export const useRunDryRun = () =>
  useMutation({ mutationKey: ['admin', 'migrations', 'dry-run'], mutationFn: runDryRun });
