import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Bookmark as BookmarkIcon, Pencil, Trash2 } from 'lucide-react';
import { z } from 'zod';
import {
  BOOKMARK_NOTE_MAX,
  createBookmarkBodySchema,
  updateBookmarkBodySchema,
  type Bookmark,
} from '#shared/contracts/bookmarks';
import { formatClock } from '#shared/format';
import type { TranscriptSegment } from '#shared/transcript';
import { seekTo } from '#client/components/audio/audio-actions';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Textarea } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { doneOrKept } from '#client/lib/sync/kept-offline';
import { toast } from '#client/lib/toast';
import { useBookmarkMutations, useBookmarks } from '../api/bookmarks';

/** A new bookmark's note, as the contract takes it (trimmed); an empty one is not sent. */
const newNoteFormSchema = createBookmarkBodySchema.pick({ note: true });
/** An edited note, as the contract takes it (trimmed); an empty one clears the note. */
const noteFormSchema = z.object({ note: updateBookmarkBodySchema.shape.note });

/** A bookmark (from this panel, or a transcript line's bookmark button) could not be saved. */
export const bookmarkSaveFailed = () =>
  toast.error('Could not save the bookmark. Please try again.');

export interface BookmarksPanelProps {
  chapterId: string;
  audio: HTMLAudioElement | null;
  signedIn: boolean;
  segments: readonly TranscriptSegment[];
  /** After a bookmark is chosen (the mobile drawer closes). */
  onSeek?: () => void;
}

/** A chapter's bookmarks beside the transcript: add at the current position, note, seek, delete. */
export function BookmarksPanel({
  chapterId,
  audio,
  signedIn,
  segments,
  onSeek,
}: BookmarksPanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <BookmarkIcon aria-hidden="true" className="size-5 text-accent-ink" />
        Bookmarks
      </h2>
      {signedIn ? (
        <SignedInBookmarks
          chapterId={chapterId}
          audio={audio}
          segments={segments}
          onSeek={onSeek}
        />
      ) : (
        <div className="mt-3 text-sm text-ink-muted">
          <p>Sign in to bookmark places in a chapter and add notes to them.</p>
          <Link to="/auth" className={buttonClassName({ size: 'sm', className: 'mt-3' })}>
            Sign In
          </Link>
        </div>
      )}
    </section>
  );
}

function SignedInBookmarks({
  chapterId,
  audio,
  segments,
  onSeek,
}: Omit<BookmarksPanelProps, 'signedIn'>) {
  const query = useBookmarks(chapterId, true);
  const { create } = useBookmarkMutations(chapterId);
  const { register, handleSubmit, reset, getValues } = useSchemaForm(newNoteFormSchema, {
    defaultValues: { note: '' },
  });

  const add = (event: FormEvent) => {
    // Where the listener is when they press the button.
    const positionSeconds = Math.round((audio?.currentTime ?? 0) * 10) / 10;
    const added = doneOrKept(`Bookmark added at ${formatClock(positionSeconds)}`);
    void handleSubmit(({ note }) =>
      create.mutate(
        { chapterId, positionSeconds, ...(note ? { note } : {}) },
        {
          onSuccess: () => {
            // The bookmark showed at once: a note typed since for the next one is kept.
            if ((getValues('note') ?? '').trim() === (note ?? '')) reset({ note: '' });
            toast.success(added);
          },
          onError: bookmarkSaveFailed,
        },
      ),
    )(event);
  };

  return (
    <div className="mt-3">
      <form onSubmit={add} className="space-y-2">
        <Field label="Note (optional)">
          <Textarea
            maxLength={BOOKMARK_NOTE_MAX}
            rows={2}
            className="text-sm"
            placeholder="What do you want to remember here?"
            {...register('note')}
          />
        </Field>
        <Button type="submit" size="sm" disabled={create.isPending || !audio}>
          <BookmarkIcon aria-hidden="true" className="size-4" />
          Add bookmark
        </Button>
      </form>

      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading bookmarks..." className="justify-start text-sm" />
        ) : query.isError ? (
          <div className="text-sm text-ink-muted">
            <p>Could not load your bookmarks.</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => void query.refetch()}
            >
              Try Again
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-ink-muted">No bookmarks in this chapter yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Your bookmarks in this chapter">
            {query.data.map((bookmark) => (
              <BookmarkItem
                key={bookmark.id}
                bookmark={bookmark}
                chapterId={chapterId}
                line={segments.find((segment) => segment.id === bookmark.segmentId)?.text}
                onSeek={() => {
                  if (audio) seekTo(audio, bookmark.positionSeconds);
                  onSeek?.();
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function BookmarkItem({
  bookmark,
  chapterId,
  line,
  onSeek,
}: {
  bookmark: Bookmark;
  chapterId: string;
  line?: string;
  onSeek: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const { update, remove } = useBookmarkMutations(chapterId);
  const time = formatClock(bookmark.positionSeconds);
  const { register, handleSubmit, reset } = useSchemaForm(noteFormSchema, {
    defaultValues: { note: bookmark.note ?? '' },
  });
  const saveNote = handleSubmit(({ note }) =>
    update.mutate(
      { id: bookmark.id, note: note || null },
      { onSuccess: () => setEditing(false), onError: bookmarkSaveFailed },
    ),
  );

  return (
    <li className="rounded-xl border border-line bg-canvas/40 p-3">
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={onSeek}
          className="rounded-full bg-accent-soft px-2.5 py-1 text-sm font-semibold text-accent-soft-ink tabular-nums hover:bg-accent hover:text-accent-fg"
          aria-label={`Go to ${time}`}
        >
          {time}
        </button>
        <div className="min-w-0 flex-1 text-sm">
          {line ? (
            <p lang="es" className="line-clamp-2 font-serif text-ink-muted italic">
              {line}
            </p>
          ) : null}
          {!editing && bookmark.note ? (
            <p className="break-words whitespace-pre-line text-ink">{bookmark.note}</p>
          ) : null}
        </div>
        {!editing ? (
          <div className="flex shrink-0">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => {
                reset({ note: bookmark.note ?? '' });
                setEditing(true);
              }}
              aria-label={`Edit the note at ${time}`}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              disabled={remove.isPending}
              onClick={() => {
                const deleted = doneOrKept('Bookmark deleted');
                remove.mutate(bookmark.id, {
                  onSuccess: () => toast.success(deleted),
                  onError: () => toast.error('Could not delete the bookmark. Please try again.'),
                });
              }}
              aria-label={`Delete the bookmark at ${time}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <form className="mt-2 space-y-2" onSubmit={(event) => void saveNote(event)}>
          <Textarea
            aria-label={`Note at ${time}`}
            maxLength={BOOKMARK_NOTE_MAX}
            rows={3}
            className="text-sm"
            autoFocus
            {...register('note')}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              Save note
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
