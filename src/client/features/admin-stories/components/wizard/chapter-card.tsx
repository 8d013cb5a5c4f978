import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrowDown,
  ArrowUp,
  AudioWaveform,
  FileAudio,
  FileText,
  Pencil,
  ScanEye,
  Trash2,
  X,
} from 'lucide-react';
import type { DragEvent } from 'react';
import type { FileUpload } from '#shared/contracts/admin-files';
import { formatDuration } from '#shared/format';
import { Button, buttonClassName } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/field';
import { inputClassName } from '#client/components/ui/input';
import { useStoredFileNames } from '#client/lib/api/admin/get-files';
import { cn } from '#client/lib/cn';
import { chapterPreviewPath, chapterStudioPath } from '../../utils/story-links';
import { ReorderHandle, type KeyMove } from '../reorder';
import { FileUploadButton, sentencesOf, type ChosenText } from './file-upload-button';
import { noText, type WizardChapter, type WizardValues } from './wizard-schema';

/** Which of a card's controls a move started from (the focus comes back to it). */
export type ChapterMoveControl = 'up' | 'down' | 'handle';

export interface ChapterCardProps {
  index: number;
  /** Chapters in the list: the position's "of n", and whether this one is last. */
  count: number;
  onDelete: (index: number) => void;
  /** Moves this chapter one place (the arrows) or as the keyboard on its handle asks. */
  onMove: (index: number, move: KeyMove, control: ChapterMoveControl) => void;
  /** The handle's drag and drop props (useDragReorder). */
  dragHandle: {
    draggable: boolean;
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
  };
}

type FileSlot = 'audio' | 'transcript';

const slots = {
  audio: {
    heading: 'Audio',
    bucket: 'audios',
    icon: FileAudio,
    upload: 'Upload Audio',
    uploaded: 'Audio Uploaded',
    idField: 'audioFileId',
    nameField: 'audioName',
  },
  transcript: {
    heading: 'Transcript',
    bucket: 'trans',
    icon: FileText,
    upload: 'Upload Transcript or Text',
    uploaded: 'Transcript Uploaded',
    idField: 'transcriptFileId',
    nameField: 'transcriptName',
  },
} as const;

/** What the chapter's length is, or where it will come from: never typed (issue 11). */
function durationText(chapter: Pick<WizardChapter, 'duration' | 'audioFileId'>): string {
  if (chapter.duration !== null) return `${formatDuration(chapter.duration)} · from the audio`;
  return chapter.audioFileId !== ''
    ? 'Measured from the audio when saved'
    : 'Measured from the audio once it is uploaded';
}

/**
 * One chapter of step 3: click-to-edit title, its length (from the audio), audio and transcript,
 * delete; a saved chapter also opens in the studio and as a preview (new tabs: the wizard keeps
 * its unsaved changes).
 */
