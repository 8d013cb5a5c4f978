import { useMutation } from '@tanstack/react-query';
import type { PrefillResponse } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath } from './get-studio-chapter';

/**
 * Machine translations and glosses for what lacks one (marked 'machine'; nothing is saved), with
 * the report of what was filled, by which service, and what failed.
 */
export const prefillTranslations = (chapterId: string, transcript: Transcript) =>
  apiFetch<PrefillResponse>(`${studioChapterPath(chapterId)}/translations/prefill`, {
    method: 'POST',
    json: { transcript },
  });

export function usePrefillTranslations(chapterId: string) {
  return useMutation({
    mutationKey: ['admin', 'studio', chapterId, 'prefill'],
    mutationFn: (transcript: Transcript) => prefillTranslations(chapterId, transcript),
    retry: false,
  });
}
