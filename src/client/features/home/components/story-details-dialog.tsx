import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { Clock, Headphones, X } from 'lucide-react';
import type { Story } from '#shared/contracts/stories';
import {
  moreChaptersLabel,
  orderedChapters,
  STORY_DETAILS_CHAPTER_LIMIT,
} from '#shared/discover/story-progress';
import { formatClock, formatMinutes } from '#shared/format';
import { LevelBadge, LoginRequiredBadge } from '#client/components/story/story-badges';
import { chapterCountLabel, totalDurationSeconds } from '#client/components/story/story-helpers';
import { useListenLink } from '#client/components/story/use-listen-link';
import { Button, buttonClassName } from '#client/components/ui/button';
import { useAuth } from '#client/lib/auth/auth-context';

export interface StoryDetailsDialogProps {
  story: Story;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (it lives outside the lazily loaded dialog). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The featured story's details: the first 4 chapters, then '...and N more chapters'. */
export default function StoryDetailsDialog({
  story,
  open,
  onOpenChange,
  returnFocusTo,
}: StoryDetailsDialogProps) {
  const { user } = useAuth();
  const listen = useListenLink();
  const chapters = orderedChapters(story);
  const shown = chapters.slice(0, STORY_DETAILS_CHAPTER_LIMIT);
  const more = moreChaptersLabel(chapters.length);
  const seconds = totalDurationSeconds(chapters);
  const first = chapters[0];
  const start = first ? listen(story, first.id) : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl font-semibold">{story.title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <LevelBadge level={story.level} />
            {story.requiresLogin && user === null ? <LoginRequiredBadge /> : null}
            <span>{chapterCountLabel(chapters.length)}</span>
            {seconds !== null ? (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {formatMinutes(seconds)} min
              </span>
            ) : null}
          </div>
          <Dialog.Description className="mt-4 text-ink">
            {story.description ?? 'A Spanish story told in short chapters.'}
          </Dialog.Description>
          {shown.length > 0 ? (
            <>
              <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-ink uppercase">
                Chapters
              </h3>
              <ol className="mt-2 divide-y divide-line rounded-xl border border-line">
                {shown.map((chapter, index) => (
                  <li
                    key={chapter.id}
                    className="flex items-center justify-between gap-3 px-4 py-2.5"
                  >
                    <span className="min-w-0 truncate">
                      <span className="text-ink-muted">{index + 1}.</span> {chapter.title}
                    </span>
                    {chapter.duration !== null ? (
                      <span className="shrink-0 text-sm text-ink-muted tabular-nums">
                        {formatClock(chapter.duration)}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
              {more ? <p className="mt-2 text-sm text-ink-muted">{more}</p> : null}
            </>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {start ? (
              <Link
                to={start.to}
                onClick={() => {
                  start.onClick?.();
                  onOpenChange(false);
                }}
                className={buttonClassName()}
              >
                <Headphones aria-hidden="true" className="size-5" />
                Start Listening
              </Link>
            ) : null}
            {story.slug ? (
              <Link
                to={`/story/${story.slug}`}
                onClick={() => onOpenChange(false)}
                className={buttonClassName({ variant: 'secondary' })}
              >
                View Story Page
              </Link>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
