import { AudioWaveform, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { alignmentResultSchema, type AlignmentRequest } from '#shared/contracts/studio';
import { prefillSummary } from '#shared/studio/prefill-summary';
import type { Job } from '#shared/contracts/jobs';
import { JobProgress } from '#client/components/jobs/job-progress';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormAlert } from '#client/components/ui/form-alert';
import { Notice } from '#client/components/ui/notice';
import { cn } from '#client/lib/cn';
import type { useAlignment } from '../hooks/use-alignment';
import { describeRefusal } from '../rules/refusal';
import { AlignForm } from './align-form';
import { TranslationFailures } from './translation-failures';

export interface AlignPanelProps {
  alignment: ReturnType<typeof useAlignment>;
  hasAudio: boolean;
  hasTranscript: boolean;
}

/** What a finished alignment produced, from the job's result, and what its prefill could not do. */
function outcomeOf(job: Job): { text: string; failures: string[] } | null {
  const parsed = alignmentResultSchema.safeParse(job.result);
  if (!parsed.success) return null;
  const { version, segments, words, doubtfulWords, leadingNonSpeechSeconds, translations } =
    parsed.data;
  const parts = [`${segments} sentences and ${words} words aligned as version ${version}.`];
  if (leadingNonSpeechSeconds >= 0.5) {
    parts.push(
      `${leadingNonSpeechSeconds.toFixed(1)} s of music or silence before the first word.`,
    );
  }
  parts.push(
    doubtfulWords === 0
      ? 'No doubtful words.'
      : `${doubtfulWords} doubtful ${doubtfulWords === 1 ? 'word' : 'words'} to check (Next doubtful).`,
  );
  const prefilled = translations ? prefillSummary(translations) : null;
  if (prefilled) parts.push(prefilled.status);
  return { text: parts.join(' '), failures: prefilled?.failures ?? [] };
}

/**
 * Aligning the recording with its text: the form, the job's progress (stage, percent, Cancel)
 * and how it ended. It leads the page while the chapter has no transcript; afterwards it folds
 * away behind "Align again".
 */
export function AlignPanel({ alignment, hasAudio, hasTranscript }: AlignPanelProps) {
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const { job, active, start } = alignment;
  const showForm = !hasTranscript || open;
  const refusal = start.error ? describeRefusal(start.error, null) : null;
  const outcome =
    job && job.status === 'succeeded' && alignment.finishedHere ? outcomeOf(job) : null;
  // A failure stays in view until the next alignment; an older success or cancel is history.
  const showJob = job !== null && (active || alignment.finishedHere || job.status === 'failed');

  const startAlignment = (request: AlignmentRequest) => start.mutate(request);

  return (
    <Card
      className={cn('p-5 sm:p-6', !hasTranscript && 'border-accent/40 ring-4 ring-accent-soft')}
    >
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
              <AudioWaveform aria-hidden="true" className="size-5 text-accent" />
              {hasTranscript ? 'Alignment' : 'Align the recording with its text'}
            </h2>
            <p className="mt-1 max-w-2xl text-ink-muted">
              {hasTranscript
                ? 'Time every word again from a new text, a transcript file, or the saved transcript (unsaved edits are not included).'
                : 'This chapter has no transcript yet. Paste its Spanish text or load a file, and every word will be timed against the recording.'}
            </p>
          </div>
          {hasTranscript ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={!hasAudio || active || start.isPending}
                onClick={() => start.mutate({})}
              >
                Re-align whole chapter
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={open}
                aria-controls={formId}
                onClick={() => setOpen((value) => !value)}
              >
                Align again from a text
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-4 transition-transform', open && 'rotate-180')}
                />
              </Button>
            </div>
          ) : null}
        </div>

        {!hasAudio ? (
          <Notice title="No recording yet" headingLevel={3}>
            Add the chapter’s audio in the story wizard (Content → Stories → Edit), then align it
            here.
          </Notice>
        ) : showForm ? (
          <div id={formId}>
            <AlignForm disabled={active || start.isPending} onSubmit={startAlignment} />
          </div>
        ) : null}

        {refusal ? (
          <FormAlert
            title="The alignment could not start"
            message={refusal.message}
            items={refusal.reasons.length > 0 ? [refusal.message, ...refusal.reasons] : undefined}
          />
        ) : null}

        {showJob ? (
          <div className="rounded-xl border border-line bg-canvas px-4 py-3">
            <JobProgress
              job={job}
              label="Alignment progress"
              onCancel={alignment.cancel}
              cancelLabel="Cancel alignment"
              cancelling={alignment.cancelling}
            />
            {outcome ? <p className="mt-2 text-sm text-ink-muted">{outcome.text}</p> : null}
            {outcome ? <TranslationFailures className="mt-2" failures={outcome.failures} /> : null}
            {alignment.cancelError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-accent-ink">
                {describeRefusal(alignment.cancelError, null).message}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>
    </Card>
  );
}
