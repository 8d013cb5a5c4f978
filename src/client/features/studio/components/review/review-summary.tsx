import { ArrowLeft, CircleCheck, ExternalLink, ListChecks, Save } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '#client/components/ui/button';
import { countOf } from '../../rules/labels';
import type { ReviewCounts } from '../../rules/review-queue';

export interface ReviewSummaryProps {
  counts: ReviewCounts;
  /** Sentences approved in this review. */
  approved: number;
  dirty: boolean;
  saving: boolean;
  version: number | null;
  previewHref: string;
  onSave: () => void;
  onRestart: () => void;
  onBack: () => void;
  onEditor: () => void;
}

/** The end of the stream: what is left (if anything), saving, and where publishing happens. */
export function ReviewSummary({
  counts,
  approved,
  dirty,
  saving,
  version,
  previewHref,
  onSave,
  onRestart,
  onBack,
  onEditor,
}: ReviewSummaryProps) {
  const done = counts.sentences === 0;
  return (
    <article
      aria-labelledby="review-summary"
      tabIndex={-1}
      data-review-focus=""
      className="space-y-5 rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-ink/5 outline-none focus-visible:ring-2 focus-visible:ring-focus sm:p-8"
    >
      <div className="flex items-start gap-3">
        {done ? (
          <CircleCheck
            aria-hidden="true"
            className="mt-1 size-7 shrink-0 text-level-beginner-ink"
          />
        ) : (
          <ListChecks aria-hidden="true" className="mt-1 size-7 shrink-0 text-accent" />
        )}
        <div>
          <h2 id="review-summary" className="text-2xl font-semibold">
            {done ? 'Nothing left to review' : 'End of the review'}
          </h2>
          <p className="mt-1 text-ink-muted">
            {done
              ? 'Every translation, gloss and timing of this chapter is approved.'
              : `Still waiting: ${countOf(counts.sentences, 'sentence', 'sentences')} (${countOf(counts.translations, 'translation', 'translations')}, ${countOf(counts.glosses, 'gloss', 'glosses')}, ${countOf(counts.timings, 'doubtful timing', 'doubtful timings')}).`}
            {approved > 0
              ? ` You approved ${countOf(approved, 'sentence', 'sentences')} in this review.`
              : ''}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        {!done ? (
          <Button onClick={onRestart}>
            <ListChecks aria-hidden="true" className="size-4" />
            Review what is left
          </Button>
        ) : null}
        {dirty ? (
          <Button
            variant={done ? 'primary' : 'secondary'}
            onClick={onSave}
            disabled={saving}
            aria-busy={saving}
            aria-keyshortcuts="S"
          >
            <Save aria-hidden="true" className="size-4" />
            {saving ? 'Saving…' : 'Save transcript'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onBack} aria-keyshortcuts="ArrowLeft">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Last sentence
        </Button>
        <Button variant="ghost" onClick={onEditor}>
          Full editor
        </Button>
      </div>

      <div className="rounded-xl bg-surface-muted px-4 py-3 text-sm text-ink-muted">
        <p>
          {dirty
            ? 'Your review is not saved yet.'
            : version === null
              ? 'Nothing saved yet.'
              : `Saved as version ${version}.`}{' '}
          Learners see these changes once you publish the story, or its changes, from{' '}
          <Link to="/admin/content" className="font-medium text-ink underline underline-offset-2">
            Content
          </Link>
          .
        </p>
        <a
          href={previewHref}
          target="_blank"
          rel="noopener"
          className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'mt-2 -ml-3' })}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Preview the chapter
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}
