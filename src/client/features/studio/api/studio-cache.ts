import type { QueryClient } from '@tanstack/react-query';
import type { StudioChapter } from '#shared/contracts/studio';
import { adminStoriesQueryRoot } from '#client/lib/api/admin/get-admin-stories';
import { studioChapterQueryOptions } from './get-studio-chapter';
import { transcriptVersionsQueryOptions } from './get-transcript-versions';

/**
 * A new version the server made (a save, a restore): the editor shows it at once, the version
 * list is read again, and the admin's story lists learn the chapter's transcript changed.
 */
export function showNewVersion(
  queryClient: QueryClient,
  chapterId: string,
  chapter: StudioChapter,
) {
  queryClient.setQueryData(studioChapterQueryOptions(chapterId).queryKey, chapter);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transcriptVersionsQueryOptions(chapterId).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
  ]);
}

/** An alignment finished (here or elsewhere): the chapter and its versions are read again. */
export function reloadChapter(queryClient: QueryClient, chapterId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studioChapterQueryOptions(chapterId).queryKey }),
    queryClient.invalidateQueries({ queryKey: transcriptVersionsQueryOptions(chapterId).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
  ]);
}
