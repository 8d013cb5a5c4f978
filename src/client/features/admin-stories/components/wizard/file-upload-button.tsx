import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { uploadRules, type FileUpload } from '#shared/contracts/admin-files';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { acceptFor, checkUpload } from '#client/lib/uploads/upload-check';
import { useUploadFile } from '../../api/upload-file';
import { readChapterTranscriptFile, type WizardFileKind } from './file-rules';

/** A chapter's plain text, read from the file chosen (nothing uploaded). */
export interface ChosenText {
  name: string;
  text: string;
  sentences: number;
}

export interface FileUploadButtonProps {
  kind: WizardFileKind;
  /** The button's text ('Upload Audio'…). */
  children: ReactNode;
  /** The file picker's accessible name ('Audio file for chapter 1'…). */
  inputLabel: string;
  /** Toast shown once the file is stored ('Audio Uploaded'…). */
  successMessage?: string;
  /** Ids of texts that also describe the button (guidelines, a step error). */
  describedBy?: string;
  /** Focus the button when it appears (it replaces a file the admin just removed). */
  focusOnMount?: boolean;
  onUploaded: (file: FileUpload) => void;
  /**
   * A chapter's transcript slot: a plain-text file is the chapter's text to align (decision 048),
   * handed over here instead of being uploaded; a timed transcript uploads as before.
   */
  onText?: (chosen: ChosenText) => void;
}

/** 'chapter-1.txt · 4 sentences': a text file and how many sentences it holds. */
export const sentencesOf = (name: string, sentences: number) =>
  `${name} · ${sentences === 1 ? '1 sentence' : `${sentences} sentences`}`;

const uploadFailureReason = (error: unknown): string =>
  isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : 'Please try again.';

/**
 * A button that opens the file picker, checks the chosen file against the kind's rules, uploads
 * it and reports the stored file. A refusal — by the client check or by the server — shows under
 * the button (announced) and as an 'Upload failed' toast.
 */
export function FileUploadButton({
  kind,
  children,
  inputLabel,
  successMessage,
  describedBy,
  focusOnMount = false,
  onUploaded,
  onText,
}: FileUploadButtonProps) {
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const upload = useUploadFile();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = checking || upload.isPending;

  useEffect(() => {
    if (focusOnMount) buttonRef.current?.focus();
    // Only when the button appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function fail(message: string) {
    setError(message);
    toast.error('Upload failed', { description: message });
  }

  async function onFileChosen(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setError(null);
    setChecking(true);
    const refusal = await checkUpload(file, uploadRules[kind]);
    const read = refusal === null && onText ? await readChapterTranscriptFile(file) : null;
    setChecking(false);
    if (refusal !== null) {
      fail(refusal);
      return;
    }
    if (read?.kind === 'refused') {
      fail(read.message);
      return;
    }
    if (read?.kind === 'text' && onText) {
      onText({ name: file.name, text: read.text, sentences: read.sentences });
      toast.success('Text Ready to Align', { description: sentencesOf(file.name, read.sentences) });
      return;
    }
    upload.mutate(
      { file, kind },
      {
        onSuccess: ({ file: stored }) => {
          onUploaded(stored);
          if (successMessage) toast.success(successMessage, { description: file.name });
        },
        onError: (uploadError) => fail(uploadFailureReason(uploadError)),
      },
    );
  }

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept={acceptFor(uploadRules[kind])}
        aria-label={inputLabel}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFileChosen(event.target.files?.[0])}
      />
      <Button
        ref={buttonRef}
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-busy={busy}
        aria-describedby={
          [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined
        }
        onClick={() => inputRef.current?.click()}
      >
        {upload.isPending ? 'Uploading...' : children}
      </Button>
      {error ? (
        <div role="alert">
          <FieldError id={errorId} className="mt-1.5">
            {error}
          </FieldError>
        </div>
      ) : null}
    </div>
  );
}
