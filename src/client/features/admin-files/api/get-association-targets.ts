import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssociationTargetsResponse } from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';
import { adminFilesKey } from './get-files';

export const associationTargetsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminFilesKey, 'association-targets'] as const,
    queryFn: ({ signal }) =>
      apiFetch<AssociationTargetsResponse>('/api/admin/files/association-targets', { signal }),
    select: (data) => data.stories,
  });

/** Stories with their chapters, for choosing where files go. */
export const useAssociationTargets = () => useQuery(associationTargetsQueryOptions());
