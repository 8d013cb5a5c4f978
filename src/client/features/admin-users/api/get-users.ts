import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersListResponse } from '#shared/contracts/admin-users';
import { apiFetch } from '#client/lib/api-client';

/** Every users list (one per search) sits under this key; admin keys are dropped at sign-out. */
export const usersQueryRoot = ['admin', 'users'] as const;

export const getUsers = (search: string, signal?: AbortSignal) => {
  const query = search === '' ? '' : `?${new URLSearchParams({ search }).toString()}`;
  return apiFetch<AdminUsersListResponse>(`/api/admin/users${query}`, { signal });
};

export const usersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...usersQueryRoot, { search }] as const,
    queryFn: ({ signal }) => getUsers(search, signal),
  });

/** The users matching `search` (trimmed); the previous list stays on screen while typing. */
export const useUsers = (search: string) =>
  useQuery({ ...usersQueryOptions(search.trim()), placeholderData: keepPreviousData });
