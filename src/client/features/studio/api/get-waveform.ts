import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Waveform } from '#shared/contracts/studio';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath, studioQueryRoot } from './get-studio-chapter';

export const getWaveform = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<Waveform>(`${studioChapterPath(chapterId)}/waveform`, { signal });

/** Keyed by the audio's address too: new audio, new peaks; the same audio's never change. */
export const waveformQueryOptions = (chapterId: string, audioUrl: string) =>
  queryOptions({
    queryKey: [...studioQueryRoot, chapterId, 'waveform', audioUrl] as const,
    queryFn: ({ signal }) => getWaveform(chapterId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });

/** The chapter's peaks for the timing panel; nothing while the chapter has no audio. */
export const useWaveform = (chapterId: string, audioUrl: string | null) =>
  useQuery({ ...waveformQueryOptions(chapterId, audioUrl ?? ''), enabled: audioUrl !== null });
