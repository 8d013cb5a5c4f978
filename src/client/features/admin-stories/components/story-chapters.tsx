import { ScanEye } from 'lucide-react';
import {
  chapterMissingPart,
  type AdminChapter,
  type AdminStory,
} from '#shared/contracts/admin-stories';
import { formatDuration } from '#shared/format';
import { Badge } from '#client/components/ui/badge';
import { buttonClassName } from '#client/components/ui/button';
import { missingPartText } from '../utils/left-out-text';
import { chapterPreviewPath } from '../utils/story-links';
import { ChapterStudioLink } from './chapter-studio-link';

const byPosition = (a: AdminChapter, b: AdminChapter) => a.position - b.position;

/**
 * The length is measured from the audio (on upload, or when the studio first reads it); without
 * audio there is none (the chapter's mark says it lacks audio).
 */
const durationText = (chapter: AdminChapter) => {
  if (chapter.duration !== null) return formatDuration(chapter.duration);
  return chapter.audioFileId !== '' ? 'Length not measured yet' : null;
};

/**
 * A story's chapters on the dashboard: each opens in the transcript editor or as a preview in
 * the player; a chapter removed from a published story stays listed, marked, until the next
 * publish deletes it (decision 021).
 */
export function StoryChapters({ story }: { story: AdminStory }) {
  const chapters = [...story.chapters].sort(byPosition);
  const removed = [...story.removedChapters].sort(byPosition);
  return (
    <ol
      aria-label={`Chapters of "${story.title}"`}
      className="divide-y divide-line rounded-xl border border-line bg-surface"
    >
      {chapters.map((chapter, index) => {
        const duration = durationText(chapter);
        const missing = chapterMissingPart(chapter);
        return (
          <li key={chapter.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5">
            <span className="min-w-0 flex-1">
              <span className="font-medium text-ink">
                {index + 1}. {chapter.title}
              </span>
              {duration ? <span className="text-ink-muted"> · {duration}</span> : null}
              {missing ? (
                // Publishing leaves it out (decision 063): the count above includes it, learners
                // do not see it.
                <Badge tone="intermediate" className="ml-2 rounded-lg">
                  Left out for learners: {missingPartText[missing].toLowerCase()}
                </Badge>
              ) : null}
            </span>
            <span className="flex flex-wrap gap-2">
              <ChapterStudioLink chapter={chapter} />
              <a
                href={chapterPreviewPath(chapter.id)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Preview: ${chapter.title} (opens in a new tab)`}
                className={buttonClassName({ variant: 'ghost', size: 'sm' })}
              >
                <ScanEye aria-hidden="true" className="size-4" />
                Preview
              </a>
            </span>
          </li>
        );
      })}
      {removed.map((chapter) => (
        <li key={chapter.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5">
          <span className="min-w-0 flex-1 text-ink-muted line-through decoration-ink-muted/60">
            {chapter.title}
          </span>
          <Badge tone="intermediate">Removed at next publish</Badge>
        </li>
      ))}
    </ol>
  );
}
