import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogoResponse } from '#shared/contracts/admin-settings';
import { apiFetch } from '#client/lib/api-client';

export const getLogo = (signal?: AbortSignal) =>
  apiFetch<LogoResponse>('/api/admin/logo', { signal });

export const logoQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'logo'] as const,
    queryFn: ({ signal }) => getLogo(signal),
    select: (data) => data.logo,
  });

/** The active logo (logo_settings), or null when the app's own mark is shown. */
export const useLogo = () => useQuery(logoQueryOptions());
