import { useMutation } from '@tanstack/react-query';
import type { SafetyReport } from '#shared/contracts/admin-migrations';
import { apiFetch } from '#client/lib/api-client';

export const runSafetyChecks = () =>
  apiFetch<SafetyReport>('/api/admin/migrations/safety-checks', { method: 'POST' });

/** Runs the four migration safety checks on the server (a POST: each run is fresh). */
export const useRunSafetyChecks = () =>
  useMutation({
    mutationKey: ['admin', 'migrations', 'safety-checks'],
    mutationFn: runSafetyChecks,
  });
