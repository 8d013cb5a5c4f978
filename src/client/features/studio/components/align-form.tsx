import { FileJson, FileText, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  ALIGNMENT_TEXT_MAX_CHARS,
  alignmentRequestSchema,
  type AlignmentRequest,
} from '#shared/contracts/studio';
import { Button } from '#client/components/ui/button';
import { Field, FieldError } from '#client/components/ui/field';
import { Textarea } from '#client/components/ui/input';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { readAlignmentFile, UnreadableFileError } from '../rules/alignment-source';

/**
 * The contract's request, and what this form alone asks: something to align. (The contract also
 * accepts neither, to re-align the chapter's own transcript: "Re-align whole chapter" sends that.)
 */
const alignFormSchema = alignmentRequestSchema.refine(
  (value) => value.text !== undefined || value.transcript !== undefined,
  { message: 'Paste the chapter’s Spanish text or load a file', path: ['text'] },
);

const maxCharacters = ALIGNMENT_TEXT_MAX_CHARS.toLocaleString('en-US');

export interface AlignFormProps {
  disabled: boolean;
  onSubmit: (request: AlignmentRequest) => void;
}

interface LoadedTranscript {
  name: string;
  sentences: number;
  translations: number;
  glosses: number;
}

/** Text pasted or read from a .txt file, or a transcript (.json) whose sentences are kept. */
export function AlignForm({ disabled, onSubmit }: AlignFormProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState<LoadedTranscript | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useSchemaForm(alignFormSchema, {
    wording: (issue) =>
      issue.code === 'too_big'
        ? `The text is too long: at most ${maxCharacters} characters`
        : undefined,
  });
  const textError = form.formState.errors.text?.message;

  async function onFileChosen(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setFileError(null);
    try {
      const source = readAlignmentFile(file.name, await file.text());
      form.clearErrors();
      if (source.kind === 'text') {
        form.setValue('transcript', undefined);
        form.setValue('text', source.text);
        setLoaded(null);
      } else {
        form.setValue('text', undefined);
        form.setValue('transcript', source.transcript);
        setLoaded({
          name: file.name,
          sentences: source.transcript.segments.length,
          translations: source.translations,
          glosses: source.glosses,
        });
      }
    } catch (error) {
      setFileError(
        error instanceof UnreadableFileError ? error.message : `${file.name} could not be read.`,
      );
    }
  }

  function removeFile() {
    form.setValue('transcript', undefined);
    setLoaded(null);
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((request) => onSubmit(request))}
      className="space-y-4"
    >
      {loaded ? (
        <div className="flex items-start justify-between gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3">
          <div className="flex min-w-0 gap-3">
            <FileJson aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium">{loaded.name}</p>
              <p className="text-ink-muted">
                {loaded.sentences} sentences; {loaded.translations} translations and{' '}
                {loaded.glosses} glosses kept. Its times, if any, are replaced.
              </p>
            </div>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={removeFile}
            aria-label={`Remove ${loaded.name}`}
          >
            <X aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      ) : (
        <Field
          label="Spanish text"
          hint="Sentences are found automatically; a line break or a blank line also ends one."
          error={textError}
        >
          <Textarea
            rows={8}
            lang="es"
            spellCheck={false}
            disabled={disabled}
            className="font-serif"
            {...form.register('text', {
              setValueAs: (value: string | undefined) => (value?.trim() ? value : undefined),
            })}
          />
        </Field>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          accept=".txt,.json,text/plain,application/json"
          aria-label="Text or transcript file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void onFileChosen(event.target.files?.[0])}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          {loaded ? (
            <Upload aria-hidden="true" className="size-4" />
          ) : (
            <FileText aria-hidden="true" className="size-4" />
          )}
          Load a .txt or .json file
        </Button>
        <Button type="submit" size="sm" disabled={disabled}>
          Start alignment
        </Button>
      </div>
      {fileError ? <FieldError role="alert">{fileError}</FieldError> : null}
    </form>
  );
}
