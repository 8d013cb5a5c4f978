import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Headphones, Share2 } from 'lucide-react';
import {
  deriveStoryProgress,
  orderedChapters,
  progressByChapterId,
} from '#shared/discover/story-progress';
import { IMAGE_SIZES } from '#shared/discover/images';
import { storyMeta } from '#shared/discover/story-meta';
import { messages } from '#shared/messages';
import { StoryDownloadButton } from '#client/components/offline/story-download-button';
import { ChapterList } from '#client/components/story/chapter-list';
import { StoriesError, StoriesLoading } from '#client/components/story/stories-status';
import { PreviewBanner } from '#client/components/story/preview-banner';
import { LanguageBadge, LevelBadge, NewWordsBadge } from '#client/components/story/story-badges';
import { StoryCover } from '#client/components/story/story-cover';
import { StoryFacts } from '#client/components/story/story-facts';
import { StoryKnowledgeSummary } from '#client/components/story/story-knowledge';
import { totalDurationSeconds } from '#client/components/story/story-helpers';
import { StoryProgressSummary } from '#client/components/story/story-progress-summary';
import { useListenLink } from '#client/components/story/use-listen-link';
import { Button, buttonClassName } from '#client/components/ui/button';
import { isApiError } from '#client/lib/api-client';
import { useChaptersProgress } from '#client/lib/api/progress/get-chapters-progress';
import { useStoryKnowledge } from '#client/lib/api/progress/get-story-knowledge';
import { useStoryBySlug } from '#client/lib/api/stories/get-story-by-slug';
import { useAuth } from '#client/lib/auth/auth-context';
import { downloadedChapterIds, useDownloads } from '#client/lib/offline/use-downloads';
import { useSiteIdentity } from '#client/lib/site-identity';
import { usePreviewMode } from '#client/lib/preview';
import { toast } from '#client/lib/toast';
import { useFailureToast } from '#client/lib/use-failure-toast';
import { useStoryHead } from '../hooks/use-story-head';
import { shareOrCopy } from '../share-link';

/**
 * /story/{slug}: one published story with its chapters; with `?preview=1`, for an administrator,
 * the story's working copy (a draft, or unpublished changes), marked as a preview.
 */
export function StoryPage({ slug }: { slug: string }) {
  const { user } = useAuth();
  const site = useSiteIdentity();
  const signedIn = user !== null;
  const navigate = useNavigate();
  const listen = useListenLink();
  const { preview, pending: previewPending } = usePreviewMode();
  const {
    data: story,
    isPending,
    isError,
    error,
    refetch,
  } = useStoryBySlug(slug, { preview, enabled: !previewPending });
  // An unknown slug (or one that cannot be a slug at all) is the spec's "not found".
  const notFound = isError && isApiError(error) && (error.status === 404 || error.status === 400);

  useEffect(() => {
    if (!notFound) return;
    toast.error(messages.stories.storyNotFound, {
      description: 'The story you are looking for does not exist.',
    });
    void navigate('/library', { replace: true });
  }, [notFound, navigate]);

  useStoryHead(story);

  const chapters = useMemo(() => (story ? orderedChapters(story) : []), [story]);
  const chapterIds = useMemo(() => chapters.map((chapter) => chapter.id), [chapters]);
  const progress = useChaptersProgress(chapterIds, signedIn);
  const progressMap = useMemo(
    () => (signedIn && progress.data ? progressByChapterId(progress.data) : null),
    [signedIn, progress.data],
  );
  const knowledgeQuery = useStoryKnowledge(signedIn && !preview);
  // A learner's own share replaces the story's general new-words count; visitors see neither.
  const ownKnowledge = signedIn && !preview && !knowledgeQuery.isError;
  const knowledge = ownKnowledge && story ? (knowledgeQuery.data?.get(story.id) ?? null) : null;
  const downloads = useDownloads();
  const downloaded = useMemo(
    () => (story ? downloadedChapterIds(downloads, story.id) : undefined),
    [downloads, story],
  );
  useFailureToast(
    signedIn && progress.isError,
    'Failed to load progress',
    'Could not load your progress data.',
  );

  if (isPending || previewPending || notFound) return <StoriesLoading />;
  if (isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <StoriesError headingLevel={2} onRetry={() => void refetch()} />
      </div>
    );
  }

  const seconds = totalDurationSeconds(chapters);
  const first = chapters[0];
  const start = first ? listen(story, first.id) : null;
  const locked = story.requiresLogin && !signedIn;

  const onShare = async () => {
    const { canonical } = storyMeta(story, window.location.origin, site);
    const outcome = await shareOrCopy({
      title: story.title,
      text: story.description ?? undefined,
      url: canonical,
    });
    if (outcome === 'copied') toast.success('Link copied!');
    else if (outcome === 'failed')
      toast.error('Could not copy the link', { description: canonical });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {preview ? <PreviewBanner className="mb-6" /> : null}
      <Link
        to="/library"
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent-ink underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Library
      </Link>
      <article aria-labelledby="story-title" className="mt-6">
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,30rem)_1fr]">
          <StoryCover
            imageUrl={story.imageUrl}
            width={IMAGE_SIZES.storyPageCover.w}
            height={IMAGE_SIZES.storyPageCover.h}
            priority
            locked={locked}
            className="rounded-2xl border border-line"
          />
          <div>
            <div className="flex flex-wrap gap-2">
              <LanguageBadge language={story.language} />
              <LevelBadge level={story.level} />
              {ownKnowledge ? null : <NewWordsBadge count={story.newWordsCount} />}
            </div>
            <h1
              id="story-title"
              className="mt-4 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl"
            >
              {story.title}
            </h1>
            <StoryFacts className="mt-4 gap-x-5" chapterCount={chapters.length} seconds={seconds} />
            {knowledge ? (
              <StoryKnowledgeSummary knowledge={knowledge} detailed className="mt-3" />
            ) : null}
            {story.description ? (
              <p className="mt-5 max-w-2xl text-lg text-ink">{story.description}</p>
            ) : null}
            {progressMap ? (
              <div className="mt-6 max-w-md">
                <StoryProgressSummary
                  progress={deriveStoryProgress(chapterIds, progressMap)}
                  storyTitle={story.title}
                />
              </div>
            ) : null}
            <div className="mt-8 flex flex-wrap gap-3">
              {start ? (
                <Link
                  to={start.to}
                  onClick={start.onClick}
                  className={buttonClassName({ size: 'lg' })}
                >
                  <Headphones aria-hidden="true" className="size-5" />
                  Start Listening
                </Link>
              ) : null}
              <Button variant="secondary" size="lg" onClick={() => void onShare()}>
                <Share2 aria-hidden="true" className="size-5" />
                Share
              </Button>
            </div>
            {!locked && !preview ? (
              <div className="mt-4">
                <StoryDownloadButton story={{ ...story, chapters }} userId={user?.id ?? null} />
              </div>
            ) : null}
          </div>
        </div>

        <section aria-labelledby="story-chapters" className="mt-12">
          <h2 id="story-chapters" className="text-2xl font-semibold">
            Chapters
          </h2>
          {chapters.length > 0 ? (
            <ChapterList
              className="mt-4"
              story={story}
              chapters={chapters}
              progress={progressMap}
              downloaded={downloaded}
              practice={!preview}
            />
          ) : (
            <p className="mt-4 text-ink-muted">No chapters yet.</p>
          )}
        </section>
      </article>
    </div>
  );
}
