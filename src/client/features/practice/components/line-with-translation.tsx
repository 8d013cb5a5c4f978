import type { PracticeItem } from '#shared/practice/items';
import { MachineMark } from '#client/components/ui/machine-mark';
import { practiceTexts } from '../practice-texts';

/** The whole line an exercise came from, exactly as written, and its translation once answered. */
export function LineWithTranslation({ item }: { item: PracticeItem }) {
  return (
    <div className="space-y-1 rounded-xl bg-surface-muted px-4 py-3" data-testid="practice-line">
      <p className="text-sm font-medium text-ink-muted">{practiceTexts.theLine}</p>
      <p lang="es" className="font-serif text-xl leading-relaxed text-ink">
        {item.line}
      </p>
      {item.translation ? (
        <p lang="en" className="text-ink-muted">
          {item.translation}
          {item.translationByMachine ? <MachineMark /> : null}
        </p>
      ) : null}
    </div>
  );
}
