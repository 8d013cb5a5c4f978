import { useMutation } from '@tanstack/react-query';
import type { HealthCheck } from '#shared/contracts/admin-settings';
import { apiFetch } from '#client/lib/api-client';

export const runHealthCheck = () => apiFetch<HealthCheck>('/api/admin/health-check');

/** Runs on demand (an action, not data to keep): the session, the database and the storage. */
export const useHealthCheck = () =>
  useMutation({ mutationKey: ['admin', 'settings', 'health-check'], mutationFn: runHealthCheck });
