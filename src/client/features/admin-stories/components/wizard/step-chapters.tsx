import { useId, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Plus, Undo2 } from 'lucide-react';
import type { AdminChapter } from '#shared/contracts/admin-stories';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { toast } from '#client/lib/toast';
import { ChapterCard } from './chapter-card';
import { newChapter, type WizardValues } from './wizard-schema';

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
  const { fields, append, remove } = useFieldArray({ control, name: 'chapters' });
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
      },
      { shouldFocus: false },
    );
    toast.success('Chapter Restored', { description: chapter.title });
    addButtonRef.current?.focus();
  }

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
        <ol className="space-y-4">
          {fields.map((field, index) => (
            <li key={field.id}>
              <ChapterCard index={index} onDelete={deleteChapter} />
            </li>
          ))}
        </ol>
      )}
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
