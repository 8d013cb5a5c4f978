import { useId, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { toast } from '#client/lib/toast';
import { ChapterCard } from './chapter-card';
import { newChapter, type WizardValues } from './wizard-schema';

/** Step 3: the chapters, in order, each with its title, duration and files. */
export function StepChapters() {
  const errorId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'chapters' });
  const listError = errors.chapters?.message ?? errors.chapters?.root?.message;

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
    </div>
  );
}
