import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { deriveStoryProgress, progressByChapterId } from '#shared/discover/story-progress';
import { filterStories, isLevelFilter, type LevelFilter } from '#shared/discover/library-search';
import { byBestFit, fitsLearner } from '#shared/discover/story-fit';
import { RecommendedStories } from '#client/components/story/recommended-stories';
import {
  StoriesEmpty,
  StoriesError,
  StoriesLoading,
} from '#client/components/story/stories-status';
import { PageHeading } from '#client/components/ui/page-heading';
import { useChaptersProgress } from '#client/lib/api/progress/get-chapters-progress';
import { useStoryKnowledge } from '#client/lib/api/progress/get-story-knowledge';
import { useStories } from '#client/lib/api/stories/get-stories';
import { useAuth } from '#client/lib/auth/auth-context';
import { downloadedChapterIds, useDownloads } from '#client/lib/offline/use-downloads';
import { useFailureToast } from '#client/lib/use-failure-toast';
import { FitNotice, NoneFitsHere } from './fit-notice';
import { LibraryFilters, type LibrarySort } from './library-filters';
import { LibraryStoryCard } from './library-story-card';
import { VocabularyCard } from './vocabulary-card';

/** /library: search, level filter, story cards with expandable chapters, vocabulary card. */
export function LibraryPage() {
  const { user } = useAuth();
  const signedIn = user !== null;
  const stories = useStories();
  const [params, setParams] = useSearchParams();
  // The filters live in component state (typing stays instant and loses no keystroke); the
  // address only mirrors them, so a shared or reloaded link keeps them.
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [level, setLevel] = useState<LevelFilter>(() => {
    const levelParam = params.get('level');
    return isLevelFilter(levelParam) ? levelParam : 'all';
  });
  // Sorting and filtering by fit (decision 071) apply once the learner's shares are known.
  const [sort, setSort] = useState<LibrarySort>(() =>
    params.get('sort') === 'fit' ? 'fit' : 'library',
  );
  const [fitsOnly, setFitsOnly] = useState(() => params.get('fits') === '1');
  // Spec: one story expanded at a time; toggling the same story collapses it.
  const [expandedId, setExpandedId] = useState<string | null>(null);

  const chapterIds = useMemo(
    () => (stories.data ?? []).flatMap((story) => story.chapters.map((chapter) => chapter.id)),
    [stories.data],
  );
  const progress = useChaptersProgress(chapterIds, signedIn);
  const knowledgeQuery = useStoryKnowledge(signedIn);
  // Offline, the last answer kept is shown; a visitor sees nothing of it.
  const knowledge = signedIn ? (knowledgeQuery.data ?? null) : null;
  const downloads = useDownloads();
  const downloaded = useMemo(() => downloadedChapterIds(downloads), [downloads]);
  const progressMap = useMemo(
    () => (signedIn && progress.data ? progressByChapterId(progress.data) : null),
    [signedIn, progress.data],
  );

  useFailureToast(stories.isError, 'Error loading content', 'Could not load stories and chapters.');
  useFailureToast(
    signedIn && progress.isError,
    'Failed to load progress',
    'Could not load your progress data.',
  );

  const { visible, foundBeforeFit } = useMemo(() => {
    const found = filterStories(stories.data ?? [], { query, level });
    if (!knowledge) return { visible: found, foundBeforeFit: found.length };
    const coverageOf = (story: { id: string }) => knowledge.get(story.id);
    const fitting = fitsOnly
      ? found.filter((story) => {
          const coverage = coverageOf(story);
          return coverage !== undefined && fitsLearner(coverage);
        })
      : found;
    return {
      visible: sort === 'fit' ? byBestFit(fitting, coverageOf) : fitting,
      foundBeforeFit: found.length,
    };
  }, [stories.data, query, level, knowledge, sort, fitsOnly]);

  useEffect(() => {
    const next = new URLSearchParams();
    if (query !== '') next.set('q', query);
    if (level !== 'all') next.set('level', level);
    if (sort === 'fit') next.set('sort', 'fit');
    if (fitsOnly) next.set('fits', '1');
    setParams(next, { replace: true });
  }, [query, level, sort, fitsOnly, setParams]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeading
        title="Story Library"
        lead="Every story, from beginner to advanced. Choose a chapter and listen."
      />
      <div className="space-y-4">
        <LibraryFilters
          query={query}
          level={level}
          onQueryChange={setQuery}
          onLevelChange={setLevel}
          fit={
            knowledge
              ? { sort, fitsOnly, onSortChange: setSort, onFitsOnlyChange: setFitsOnly }
              : undefined
          }
        />
        {signedIn ? <VocabularyCard /> : null}
      </div>

      {knowledge && stories.data ? (
        <div className="mt-8">
          <RecommendedStories
            stories={stories.data}
            knowledge={knowledge}
            whenNoneFits={<FitNotice />}
          />
        </div>
      ) : null}

      <section aria-label="Stories" className="mt-8">
        {stories.isPending ? (
          <StoriesLoading />
        ) : stories.isError ? (
          <StoriesError headingLevel={2} onRetry={() => void stories.refetch()} />
        ) : (
          <>
            <p aria-live="polite" className="mb-4 text-sm text-ink-muted">
              {visible.length === stories.data.length
                ? `${visible.length} ${visible.length === 1 ? 'story' : 'stories'}`
                : `${visible.length} of ${stories.data.length} stories`}
            </p>
            {visible.length === 0 && fitsOnly && foundBeforeFit > 0 ? (
              <NoneFitsHere onShowAll={() => setFitsOnly(false)} />
            ) : visible.length === 0 ? (
              <StoriesEmpty headingLevel={2} filtered={stories.data.length > 0} />
            ) : (
              <ul className="flex flex-col gap-6">
                {visible.map((story, index) => (
                  <li key={story.id}>
                    <LibraryStoryCard
                      story={story}
                      signedIn={signedIn}
                      priority={index === 0}
                      expanded={expandedId === story.id}
                      onToggle={() =>
                        setExpandedId((current) => (current === story.id ? null : story.id))
                      }
                      progress={progressMap}
                      knowledge={knowledge?.get(story.id) ?? null}
                      downloaded={downloaded}
                      storyProgress={
                        progressMap
                          ? deriveStoryProgress(
                              story.chapters.map((chapter) => chapter.id),
                              progressMap,
                            )
                          : null
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
