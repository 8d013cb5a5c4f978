import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  CloudUpload,
  Download,
  Eye,
  EyeOff,
  ImageOff,
  Pencil,
  ScanEye,
  Send,
  Trash2,
} from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { imageSrcSet, imageUrl } from '#shared/discover/images';
import { Badge, type BadgeTone } from '#client/components/ui/badge';
import { cn } from '#client/lib/cn';
import { storyExportUrl } from '../api/import-story';
import { formatStoryDate } from '../utils/format-date';
import { storyPreviewPath } from '../utils/story-links';
import { StoryChapters } from './story-chapters';

const levelTones: Record<AdminStory['level'], BadgeTone> = {
  Beginner: 'beginner',
  Intermediate: 'intermediate',
  Advanced: 'advanced',
};

const THUMBNAIL = { w: 64, h: 48 };

const iconButtonClass =
  'inline-flex size-8 items-center justify-center rounded-lg text-ink-muted transition-colors ' +
  'hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-focus disabled:pointer-events-none disabled:opacity-40';

function IconButton({
  label,
  children,
  className,
  ...props
}: ComponentPropsWithRef<'button'> & { label: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(iconButtonClass, className)}
      {...props}
    >
      {children}
    </button>
  );
}

export interface StoryRowProps {
  story: AdminStory;
  /** No story sits below this one (its down arrow is disabled). */
  isLast: boolean;
  busy: { status: boolean; login: boolean; move: boolean; remove: boolean; publish: boolean };
  onMove: (direction: 'up' | 'down') => void;
  onTogglePublished: () => void;
  /** Asks to publish the working copy of a published story that has unpublished changes. */
  onPublishChanges: () => void;
  onToggleRequiresLogin: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The number of columns of the dashboard table (the chapters row spans them all). */
export const STORY_TABLE_COLUMNS = 9;

/** One story of the dashboard table, and its chapters under it when shown. */
export function StoryRow({
  story,
  isLast,
  busy,
  onMove,
  onTogglePublished,
  onPublishChanges,
  onToggleRequiresLogin,
  onEdit,
  onDelete,
}: StoryRowProps) {
  const published = story.status === 'published';
  const quoted = `"${story.title}"`;
  const chaptersId = useId();
  const [showChapters, setShowChapters] = useState(false);
  const listed = story.chapters.length + story.removedChapters.length;
  return (
    <>
      <tr className="border-t border-line align-middle">
        <td className="px-3 py-3">
          <div className="flex items-center gap-1">
            <span className="w-8 text-center font-semibold tabular-nums">{story.position}</span>
            <div className="flex flex-col">
              <IconButton
                label={`Move ${quoted} up`}
                disabled={story.position <= 1 || busy.move}
                onClick={() => onMove('up')}
                className="size-6"
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </IconButton>
              <IconButton
                label={`Move ${quoted} down`}
                disabled={isLast || busy.move}
                onClick={() => onMove('down')}
                className="size-6"
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </IconButton>
            </div>
          </div>
        </td>
        <th scope="row" className="px-3 py-3 text-left font-normal">
          <div className="flex min-w-64 items-center gap-3">
            {story.imageUrl ? (
              <img
                src={imageUrl(story.imageUrl, THUMBNAIL)}
                srcSet={imageSrcSet(story.imageUrl, THUMBNAIL)}
                alt=""
                width={THUMBNAIL.w}
                height={THUMBNAIL.h}
                loading="lazy"
                className="h-12 w-16 shrink-0 rounded-lg bg-surface-muted object-cover"
              />
            ) : (
              <div className="flex h-12 w-16 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-ink-muted">
                <ImageOff aria-hidden="true" className="size-5" />
              </div>
            )}
            <div className="min-w-0">
              <p className="font-semibold text-ink">{story.title}</p>
              {story.description ? (
                <p className="line-clamp-2 max-w-sm text-sm text-ink-muted">{story.description}</p>
              ) : null}
            </div>
          </div>
        </th>
        <td className="px-3 py-3">
          <Badge tone={levelTones[story.level]}>{story.level}</Badge>
        </td>
        <td className="px-3 py-3">
          <div className="flex flex-col items-start gap-1">
            <Badge tone={published ? 'accent' : 'neutral'}>
              {published ? 'Published' : 'Draft'}
            </Badge>
            {published && story.hasUnpublishedChanges ? (
              <Badge tone="intermediate" className="whitespace-nowrap">
                Unpublished changes
              </Badge>
            ) : null}
          </div>
        </td>
        <td className="px-3 py-3">
          <Switch.Root
            checked={story.requiresLogin}
            onCheckedChange={onToggleRequiresLogin}
            disabled={busy.login}
            aria-label={`Login required for ${quoted}`}
            className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent"
          >
            <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:ring-accent" />
          </Switch.Root>
        </td>
        <td className="px-3 py-3 text-center tabular-nums">
          {listed > 0 ? (
            <button
              type="button"
              aria-expanded={showChapters}
              aria-controls={showChapters ? chaptersId : undefined}
              aria-label={`Chapters of ${quoted}: ${story.chapters.length}`}
              onClick={() => setShowChapters((shown) => !shown)}
              className="inline-flex items-center gap-1 rounded-lg px-2 py-1 font-medium text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              {story.chapters.length}
              <ChevronDown
                aria-hidden="true"
                className={cn('size-4 transition-transform', showChapters && 'rotate-180')}
              />
            </button>
          ) : (
            0
          )}
        </td>
        <td className="px-3 py-3 whitespace-nowrap text-ink-muted">
          {(published && formatStoryDate(story.publishedAt)) || 'Not published'}
        </td>
        <td className="px-3 py-3 whitespace-nowrap text-ink-muted">
          {formatStoryDate(story.createdAt)}
        </td>
        <td className="px-3 py-3">
          <div className="flex items-center gap-0.5">
            <IconButton
              label={published ? `Unpublish ${quoted}` : `Publish ${quoted}`}
              disabled={busy.status}
              onClick={onTogglePublished}
            >
              {published ? (
                <EyeOff aria-hidden="true" className="size-4" />
              ) : (
                <Send aria-hidden="true" className="size-4" />
              )}
            </IconButton>
            {published && story.hasUnpublishedChanges ? (
              <IconButton
                label={`Publish changes to ${quoted}`}
                disabled={busy.publish}
                onClick={onPublishChanges}
              >
                <CloudUpload aria-hidden="true" className="size-4" />
              </IconButton>
            ) : null}
            <IconButton label={`Edit ${quoted}`} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
            </IconButton>
            <a
              href={storyPreviewPath(story.slug)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Preview ${quoted} (opens in a new tab)`}
              title={`Preview ${quoted}`}
              className={iconButtonClass}
            >
              <ScanEye aria-hidden="true" className="size-4" />
            </a>
            {published ? (
              <a
                href={`/story/${encodeURIComponent(story.slug)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View ${quoted} (opens in a new tab)`}
                title={`View ${quoted}`}
                className={iconButtonClass}
              >
                <Eye aria-hidden="true" className="size-4" />
              </a>
            ) : (
              <IconButton label={`View ${quoted} (publish it first)`} disabled>
                <Eye aria-hidden="true" className="size-4" />
              </IconButton>
            )}
            <a
              href={storyExportUrl(story.id)}
              download
              aria-label={`Export ${quoted} as a story package`}
              title={`Export ${quoted}`}
              className={iconButtonClass}
            >
              <Download aria-hidden="true" className="size-4" />
            </a>
            <IconButton
              label={`Delete ${quoted}`}
              disabled={busy.remove}
              onClick={onDelete}
              className="hover:text-accent-ink"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          </div>
        </td>
      </tr>
      {showChapters ? (
        <tr id={chaptersId} className="bg-surface-muted/40">
          <td colSpan={STORY_TABLE_COLUMNS} className="px-3 pt-1 pb-4">
            <StoryChapters story={story} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
