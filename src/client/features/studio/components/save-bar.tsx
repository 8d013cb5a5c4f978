import { useId } from 'react';
import { CircleDot, CircleCheck, Languages, Save, SearchCheck } from 'lucide-react';
import { translationServicesNote } from '#shared/studio/prefill-summary';
import type { TranslationServiceName } from '#shared/translation-services';
import { Button } from '#client/components/ui/button';

export interface SaveBarProps {
  dirty: boolean;
  version: number | null;
  saving: boolean;
  onSave: () => void;
  doubtfulCount: number;
  onNextDoubtful: () => void;
  prefilling: boolean;
  onPrefill: () => void;
  /** The services that translate sentences on this site (empty: glosses only). */
  translationServices: readonly TranslationServiceName[];
  /** What the last action did, for screen readers (and shown beside the buttons). */
  announcement: string;
}

/** Stays in view while the sentences scroll: where the work stands, Next doubtful, Save. */
export function SaveBar({
  dirty,
  version,
  saving,
  onSave,
  doubtfulCount,
  onNextDoubtful,
  prefilling,
  onPrefill,
  translationServices,
  announcement,
}: SaveBarProps) {
  const servicesId = useId();
  return (
    <div className="@container sticky top-16 z-30 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface/95 px-4 py-3 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <p className="flex flex-1 items-center gap-2 text-sm font-medium">
        {saving ? (
          <span className="text-ink-muted">Saving…</span>
        ) : dirty ? (
          <>
            <CircleDot aria-hidden="true" className="size-4 text-accent" />
            Unsaved changes
          </>
        ) : (
          <>
            <CircleCheck aria-hidden="true" className="size-4 text-level-beginner-ink" />
            {version === null ? 'Nothing saved yet' : `Saved · version ${version}`}
          </>
        )}
      </p>
      {/* Narrow: Save stays beside the status, the other actions go to the next line. */}
      <div className="order-last flex flex-wrap items-center gap-2 @3xl:order-none">
        <span className="hidden text-sm text-ink-muted tabular-nums @3xl:inline">
          {doubtfulCount === 1 ? '1 doubtful place' : `${doubtfulCount} doubtful places`}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={onNextDoubtful}
          disabled={doubtfulCount === 0}
        >
          <SearchCheck aria-hidden="true" className="size-4" />
          Next doubtful
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onPrefill}
          disabled={prefilling}
          aria-busy={prefilling}
          aria-describedby={servicesId}
        >
          <Languages aria-hidden="true" className="size-4" />
          {prefilling ? 'Translating…' : 'Fill missing translations'}
        </Button>
        <span id={servicesId} className="text-sm text-ink-muted">
          {translationServicesNote(translationServices)}
        </span>
      </div>
      <Button size="sm" onClick={onSave} disabled={!dirty || saving} aria-busy={saving}>
        <Save aria-hidden="true" className="size-4" />
        Save transcript
      </Button>
      {/* Always in the page, so a screen reader hears each new message; shown when there is one. */}
      <p role="status" className="order-last w-full text-sm text-ink-muted empty:hidden">
        {announcement}
      </p>
    </div>
  );
}
