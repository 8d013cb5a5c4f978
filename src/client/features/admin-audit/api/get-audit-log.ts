import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditListResponse } from '#shared/contracts/admin-audit';
import { apiFetch } from '#client/lib/api-client';
import { auditApiQuery, isReversedRange, type AuditView } from '../audit-query';

// Under ['admin', …]: dropped at sign-in and sign-out like the user's own data.
export const auditQueryRoot = ['admin', 'audit'] as const;

export const getAuditLog = (view: AuditView, signal?: AbortSignal) => {
  const query = auditApiQuery(view).toString();
  return apiFetch<AdminAuditListResponse>(`/api/admin/audit${query ? `?${query}` : ''}`, {
    signal,
  });
};

export const auditLogQueryOptions = (view: AuditView) =>
  queryOptions({
    queryKey: [...auditQueryRoot, view] as const,
    queryFn: ({ signal }) => getAuditLog(view, signal),
    // The log grows with every change: coming back to it shows what happened meanwhile.
    staleTime: 0,
  });

/** One page of the log; the previous page stays on screen while the next loads. */
export const useAuditLog = (view: AuditView) =>
  useQuery({
    ...auditLogQueryOptions(view),
    enabled: !isReversedRange(view),
    placeholderData: keepPreviousData,
  });
