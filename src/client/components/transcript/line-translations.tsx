import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import type { TranslationRequest, TranslationSettings } from '#client/lib/api/translate';
import { TranslationResult } from './translation-result';

export interface OpenLine {
  segmentIndex: number;
  request: TranslationRequest;
}

/**
 * The translations opened with the per-line buttons, each rendered into its line's empty slot
 * through a portal: the transcript itself does not re-render.
 */
export function LineTranslations({
  lines,
  slots,
  settings,
  onClose,
}: {
  lines: readonly OpenLine[];
  slots: ArrayLike<Element | undefined>;
  settings: TranslationSettings;
  onClose: (segmentIndex: number) => void;
}) {
  return lines.map(({ segmentIndex, request }) => {
    const slot = slots[segmentIndex];
    if (!slot) return null;
    return createPortal(
      <div
        className="mt-2 flex items-start gap-2 rounded-xl border border-line bg-surface-muted/60 px-3 py-2 font-sans text-[0.9em]"
        aria-live="polite"
      >
        <div className="min-w-0 flex-1">
          <TranslationResult request={request} settings={settings} />
        </div>
        <button
          type="button"
          onClick={() => onClose(segmentIndex)}
          aria-label={`Hide the translation of line ${segmentIndex + 1}`}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>,
      slot,
      `line-${segmentIndex}`,
    );
  });
}
