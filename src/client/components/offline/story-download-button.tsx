import { useId } from 'react';
import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import type { StoryToDownload } from '#client/lib/offline/download-manager';
import { downloadTexts } from '#client/lib/offline/download-texts';
import {
  downloadedChapterIds,
  startStoryDownload,
  storyTaskKey,
  useDownloadTask,
  useDownloads,
} from '#client/lib/offline/use-downloads';
import { useOnline } from '#client/lib/use-online';
import { DownloadedMark } from './downloaded-mark';
import { DownloadProgress } from './download-progress';

/**
 * The story page's "Download for offline" (only shown when the learner may open the story): every
 * chapter not downloaded yet, with the progress and Cancel; once all are stored, "Downloaded" and
 * a link to the downloads.
 */
export function StoryDownloadButton({
  story,
  userId,
}: {
  story: StoryToDownload;
  userId: string | null;
}) {
  const downloads = useDownloads();
  const task = useDownloadTask(storyTaskKey(story.id));
  const online = useOnline();
  const reasonId = useId();
  if (story.chapters.length === 0) return null;
  if (task) {
    return (
      <div className="flex min-h-12 items-center">
        <DownloadProgress task={task} title={story.title} className="w-full" />
      </div>
    );
  }
  // Until the list is read (and in the server's HTML) the button holds its place, unseen: the
  // page does not move when it appears.
  const have = downloadedChapterIds(downloads, story.id);
  const missing = story.chapters.filter((chapter) => !have.has(chapter.id)).length;
  if (downloads !== null && missing === 0) {
    return (
      <div className="flex min-h-12 flex-wrap items-center gap-x-4 gap-y-2">
        <DownloadedMark className="text-base font-medium" />
        <Link
          to="/downloads"
          className="text-sm font-medium text-accent-ink underline underline-offset-4"
        >
          {downloadTexts.manage}
        </Link>
      </div>
    );
  }
  const button = (
    <Button
      variant="secondary"
      size="lg"
      wrap
      className={downloads === null ? 'invisible' : undefined}
      // Offline a download cannot start: the button says why instead of failing when pressed.
      disabled={!online}
      aria-describedby={online ? undefined : reasonId}
      onClick={() => void startStoryDownload(story, userId)}
    >
      <Download aria-hidden="true" className="size-5" />
      {missing < story.chapters.length
        ? downloadTexts.downloadRest(missing)
        : downloadTexts.download}
      <span className="sr-only">: {story.title}</span>
    </Button>
  );
  if (online || downloads === null) return button;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {button}
      <p id={reasonId} className="text-sm text-ink-muted">
        {downloadTexts.needsConnection}
      </p>
    </div>
  );
}
