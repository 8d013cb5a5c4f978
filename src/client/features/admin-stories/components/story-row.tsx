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
import { useId, useState, type ComponentPropsWithRef, type DragEvent, type ReactNode } from 'react';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { imageSrcSet, imageUrl } from '#shared/discover/images';
import { Badge, type BadgeTone } from '#client/components/ui/badge';
import { cn } from '#client/lib/cn';
import { storyExportUrl } from '../api/import-story';
import { formatStoryDate } from '../utils/format-date';
import { storyPreviewPath } from '../utils/story-links';
import { ReorderHandle, type KeyMove } from './reorder';
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

/**
 * How the table lays a story out: one column per field when the table is wide (the spec's
 * columns), or, narrower, Position, Story and Actions with the story's level, status, login
 * switch, chapters and dates under its title, so that no action is pushed out of sight.
 */
export type StoryTableLayout = 'columns' | 'stacked';

/** The number of columns of each layout (the chapters row spans them all). */
export const storyTableColumns: Record<StoryTableLayout, number> = { columns: 9, stacked: 3 };

/** Which of a row's controls a move started from (the focus comes back to it). */
export type MoveControl = 'up' | 'down' | 'handle';

export interface StoryRowProps {
  story: AdminStory;
  layout: StoryTableLayout;
  /** Stories in the library: the position's "of n". */
  count: number;
  /** No story sits below this one (its down arrow is disabled). */
  isLast: boolean;
  busy: { status: boolean; login: boolean; move: boolean; remove: boolean; publish: boolean };
  /** Drag and drop (useDragReorder): the handle's and the row's props, and its state. */
  drag: {
    handle: {
      draggable: boolean;
      onDragStart: (event: DragEvent<HTMLElement>) => void;
      onDragEnd: () => void;
    };
    item: Record<string, unknown>;
    /** The story being dragged is this one. */
    dragging: boolean;
    /** A story dragged over this row lands above (it comes from below) or below it. */
    dropSide: 'above' | 'below' | null;
  };
  onMove: (direction: 'up' | 'down', control: MoveControl) => void;
  onKeyMove: (move: KeyMove) => void;
  onTogglePublished: () => void;
  /** Asks to publish the working copy of a published story that has unpublished changes. */
  onPublishChanges: () => void;
  onToggleRequiresLogin: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One story of the dashboard table, and its chapters under it when shown. */
export function StoryRow({
  story,
  layout,
  count,
  isLast,
  busy,
  drag,
  onMove,
  onKeyMove,
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
  const stacked = layout === 'stacked';

  const levelBadge = (
    <Badge tone={levelTones[story.level]} className="whitespace-nowrap">
      {story.level}
    </Badge>
  );
  // A warning may wrap to two lines (hence its corners): on one, "Unpublished changes" alone made
  // its column (or, on a phone, the story's) wide enough to push the actions out of the table.
  const statusBadges = (
    <>
      <Badge tone={published ? 'accent' : 'neutral'} className="whitespace-nowrap">
        {published ? 'Published' : 'Draft'}
      </Badge>
      {published && story.hasUnpublishedChanges ? (
        <Badge tone="intermediate" className="rounded-lg">
          Unpublished changes
        </Badge>
      ) : null}
      {story.cover === 'missing' ? (
        <Badge tone="intermediate" className="rounded-lg">
          Cover file missing
        </Badge>
      ) : null}
    </>
  );
  const loginSwitch = (
    <Switch.Root
      checked={story.requiresLogin}
      onCheckedChange={onToggleRequiresLogin}
      disabled={busy.login}
      aria-label={`Login required for ${quoted}`}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent"
    >
      <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:ring-accent" />
    </Switch.Root>
  );
  const chaptersToggle =
    listed > 0 ? (
      <button
        type="button"
        aria-expanded={showChapters}
        aria-controls={showChapters ? chaptersId : undefined}
        aria-label={`Chapters of ${quoted}: ${story.chapters.length}`}
        onClick={() => setShowChapters((shown) => !shown)}
        className={cn(
          'inline-flex items-center gap-1 rounded-lg px-2 py-1 font-medium text-ink tabular-nums hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          // Lined up with the badges above it.
          stacked && '-ml-2',
        )}
      >
        {stacked
          ? `${story.chapters.length} ${story.chapters.length === 1 ? 'chapter' : 'chapters'}`
          : story.chapters.length}
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', showChapters && 'rotate-180')}
        />
      </button>
    ) : stacked ? (
      <span className="text-ink-muted">No chapters</span>
    ) : (
      0
    );
  const publishedDate = (published && formatStoryDate(story.publishedAt)) || 'Not published';
  const createdDate = formatStoryDate(story.createdAt);

  return (
    <>
      <tr
        {...drag.item}
        data-story-id={story.id}
        className={cn(
          'border-t border-line align-middle',
          drag.dragging && 'opacity-50',
          drag.dropSide === 'above' && 'shadow-[inset_0_3px_0_0_var(--color-accent)]',
          drag.dropSide === 'below' && 'shadow-[inset_0_-3px_0_0_var(--color-accent)]',
        )}
      >
        <td className={cn('px-2 py-3', stacked && 'align-top')}>
          <div className={cn('flex items-center gap-1', stacked && 'flex-col')}>
            <ReorderHandle
              {...drag.handle}
              data-control="handle"
              itemLabel={quoted}
              position={story.position}
              count={count}
              aria-disabled={busy.move || undefined}
              onKeyMove={(move) => {
                if (!busy.move) onKeyMove(move);
              }}
            />
            <span className="w-7 text-center font-semibold tabular-nums">{story.position}</span>
            <div className={cn('flex', stacked ? 'flex-row' : 'flex-col')}>
              <IconButton
                label={`Move ${quoted} up`}
                data-control="up"
                disabled={story.position <= 1 || busy.move}
                onClick={() => onMove('up', 'up')}
                className="size-7"
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </IconButton>
              <IconButton
                label={`Move ${quoted} down`}
                data-control="down"
                disabled={isLast || busy.move}
                onClick={() => onMove('down', 'down')}
                className="size-7"
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </IconButton>
            </div>
          </div>
        </td>
        <th scope="row" className={cn('px-2 py-3 text-left font-normal', stacked && 'align-top')}>
          <div className="flex items-start gap-3">
            {story.imageUrl && story.cover !== 'missing' ? (
              <img
                src={imageUrl(story.imageUrl, THUMBNAIL)}
                srcSet={imageSrcSet(story.imageUrl, THUMBNAIL)}
                alt=""
                width={THUMBNAIL.w}
                height={THUMBNAIL.h}
                loading="lazy"
                className="h-12 w-16 shrink-0 rounded-lg bg-surface-muted object-cover @max-[26rem]:hidden"
              />
            ) : (
              <div className="flex h-12 w-16 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-ink-muted @max-[26rem]:hidden">
                <ImageOff aria-hidden="true" className="size-5" />
              </div>
            )}
            <div className="min-w-0 flex-1">
              {/* wrap-anywhere: a long word breaks rather than widening the table. */}
              <p className="font-semibold wrap-anywhere text-ink">{story.title}</p>
              {story.description ? (
                <p className="line-clamp-2 text-sm wrap-anywhere text-ink-muted">
                  {story.description}
                </p>
              ) : null}
            </div>
          </div>
          {stacked ? (
            <div className="mt-2 space-y-1.5 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
                {levelBadge}
                {statusBadges}
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
                {chaptersToggle}
                <span className="inline-flex items-center gap-2">
                  {loginSwitch}
                  <span aria-hidden="true" className="text-ink-muted">
                    Login required
                  </span>
                </span>
              </div>
              <p className="text-xs text-ink-muted">
                <span className="whitespace-nowrap">
                  Published: <span>{publishedDate}</span>
                </span>{' '}
                ·{' '}
                <span className="whitespace-nowrap">
                  Created: <span>{createdDate}</span>
                </span>
              </p>
            </div>
          ) : null}
        </th>
        {stacked ? null : (
          <>
            <td className="px-2 py-3">{levelBadge}</td>
            <td className="px-2 py-3">
              <div className="flex flex-col items-start gap-1">{statusBadges}</div>
            </td>
            <td className="px-2 py-3">{loginSwitch}</td>
            <td className="px-2 py-3 text-center tabular-nums">{chaptersToggle}</td>
            <td className="px-2 py-3 whitespace-nowrap text-ink-muted">{publishedDate}</td>
            <td className="px-2 py-3 whitespace-nowrap text-ink-muted">{createdDate}</td>
          </>
        )}
        <td className={cn('px-2 py-3', stacked && 'align-top')}>
          {/* Two rows of four (one column pair on a phone): every action stays in sight. */}
          <div
            className={cn(
              'grid w-max gap-0.5',
              stacked ? 'grid-cols-2 @min-[28rem]:grid-cols-4' : 'grid-cols-4',
            )}
          >
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
            <IconButton label={`Edit ${quoted}`} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
            </IconButton>
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
            <IconButton
              label={`Delete ${quoted}`}
              disabled={busy.remove}
              onClick={onDelete}
              className="hover:text-accent-ink"
            >
              <Trash2 aria-hidden="true" className="size-4" />
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
            <a
              href={storyExportUrl(story.id)}
              download
              aria-label={`Export ${quoted} as a story package`}
              title={`Export ${quoted}`}
              className={iconButtonClass}
            >
              <Download aria-hidden="true" className="size-4" />
            </a>
            {published && story.hasUnpublishedChanges ? (
              <IconButton
                label={`Publish changes to ${quoted}`}
                disabled={busy.publish}
                onClick={onPublishChanges}
              >
                <CloudUpload aria-hidden="true" className="size-4" />
              </IconButton>
            ) : null}
          </div>
        </td>
      </tr>
      {showChapters ? (
        <tr id={chaptersId} className="bg-surface-muted/40">
          <td colSpan={storyTableColumns[layout]} className="px-3 pt-1 pb-4">
            <StoryChapters story={story} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
