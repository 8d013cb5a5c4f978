import { useId, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Plus, Undo2 } from 'lucide-react';
import type { AdminChapter } from '#shared/contracts/admin-stories';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { keyMoveTarget, LiveRegion, useAnnouncer, useDragReorder, type KeyMove } from '../reorder';
import { ChapterCard, type ChapterMoveControl } from './chapter-card';
import { newChapter, noText, type WizardValues } from './wizard-schema';

/**
 * Step 3: the chapters, in order, each with its title, duration and files; for a published
 * story, the chapters removed since its last publish, which learners still see until then
 * (decision 021) and which can be put back.
 */
export function StepChapters({
  removedChapters = [],
}: {
  removedChapters?: readonly AdminChapter[];
}) {
  const errorId = useId();
  const removedId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'chapters' });
  const listRef = useRef<HTMLOListElement>(null);
  const { message, announce } = useAnnouncer();
  const listError = errors.chapters?.message ?? errors.chapters?.root?.message;
  const chapters = useWatch({ control, name: 'chapters' });
  const kept = new Set(chapters.map((chapter) => chapter.chapterId));
  const removed = removedChapters.filter((chapter) => !kept.has(chapter.id));

  function restore(chapter: AdminChapter) {
    append(
      {
        chapterId: chapter.id,
        title: chapter.title,
        duration: chapter.duration,
        audioFileId: chapter.audioFileId,
        transcriptFileId: chapter.transcriptFileId,
        audioName: chapter.audioFileId,
        transcriptName: chapter.transcriptFileId,
        ...noText,
      },
      { shouldFocus: false },
    );
    toast.success('Chapter Restored', { description: chapter.title });
    addButtonRef.current?.focus();
  }

  /**
   * Puts chapter `from` at `to` (the others make room) and says so; the control the move started
   * from gets the focus back (the card moves in the page, which takes the focus away), or the
   * handle when that control is disabled now (an arrow at an end). Saved with the story.
   */
  function moveChapter(from: number, to: number, control?: ChapterMoveControl) {
    const title = getValues(`chapters.${from}.title`).trim() || `Chapter ${from + 1}`;
    const fieldId = fields[from]?.id;
    move(from, to);
    announce(`"${title}" moved to position ${to + 1} of ${fields.length}.`);
    if (!control || !fieldId) return;
    requestAnimationFrame(() => {
      const card = listRef.current?.querySelector(`[data-reorder-item="${fieldId}"]`);
      const wanted = card?.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
      const target =
        wanted && !wanted.disabled
          ? wanted
          : card?.querySelector<HTMLButtonElement>('[data-control="handle"]');
      target?.focus();
    });
  }

  function keyMove(index: number, keyMove: KeyMove, control: ChapterMoveControl) {
    const target = keyMoveTarget(keyMove, index, fields.length);
    if (target === null) {
      const first = keyMove === 'up' || keyMove === 'first';
      announce(`Chapter ${index + 1} is already ${first ? 'first' : 'last'}.`);
      return;
    }
    moveChapter(index, target, control);
  }

  const drag = useDragReorder((draggedId, targetId) => {
    const from = fields.findIndex((field) => field.id === draggedId);
    const to = fields.findIndex((field) => field.id === targetId);
    if (from >= 0 && to >= 0) moveChapter(from, to);
  });
  const draggedIndex = fields.findIndex((field) => field.id === drag.dragged);

  function deleteChapter(index: number) {
    const title = getValues(`chapters.${index}.title`);
    remove(index);
    toast.success('Chapter Deleted', title.trim() ? { description: title } : undefined);
    addButtonRef.current?.focus();
  }

  return (
    <div className="space-y-4">
      {fields.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line px-6 py-8 text-center text-ink-muted">
          No chapters yet. Add the story&apos;s first chapter.
        </p>
      ) : (
        <ol ref={listRef} className="space-y-4">
          {fields.map((field, index) => (
            <li
              key={field.id}
              {...drag.itemProps(field.id)}
              className={cn(
                'rounded-xl',
                drag.dragged === field.id && 'opacity-50',
                drag.over === field.id &&
                  draggedIndex >= 0 &&
                  draggedIndex !== index &&
                  (draggedIndex > index
                    ? 'shadow-[0_-3px_0_0_var(--color-accent)]'
                    : 'shadow-[0_3px_0_0_var(--color-accent)]'),
              )}
            >
              <ChapterCard
                index={index}
                count={fields.length}
                onDelete={deleteChapter}
                onMove={keyMove}
                dragHandle={drag.handleProps(field.id)}
              />
            </li>
          ))}
        </ol>
      )}
      <LiveRegion message={message} />
      {listError ? (
        <div role="alert">
          <FieldError id={errorId} className="mt-1.5">
            {listError}
          </FieldError>
        </div>
      ) : null}
      <Button
        ref={addButtonRef}
        variant="secondary"
        aria-describedby={listError ? errorId : undefined}
        onClick={() => append(newChapter(fields.length + 1), { shouldFocus: false })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add Chapter
      </Button>
      {removed.length > 0 ? (
        <section aria-labelledby={removedId} className="space-y-2 border-t border-line pt-4">
          <h4 id={removedId} className="font-semibold text-ink">
            Removed chapters
          </h4>
          <p className="text-sm text-ink-muted">
            Learners still see these until the story&apos;s changes are published.
          </p>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {removed.map((chapter) => (
              <li key={chapter.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5">
                <span className="min-w-0 flex-1 text-ink">{chapter.title}</span>
                <Badge tone="intermediate">Removed at next publish</Badge>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Restore ${chapter.title}`}
                  onClick={() => restore(chapter)}
                >
                  <Undo2 aria-hidden="true" className="size-4" />
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
