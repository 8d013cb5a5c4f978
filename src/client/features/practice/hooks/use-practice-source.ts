import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChapterWithStory } from '#shared/contracts/stories';
import type { SavedItem } from '#shared/contracts/saved-items';
import { bareWord } from '#shared/practice/word-choice';
import type { TranscriptSegment } from '#shared/transcript';
import { chapterQueryOptions } from '#client/lib/api/chapters/get-chapter';
import { useTranscript } from '#client/lib/api/chapters/get-transcript';
import { chapterSavedItemsQueryOptions } from '#client/lib/api/saved-items/saved-items';
import { useOnline } from '#client/lib/use-online';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The words a learner saved, as the set builder compares them: bare and lower case. */
export const focusWords = (items: readonly SavedItem[]): ReadonlySet<string> =>
  new Set(
    items
      .filter((item) => item.kind === 'word')
      .map((item) => bareWord(item.text).toLocaleLowerCase('es')),
  );

export interface PracticeSource {
  chapter: ChapterWithStory | undefined;
  chapterError: Error | null;
  /** The chapter's lines; null while they load; empty when it has no usable transcript. */
  segments: readonly TranscriptSegment[] | null;
  transcriptFailed: boolean;
  /** The learner's saved words of the chapter; null while they load. */
  focus: ReadonlySet<string> | null;
  /** A visitor on a story that needs an account. */
  needsAccount: boolean;
  validId: boolean;
}

/**
 * What a practice set is made from, loaded as the player loads it (so a downloaded chapter works
 * offline: the service worker answers these requests): the chapter with its story's level, its
 * transcript, and, for a signed-in learner online, the words they saved in it (asked first).
 */
export function usePracticeSource(
  chapterId: string,
  { signedIn, sessionKnown }: { signedIn: boolean; sessionKnown: boolean },
): PracticeSource {
  const validId = UUID.test(chapterId);
  const online = useOnline();
  const chapterQuery = useQuery({ ...chapterQueryOptions(chapterId), enabled: validId });
  const chapter = chapterQuery.data;
  const needsAccount = chapter?.story.requiresLogin === true && sessionKnown && !signedIn;
  const mayPractise = chapter !== undefined && sessionKnown && !needsAccount;
  const transcriptQuery = useTranscript(chapterId, mayPractise && chapter.hasTranscript);
  const withFocus = mayPractise && signedIn && online;
  const savedQuery = useQuery({
    ...chapterSavedItemsQueryOptions(chapterId),
    enabled: withFocus,
  });

  const loaded = transcriptQuery.data;
  const segments = useMemo(() => {
    if (!chapter) return null;
    if (!chapter.hasTranscript || !chapter.hasAudio) return [];
    if (!loaded) return null;
    return loaded.available ? loaded.transcript.segments : [];
  }, [chapter, loaded]);
  const savedItems = savedQuery.data?.items;
  const focus = useMemo((): ReadonlySet<string> | null => {
    if (!withFocus) return new Set();
    // Saved words are a preference of order: without them (a failed read) the set is still made.
    if (savedQuery.isError) return new Set();
    return savedItems ? focusWords(savedItems) : null;
  }, [withFocus, savedQuery.isError, savedItems]);

  return {
    chapter,
    chapterError: chapterQuery.error,
    segments,
    transcriptFailed: transcriptQuery.isError,
    focus,
    needsAccount,
    validId,
  };
}
