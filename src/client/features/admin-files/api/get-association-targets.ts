import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssociationTargetsResponse } from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';

export const associationTargetsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminFilesQueryRoot, 'association-targets'] as const,
    queryFn: ({ signal }) =>
      apiFetch<AssociationTargetsResponse>('/api/admin/files/association-targets', { signal }),
    select: (data) => data.stories,
  });

/** Stories with their chapters, for choosing where files go. */
export const useAssociationTargets = () => useQuery(associationTargetsQueryOptions());