export function ChapterCard({ index, count, onDelete, onMove, dragHandle }: ChapterCardProps) {
  const ids = useId();
  const number = index + 1;
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const chapter = useWatch({ control, name: `chapters.${index}` });
  // A saved chapter's files come back as storage keys: their original names are looked up.
  const nameUnknown = (slot: FileSlot) =>
    chapter !== undefined &&
    chapter[slots[slot].idField] !== '' &&
    [chapter[slots[slot].idField], ''].includes(chapter[slots[slot].nameField]);
  const storedNames = useStoredFileNames({
    enabled: nameUnknown('audio') || nameUnknown('transcript'),
  });
  const titleError = errors.chapters?.[index]?.title?.message;
  const titleErrorId = `${ids}-title-error`;
  const textError = errors.chapters?.[index]?.text?.message;
  const textErrorId = `${ids}-text-error`;

  // An upload finishing after an earlier chapter was deleted lands on this chapter's new index.
  const indexRef = useRef(index);
  useLayoutEffect(() => {
    indexRef.current = index;
  }, [index]);

  const [editing, setEditing] = useState(false);
  const [removedSlot, setRemovedSlot] = useState<FileSlot | null>(null);
  const titleBefore = useRef('');
  const returnFocus = useRef(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const titleField = register(`chapters.${index}.title`);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    titleBefore.current = getValues(`chapters.${index}.title`);
    setEditing(true);
  }

  function stopEditing(focusButton: boolean) {
    returnFocus.current = focusButton;
    setEditing(false);
  }

  // Chapters reference a file by its key in the bucket (contract: FileUpload.filePath).
  function setFile(slot: FileSlot, file: Pick<FileUpload, 'filePath' | 'originalFilename'> | null) {
    const at = indexRef.current;
    setValue(`chapters.${at}.${slots[slot].idField}`, file?.filePath ?? '', { shouldDirty: true });
    setValue(`chapters.${at}.${slots[slot].nameField}`, file?.originalFilename ?? '', {
      shouldDirty: true,
    });
    // Another recording has another length: the server measures it when the story is saved.
    if (slot === 'audio') setValue(`chapters.${at}.duration`, null, { shouldDirty: true });
  }

  /** The chapter's plain text (decision 048), or none: it stands in the transcript's place. */
  function setText(chosen: ChosenText | null) {
    const at = indexRef.current;
    const values = chosen
      ? { text: chosen.text, textName: chosen.name, textSentences: chosen.sentences }
      : noText;
    setValue(`chapters.${at}.text`, values.text, { shouldDirty: true });
    setValue(`chapters.${at}.textName`, values.textName, { shouldDirty: true });
    setValue(`chapters.${at}.textSentences`, values.textSentences, { shouldDirty: true });
  }

  if (!chapter) return null;
  const title = chapter.title;
  const shownTitle = title.trim() === '' ? `chapter ${number}` : title.trim();

  return (
    <fieldset className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <legend className="px-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        Chapter {number}
      </legend>

      <div className="flex items-start justify-between gap-2">
        <ReorderHandle
          {...dragHandle}
          data-control="handle"
          itemLabel={`chapter ${number}`}
          position={number}
          count={count}
          className="mt-1 shrink-0"
          onKeyMove={(move) => onMove(index, move, 'handle')}
        />
        <div className="min-w-0 flex-1">
          {editing ? (
            <input
              {...titleField}
              ref={(element) => {
                titleField.ref(element);
                inputRef.current = element;
              }}
              type="text"
              aria-label={`Chapter ${number} title`}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? titleErrorId : undefined}
              maxLength={200}
              className={inputClassName}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  stopEditing(true);
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  setValue(`chapters.${index}.title`, titleBefore.current);
                  stopEditing(true);
                }
              }}
              onBlur={(event) => {
                void titleField.onBlur(event);
                setEditing(false);
              }}
            />
          ) : (
            <button
              ref={editButtonRef}
              type="button"
              onClick={startEditing}
              aria-label={`Edit title: ${title.trim() === '' ? 'Untitled chapter' : title.trim()}`}
              aria-describedby={titleError ? titleErrorId : undefined}
              className="group flex max-w-full items-center gap-2 rounded-lg px-1 py-1 text-left text-lg font-semibold text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus"
            >
              <span
                className={cn(
                  'truncate',
                  title.trim() === '' && 'font-normal text-ink-muted italic',
                )}
              >
                {title.trim() === '' ? 'Untitled chapter' : title}
              </span>
              <Pencil aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            </button>
          )}
          {titleError ? (
            <FieldError id={titleErrorId} className="mt-1.5">
              {titleError}
            </FieldError>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center">
          <Button
            variant="ghost"
            size="icon"
            data-control="up"
            aria-label={`Move chapter ${number} up`}
            title={`Move chapter ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index, 'up', 'up')}
          >
            <ArrowUp aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            data-control="down"
            aria-label={`Move chapter ${number} down`}
            title={`Move chapter ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, 'down', 'down')}
          >
            <ArrowDown aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete chapter ${number}`}
            onClick={() => onDelete(index)}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <div role="group" aria-labelledby={`${ids}-duration`}>
          <p id={`${ids}-duration`} className="text-sm font-medium text-ink">
            Duration
          </p>
          <p className="mt-1.5 py-2 text-sm text-ink-muted">{durationText(chapter)}</p>
        </div>

        {(['audio', 'transcript'] as const).map((slot) => {
          const { heading, bucket, icon: Icon, upload, uploaded, idField, nameField } = slots[slot];
          const fileId = chapter[idField];
          const fileName = !nameUnknown(slot)
            ? chapter[nameField]
            : (storedNames.nameOf(bucket, fileId) ??
              (storedNames.isPending ? 'Loading file name...' : 'Unnamed file'));
          const headingId = `${ids}-${slot}`;
          const hasText = slot === 'transcript' && chapter.text !== '';
          return (
            <div key={slot} role="group" aria-labelledby={headingId}>
              <p id={headingId} className="text-sm font-medium text-ink">
                {heading}
              </p>
              <div className="mt-1.5">
                {hasText ? (
                  <div className="flex items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm">
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate" title={chapter.textName}>
                        {sentencesOf(chapter.textName, chapter.textSentences)}
                      </span>
                      <span className="block text-xs text-ink-muted">
                        Text to align with the audio after saving
                      </span>
                    </span>
                    <button
                      type="button"
                      aria-label={`Remove text from chapter ${number}`}
                      aria-describedby={textError ? textErrorId : undefined}
                      onClick={() => {
                        setRemovedSlot(slot);
                        setText(null);
                      }}
                      className="rounded-full p-1 text-ink-muted hover:bg-surface hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                ) : fileId ? (
                  <div className="flex items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm">
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                    <span className="min-w-0 flex-1 truncate" title={fileName}>
                      {fileName}
                    </span>
                    <button
                      type="button"
                      aria-label={`Remove ${heading.toLowerCase()} from chapter ${number}`}
                      onClick={() => {
                        setRemovedSlot(slot);
                        setFile(slot, null);
                      }}
                      className="rounded-full p-1 text-ink-muted hover:bg-surface hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                ) : (
                  <FileUploadButton
                    kind={slot}
                    inputLabel={`${heading} file for chapter ${number}`}
                    successMessage={uploaded}
                    focusOnMount={removedSlot === slot}
                    onUploaded={(file) => setFile(slot, file)}
                    {...(slot === 'transcript' ? { onText: setText } : {})}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {upload}
                  </FileUploadButton>
                )}
                {slot === 'transcript' && textError ? (
                  <div role="alert">
                    <FieldError id={textErrorId} className="mt-1.5">
                      {textError}
                    </FieldError>
                  </div>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>

      {chapter.chapterId ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
          <a
            href={chapterStudioPath(chapter.chapterId)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open in Studio: ${shownTitle} (opens in a new tab)`}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            <AudioWaveform aria-hidden="true" className="size-4" />
            Open in Studio
          </a>
          <a
            href={chapterPreviewPath(chapter.chapterId)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Preview: ${shownTitle} (opens in a new tab)`}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          >
            <ScanEye aria-hidden="true" className="size-4" />
            Preview
          </a>
        </div>
      ) : null}
    </fieldset>
  );
}
