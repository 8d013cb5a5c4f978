import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { vocabularyResponseSchema } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';

// Type-only imports: zod itself stays out of the bundle.
export type VocabularyProgress = z.infer<typeof vocabularyResponseSchema>['vocabulary'];

export const getVocabulary = async (signal?: AbortSignal): Promise<VocabularyProgress> => {
  const { vocabulary } = await apiFetch<{ vocabulary: VocabularyProgress }>('/api/vocabulary', {
    signal,
  });
  return vocabulary;
};

const MINUTE = 60_000;

/** Words learned and stories completed: cached 5 minutes, never re-read on focus (spec). */
export const vocabularyQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'vocabulary', 'summary'] as const,
    queryFn: ({ signal }) => getVocabulary(signal),
    staleTime: 5 * MINUTE,
    refetchOnWindowFocus: false,
  });

export const useVocabulary = (enabled: boolean) =>
  useQuery({ ...vocabularyQueryOptions(), enabled });
