import { useId } from 'react';
import { Download } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import type { ChapterToDownload } from '#client/lib/offline/download-manager';
import { downloadTexts } from '#client/lib/offline/download-texts';
import {
  downloadedChapterIds,
  startChapterDownload,
  useDownloadTask,
  useDownloads,
} from '#client/lib/offline/use-downloads';
import { useOnline } from '#client/lib/use-online';
import { DownloadedMark } from './downloaded-mark';
import { DownloadProgress } from './download-progress';

/**
 * The player's "Download for offline" for its chapter (only shown for a chapter the learner may
 * open): the button, then the progress with Cancel, then "Downloaded".
 */
export function ChapterDownloadButton({
  chapter,
  userId,
}: {
  chapter: ChapterToDownload;
  userId: string | null;
}) {
  const downloads = useDownloads();
  const task = useDownloadTask(chapter.id);
  const online = useOnline();
  const reasonId = useId();
  if (task) return <DownloadProgress task={task} title={chapter.title} compact />;
  if (downloads !== null && downloadedChapterIds(downloads).has(chapter.id)) {
    return (
      <span title={downloadTexts.downloadedChapterLabel}>
        <DownloadedMark />
      </span>
    );
  }
  const button = (
    <Button
      variant="secondary"
      size="sm"
      // Offline a download cannot start: the button says why instead of failing when pressed.
      disabled={!online}
      aria-describedby={online ? undefined : reasonId}
      onClick={() => void startChapterDownload(chapter, userId)}
      // Until the list is read the button holds its place, unseen (the row does not move).
      className={cn('max-sm:w-9 max-sm:px-0', downloads === null && 'invisible')}
    >
      <Download aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">{downloadTexts.download}</span>
    </Button>
  );
  if (online || downloads === null) return button;
  return (
    <span className="inline-flex items-center gap-2">
      {button}
      <span id={reasonId} className="text-sm text-ink-muted">
        {downloadTexts.needsConnection}
      </span>
    </span>
  );
}
