import type { ReviewRating } from '#shared/contracts/review';
import type { SavedItem } from '#shared/contracts/saved-items';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { MachineMark } from '#client/components/ui/machine-mark';
import { findWord } from '#client/lib/deck-export/find-word';
import type { ClipStatus } from '#client/components/audio/use-clip-player';
import { reviewTexts } from '../review-texts';

const ratings: ReviewRating[] = [1, 2, 3, 4];

/** The sentence with the saved word marked (shown exactly as written: plain text nodes). */
function SentenceWithWord({ sentence, word }: { sentence: string; word: string }) {
  const at = word === sentence ? -1 : findWord(sentence, word);
  if (at < 0) return <>{sentence}</>;
  return (
    <>
      {sentence.slice(0, at)}
      <mark className="rounded bg-accent-soft px-0.5 text-ink">
        {sentence.slice(at, at + word.length)}
      </mark>
      {sentence.slice(at + word.length)}
    </>
  );
}

export interface ReviewCardProps {
  card: SavedItem;
  revealed: boolean;
  clipStatus: ClipStatus;
  intervals: Record<ReviewRating, string>;
  onPlay: () => void;
  onReveal: () => void;
  onRate: (rating: ReviewRating) => void;
}

export function ReviewCard({
  card,
  revealed,
  clipStatus,
  intervals,
  onPlay,
  onReveal,
  onRate,
}: ReviewCardProps) {
  const isWord = card.kind === 'word';
  return (
    <Card className="p-5 sm:p-8" data-testid="review-card">
      <p className="mb-4 text-sm font-medium text-ink-muted">
        {isWord ? reviewTexts.savedWord : reviewTexts.savedSentence} · {card.storyTitle} ·{' '}
        {card.chapterTitle}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={onPlay}
          aria-busy={clipStatus === 'playing'}
          data-clip-status={clipStatus}
        >
          {clipStatus === 'playing' ? reviewTexts.playing : reviewTexts.replay}
        </Button>
        <p className="text-ink-muted" aria-live="polite">
          {clipStatus === 'blocked'
            ? reviewTexts.audioBlocked
            : clipStatus === 'error'
              ? reviewTexts.audioFailed
              : revealed
                ? ''
                : reviewTexts.recallPrompt}
        </p>
      </div>

      {revealed ? (
        <div className="mt-6 space-y-3" data-testid="review-answer">
          <p lang="es" className="font-serif text-2xl leading-relaxed text-ink">
            <SentenceWithWord sentence={card.sentence} word={card.text} />
          </p>
          {card.sentenceTranslation ? (
            <p lang={card.translationLanguage} className="text-lg text-ink-muted">
              {card.sentenceTranslation}
              {card.sentenceTranslationByMachine ? <MachineMark /> : null}
            </p>
          ) : null}
          {isWord ? (
            <p className="text-lg">
              <strong lang="es">{card.text}</strong>
              {card.gloss ? (
                <span lang={card.translationLanguage}>
                  {` — ${card.gloss}`}
                  {card.glossByMachine ? <MachineMark /> : null}
                </span>
              ) : null}
            </p>
          ) : null}
          <h2 className="pt-4 text-base font-semibold">{reviewTexts.rateHeading}</h2>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {ratings.map((rating) => (
              <Button
                key={rating}
                type="button"
                variant={rating === 3 ? 'primary' : 'secondary'}
                onClick={() => onRate(rating)}
                className="flex h-auto flex-col py-2"
                aria-keyshortcuts={String(rating)}
              >
                <span>{reviewTexts.ratings[rating]}</span>
                <span className="text-sm font-normal">{intervals[rating]}</span>
              </Button>
            ))}
          </div>
        </div>
      ) : (
        <Button
          type="button"
          className="mt-6 w-full sm:w-auto"
          onClick={onReveal}
          aria-keyshortcuts="Space"
        >
          {reviewTexts.showAnswer}
        </Button>
      )}
    </Card>
  );
}
