import { Languages } from 'lucide-react';
import type { SelectionOffer } from './use-selection-offer';

/** The "Translate selection" button, placed just below the selected words. */
export function SelectionButton({
  offer,
  onTranslate,
}: {
  offer: SelectionOffer;
  onTranslate: () => void;
}) {
  const top = offer.rect.bottom + window.scrollY + 8;
  const left = Math.max(8, offer.rect.left + window.scrollX);
  return (
    <button
      type="button"
      style={{ top, left }}
      // Keep the selection: pressing the button must not collapse it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onTranslate}
      className="absolute z-50 inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg shadow-lg hover:bg-accent-hover"
    >
      <Languages aria-hidden="true" className="size-4" />
      Translate selection
    </button>
  );
}
