import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AudioWaveform, CircleAlert, CircleCheck, CircleX, Info } from 'lucide-react';
import type { StoryStatus } from '#shared/contracts/stories';
import { formatDuration, formatMinutes } from '#shared/format';
import { useAdminStories } from '#client/lib/api/admin/get-admin-stories';
import { cn } from '#client/lib/cn';
import { placementText } from '../../utils/placement';
import { isChapterComplete, levelLabels, type WizardValues } from './wizard-schema';

function FileIndicator({
  label,
  present,
  presentText = 'uploaded',
}: {
  label: string;
  present: boolean;
  /** What a screen reader hears after the label when the file is there. */
  presentText?: string;
}) {
  const Icon = present ? CircleCheck : CircleX;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-sm',
        present ? 'text-level-beginner-ink' : 'text-ink-muted',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only">{present ? ` ${presentText}` : ' missing'}</span>
    </span>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-muted px-4 py-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** Step 4: what will be saved, a summary, the draft note and the missing-files warning. */
export function StepReview({
  currentPosition,
  status,
}: {
  /** The edited story's position now (an empty field keeps it); undefined for a new story. */
  currentPosition?: number;
  /** The edited story's status; undefined for a new story. */
  status?: StoryStatus;
}) {
  const editing = status !== undefined;
  const ids = useId();
  const { control } = useFormContext<WizardValues>();
  const values = useWatch({ control }) as WizardValues;
  const { data: library } = useAdminStories();
  const chapters = values.chapters;
  const complete = chapters.filter(isChapterComplete).length;
  const lacking = chapters.length - complete;
  const aligning = chapters.filter((chapter) => chapter.text !== '').length;
  const totalSeconds = chapters.reduce((sum, chapter) => sum + (chapter.duration ?? 0), 0);

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${ids}-story`} className="space-y-3">
        <h4 id={`${ids}-story`} className="font-semibold text-ink">
          Story Information
        </h4>
        <div className="flex flex-col gap-4 sm:flex-row">
          {values.imageUrl ? (
            <img
              src={values.imageUrl}
              alt=""
              className="aspect-[4/3] w-full rounded-xl border border-line object-cover sm:w-48"
            />
          ) : null}
          <dl className="grid flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-ink-muted">Title</dt>
            <dd className="font-medium break-words text-ink">{values.title.trim()}</dd>
            <dt className="text-ink-muted">Difficulty Level</dt>
            <dd className="text-ink">{levelLabels[values.level]}</dd>
            <dt className="text-ink-muted">Description</dt>
            <dd className="break-words whitespace-pre-line text-ink">
              {values.description.trim()}
            </dd>
            <dt className="text-ink-muted">New Words Count</dt>
            <dd className="text-ink">{values.newWordsCount.trim() || '0'}</dd>
            <dt className="text-ink-muted">Position in Library</dt>
            <dd className="text-ink">
              {placementText(values.position, { count: library?.length, currentPosition })}
            </dd>
            <dt className="text-ink-muted">Total Duration</dt>
            <dd className="text-ink">{formatMinutes(totalSeconds)} min</dd>
          </dl>
        </div>
      </section>

      <section aria-labelledby={`${ids}-chapters`} className="space-y-3">
        <h4 id={`${ids}-chapters`} className="font-semibold text-ink">
          Chapters ({chapters.length})
        </h4>
        <ol className="divide-y divide-line rounded-xl border border-line">
          {chapters.map((chapter, index) => (
            <li
              key={chapter.chapterId ?? `new-${index}`}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
            >
              <span className="min-w-0 break-words text-ink">
                {index + 1}. {chapter.title.trim()}
                {chapter.duration !== null ? (
                  <span className="text-ink-muted"> · {formatDuration(chapter.duration)}</span>
                ) : null}
              </span>
              <span className="flex gap-3">
                <FileIndicator label="Audio" present={chapter.audioFileId !== ''} />
                {chapter.text !== '' ? (
                  <FileIndicator
                    label="Text to align"
                    present
                    presentText="chosen: aligned with the audio after saving"
                  />
                ) : (
                  <FileIndicator label="Transcript" present={chapter.transcriptFileId !== ''} />
                )}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={`${ids}-summary`} className="space-y-3">
        <h4 id={`${ids}-summary`} className="font-semibold text-ink">
          Summary
        </h4>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Summary label="Total Chapters" value={String(chapters.length)} />
          <Summary label="Complete Chapters" value={`${complete} of ${chapters.length}`} />
          <Summary label="Cover Image" value={values.imageUrl ? 'Uploaded' : 'Missing'} />
          <Summary label="Difficulty" value={values.level} />
        </dl>
      </section>

      {aligning > 0 ? (
        <p className="flex gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm text-ink-muted">
          <AudioWaveform aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            {aligning === 1
              ? 'After saving, 1 chapter’s text is aligned with its audio; follow it in the studio.'
              : `After saving, ${aligning} chapters’ texts are aligned with their audio; follow them in the studio.`}
          </span>
        </p>
      ) : null}

      <p className="flex gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm text-ink-muted">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          {status === undefined
            ? 'The story will be created as a draft. It stays hidden from learners until you publish it from the dashboard.'
            : status === 'draft'
              ? 'The story stays a draft, hidden from learners until you publish it from the dashboard.'
              : 'Learners keep seeing the version published last until you publish the changes from the dashboard.'}
        </span>
      </p>

      {lacking > 0 ? (
        <div className="flex gap-3 rounded-xl border border-level-intermediate-ink/30 bg-level-intermediate px-4 py-3 text-sm text-level-intermediate-ink">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">
              {lacking === 1
                ? '1 chapter is missing audio or a transcript.'
                : `${lacking} chapters are missing audio or a transcript.`}
            </p>
            <p>
              {editing
                ? 'You can still update the story and add these files later.'
                : 'You can still create the story and add these files later.'}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
