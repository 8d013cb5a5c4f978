import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { IMAGE_SIZES } from '#shared/discover/images';
import { StoryCover } from '#client/components/story/story-cover';
import { ProgressBar } from '#client/components/story/progress-bar';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Spinner } from '#client/components/ui/spinner';
import {
  removeAllDownloads,
  removeDownloads,
  removeStoryDownloads,
  storageEstimate,
} from '#client/lib/offline/download-manager';
import type { DownloadRecord } from '#client/lib/offline/downloads-db';
import { formatBytes } from '#client/lib/offline/format-bytes';
import { useDownloads } from '#client/lib/offline/use-downloads';
import { toast } from '#client/lib/toast';
import { downloadsTexts as texts } from './downloads-texts';

interface StoryGroup {
  storyId: string;
  slug: string;
  title: string;
  coverUrl: string | null;
  chapters: DownloadRecord[];
  bytes: number;
}

/** Bytes of the distinct files the records use (a story's shared files count once). */
function distinctBytes(records: readonly DownloadRecord[]): number {
  const sizes = new Map<string, number>();
  for (const record of records) {
    for (const [url, bytes] of Object.entries(record.sizes)) sizes.set(url, bytes);
  }
  let total = 0;
  for (const bytes of sizes.values()) total += bytes;
  return total;
}

function byStory(records: readonly DownloadRecord[]): StoryGroup[] {
  const groups = new Map<string, DownloadRecord[]>();
  for (const record of records) {
    groups.set(record.storyId, [...(groups.get(record.storyId) ?? []), record]);
  }
  return [...groups.values()]
    .map((chapters) => {
      const first = chapters[0]!;
      return {
        storyId: first.storyId,
        slug: first.storySlug,
        title: first.storyTitle,
        coverUrl: first.coverUrl,
        chapters: [...chapters].sort((a, b) => a.chapterPosition - b.chapterPosition),
        bytes: distinctBytes(chapters),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The browser's figures for this site's storage, read again after every change of the list. */
function useStorageEstimate(records: readonly DownloadRecord[] | null) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null | undefined>();
  useEffect(() => {
    let live = true;
    void storageEstimate().then((value) => {
      if (live) setEstimate(value);
    });
    return () => {
      live = false;
    };
  }, [records]);
  return estimate;
}

async function removing(work: () => Promise<void>) {
  try {
    await work();
    toast.success(texts.removed);
  } catch {
    toast.error(texts.removeFailed);
  }
}

/** /downloads: what is stored on this device, by story and chapter, with sizes and removal. */
export function DownloadsPage() {
  const records = useDownloads();
  const estimate = useStorageEstimate(records);
  const groups = useMemo(() => byStory(records ?? []), [records]);
  const total = useMemo(() => distinctBytes(records ?? []), [records]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const removeAll = async () => {
    setBusy(true);
    await removing(removeAllDownloads);
    setBusy(false);
    setConfirmOpen(false);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading title={texts.title} lead={texts.lead} />

      <section aria-labelledby="downloads-storage" className="mb-8">
        <Card className="p-5">
          <h2 id="downloads-storage" className="text-lg font-semibold">
            {texts.storageHeading}
          </h2>
          {estimate === undefined ? null : estimate === null ? (
            <p className="mt-2 text-ink-muted">{texts.storageUnknown}</p>
          ) : (
            <>
              <p className="mt-2 text-ink-muted" data-testid="storage-estimate">
                {texts.storageUsed(formatBytes(estimate.usage), formatBytes(estimate.quota))}
              </p>
              <ProgressBar
                value={estimate.quota > 0 ? (estimate.usage / estimate.quota) * 100 : 0}
                label={texts.storageBar}
                className="mt-3"
              />
            </>
          )}
          {records && records.length > 0 ? (
            <p className="mt-3 font-medium" data-testid="downloads-total">
              {texts.total(formatBytes(total))}
            </p>
          ) : null}
        </Card>
      </section>

      {records === null ? (
        <Spinner label={texts.loading} className="py-12" />
      ) : groups.length === 0 ? (
        <Notice
          title={texts.emptyTitle}
          action={
            <Link to="/library" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
              {texts.browse}
            </Link>
          }
        >
          {texts.empty}
        </Notice>
      ) : (
        <>
          <ul className="space-y-6">
            {groups.map((group) => (
              <li key={group.storyId}>
                <StoryDownloads group={group} />
              </li>
            ))}
          </ul>
          <div className="mt-8 flex justify-end">
            <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {texts.removeAll}
            </Button>
          </div>
        </>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(open) => {
          if (!busy) setConfirmOpen(open);
        }}
        title={texts.confirmTitle}
        description={texts.confirmText}
        confirmLabel={texts.confirm}
        busyLabel={texts.removing}
        busy={busy}
        onConfirm={() => void removeAll()}
      />
    </div>
  );
}

function StoryDownloads({ group }: { group: StoryGroup }) {
  const headingId = `downloads-story-${group.storyId}`;
  return (
    <Card className="overflow-hidden">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-4 border-b border-line p-4 sm:p-5">
          <StoryCover
            imageUrl={group.coverUrl}
            width={IMAGE_SIZES.libraryCover.w}
            height={IMAGE_SIZES.libraryCover.h}
            className="w-20 shrink-0 rounded-lg"
          />
          {/* On a phone "Remove story" goes under the title rather than squeezing it. */}
          <div className="min-w-0 flex-1 basis-40">
            <h2 id={headingId} className="text-xl font-semibold">
              <Link
                to={`/story/${group.slug}`}
                className="underline-offset-4 hover:underline focus-visible:underline"
              >
                {group.title}
              </Link>
            </h2>
            <p className="text-sm text-ink-muted" data-testid="story-size">
              {texts.chapters(group.chapters.length)} · {formatBytes(group.bytes)}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void removing(() => removeStoryDownloads(group.storyId))}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {texts.removeStory}
            <span className="sr-only">: {group.title}</span>
          </Button>
        </div>
        <ul className="divide-y divide-line">
          {group.chapters.map((record) => (
            <li
              key={record.chapterId}
              data-testid="downloaded-chapter"
              className="flex items-center gap-3 px-4 py-3 sm:px-5"
            >
              <div className="min-w-0 flex-1">
                <Link
                  to={`/player/${record.chapterId}`}
                  className="block font-medium break-words underline-offset-4 hover:underline"
                >
                  {texts.chapterTitle(record.chapterPosition, record.chapterTitle)}
                </Link>
                <p className="text-sm text-ink-muted" data-testid="chapter-size">
                  {formatBytes(record.bytes)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void removing(() => removeDownloads([record.chapterId]))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {texts.remove}
                <span className="sr-only">: {record.chapterTitle}</span>
              </Button>
            </li>
          ))}
        </ul>
      </article>
    </Card>
  );
}
