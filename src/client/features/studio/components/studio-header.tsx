import type { ReactNode } from 'react';
import { ArrowLeft, ExternalLink, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { StudioChapter, TranslationSummary } from '#shared/contracts/studio';
import { formatDuration } from '#shared/format';
import { buttonClassName } from '#client/components/ui/button';
import { describeSummary } from '../rules/translation-summary';

export interface StudioHeaderProps {
  chapterId: string;
  chapter: StudioChapter['chapter'];
  audio: StudioChapter['audio'];
  version: number | null;
  /** Null while the chapter has no transcript (nothing to count yet). */
  summary: TranslationSummary | null;
  warnings: readonly string[];
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{term}</dt>
      <dd className="mt-0.5 font-medium text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/** The chapter's title and facts, what is left to approve, the server's warnings, Preview. */
export function StudioHeader({
  chapterId,
  chapter,
  audio,
  version,
  summary,
  warnings,
}: StudioHeaderProps) {
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link
            to="/admin/content"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to content
          </Link>
          <p className="mt-2 text-sm text-ink-muted">
            {chapter.storyTitle} · Chapter {chapter.position}
          </p>
          <h1 className="text-3xl font-semibold tracking-tight">{chapter.title}</h1>
        </div>
        <a
          href={`/player/${encodeURIComponent(chapterId)}?preview=1`}
          target="_blank"
          rel="noopener"
          aria-label="Preview (opens in a new tab)"
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Preview
        </a>
      </div>

      <div className="rounded-2xl border border-line bg-surface px-5 py-4">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact term="Duration">
            {audio ? (
              <span title={`${audio.durationSeconds.toFixed(3)} s, measured from the audio`}>
                {formatDuration(audio.durationSeconds)}
              </span>
            ) : (
              <span className="text-ink-muted">No audio yet</span>
            )}
          </Fact>
          <Fact term="Version">{version ?? <span className="text-ink-muted">None yet</span>}</Fact>
          <Fact term="Translations to approve">
            {summary ? `${summary.segmentsNeedingTranslation} of ${summary.segments}` : '—'}
          </Fact>
          <Fact term="Glosses to approve">
            {summary ? `${summary.wordsNeedingGloss} of ${summary.words}` : '—'}
          </Fact>
        </dl>
        <p className="mt-3 text-sm text-ink-muted">
          {summary
            ? describeSummary(summary)
            : 'No transcript yet: align the recording with its text below.'}
        </p>
      </div>

      {warnings.length > 0 ? (
        <ul
          aria-label="Warnings"
          className="space-y-1 rounded-2xl border border-level-intermediate-ink/30 bg-level-intermediate px-5 py-3 text-level-intermediate-ink"
        >
          {warnings.map((warning) => (
            <li key={warning} className="flex items-start gap-2 text-sm font-medium">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {warning}
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}
