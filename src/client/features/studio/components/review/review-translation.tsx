import { Pencil } from 'lucide-react';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Textarea } from '#client/components/ui/input';
import { Kbd } from '../kbd';
import { TextSourceMark } from '../text-source-mark';
import { SectionHeading } from './section-heading';

export interface ReviewTranslationProps {
  segment: TranscriptSegment;
  editing: boolean;
  onEdit: () => void;
  onKeep: (text: string) => void;
  onCancel: () => void;
}

/** The proposed translation, and its editor in place (E): Enter keeps the text, Esc cancels. */
export const ReviewTranslation = memo(function ReviewTranslation({
  segment,
  editing,
  onEdit,
  onKeep,
  onCancel,
}: ReviewTranslationProps) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <SectionHeading>Translation</SectionHeading>
        <TextSourceMark
          text={segment.translation}
          source={segment.translationSource}
          origin={segment.translationOrigin}
        />
      </div>
      {editing ? (
        <TranslationEditor
          initial={segment.translation ?? ''}
          onKeep={onKeep}
          onCancel={onCancel}
        />
      ) : (
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
          <p className="min-w-0 flex-1 basis-64 text-lg leading-relaxed whitespace-pre-wrap text-ink">
            {segment.translation?.trim() ? (
              segment.translation
            ) : (
              <span className="text-base text-ink-muted">
                No translation yet: write one (E), or let the full editor’s “Fill missing
                translations” propose them all.
              </span>
            )}
          </p>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-keyshortcuts="E">
            <Pencil aria-hidden="true" className="size-4" />
            Edit translation
            <Kbd hint>E</Kbd>
          </Button>
        </div>
      )}
    </div>
  );
});

function TranslationEditor({
  initial,
  onKeep,
  onCancel,
}: {
  initial: string;
  onKeep: (text: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    // The caret at the end: most edits change a word or two.
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onKeep(draft);
      }}
    >
      <Field
        label="English translation"
        hint="Enter keeps it, Shift+Enter starts a new line, Esc cancels."
      >
        <Textarea
          ref={field}
          rows={2}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              onKeep(draft);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
          className="resize-y text-lg"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!draft.trim()}>
          Keep translation
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
