import { Link } from 'react-router';
import { Play, Trash2 } from 'lucide-react';
import type { SavedItem } from '#shared/contracts/saved-items';
import { Badge } from '#client/components/ui/badge';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { MachineMark } from '#client/components/ui/machine-mark';

/** Opens the player at the item's sentence (the player's `?t=` start position, in seconds). */
export const playerPathOf = (item: SavedItem) =>
  `/player/${encodeURIComponent(item.chapterId)}?t=${item.startSeconds}`;

/** One saved word or sentence: what it is, where it comes from, and its two actions. */
export function SavedItemCard({
  item,
  onDelete,
}: {
  item: SavedItem;
  onDelete: (item: SavedItem) => void;
}) {
  const headingId = `saved-item-${item.id}`;
  return (
    <Card className="p-5 sm:p-6" data-testid="saved-item">
      <article aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={item.kind === 'word' ? 'accent' : 'neutral'}>
            {item.kind === 'word' ? 'Word' : 'Sentence'}
          </Badge>
          <p className="text-sm text-ink-muted">
            {item.storyTitle} · {item.chapterTitle}
          </p>
        </div>
        <div>
          <h2 id={headingId} lang="es" className="font-serif text-xl font-semibold break-words">
            {item.text}
          </h2>
          {item.kind === 'word' && item.gloss ? (
            <p lang={item.translationLanguage} className="mt-1 text-ink-muted">
              {item.gloss}
              {item.glossByMachine ? <MachineMark /> : null}
            </p>
          ) : null}
        </div>
        {item.kind === 'word' ? (
          <p lang="es" className="border-l-2 border-line pl-3 font-serif italic">
            {item.sentence}
          </p>
        ) : null}
        {item.sentenceTranslation ? (
          <p lang={item.translationLanguage} className="text-ink-muted">
            {item.sentenceTranslation}
            {item.sentenceTranslationByMachine ? <MachineMark /> : null}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-1">
          <Link
            to={playerPathOf(item)}
            className={buttonClassName({ variant: 'primary', size: 'sm' })}
            aria-label={`Open “${item.text}” in the player`}
          >
            <Play aria-hidden="true" className="size-4" />
            Open
          </Link>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(item)}
            aria-label={`Delete “${item.text}”`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}
