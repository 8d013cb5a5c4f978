import { BookOpenCheck, Target } from 'lucide-react';
import type { StoryKnowledge } from '#shared/contracts/progress';
import { fitsLearner } from '#shared/discover/story-fit';
import { Badge } from '#client/components/ui/badge';
import { cn } from '#client/lib/cn';

/** "You know 84% · 120 new words": the share of the story's distinct words known (decision 067). */
export function knownWordsText({ knownPercentage, newWordsCount }: StoryKnowledge): string {
  const newWords =
    newWordsCount === 0
      ? 'no new words'
      : `${newWordsCount} new ${newWordsCount === 1 ? 'word' : 'words'}`;
  return `You know ${knownPercentage}% · ${newWords}`;
}

/** The share of running words known, which decides whether a story fits (decision 071). */
export const coverageText = ({ coveragePercentage }: StoryKnowledge): string =>
  `Counting every word as often as it is said, you know ${coveragePercentage}% of what you will hear.`;

/** Shown on a story in the 90–98 % band of running words known. */
export function FitsYouBadge() {
  return (
    <Badge tone="beginner">
      <Target aria-hidden="true" className="size-3" />
      Fits You
    </Badge>
  );
}

/**
 * What a signed-in learner knows of a story: the share of its words and its new words, "Fits
 * You" when it fits, and (`detailed`, on the story page) the share of what they will hear.
 */
export function StoryKnowledgeSummary({
  knowledge,
  detailed = false,
  className,
}: {
  knowledge: StoryKnowledge;
  detailed?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1 text-sm text-ink-muted', className)}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1.5">
          <BookOpenCheck aria-hidden="true" className="size-4 shrink-0" />
          {knownWordsText(knowledge)}
        </span>
        {fitsLearner(knowledge) ? <FitsYouBadge /> : null}
      </p>
      {detailed ? <p>{coverageText(knowledge)}</p> : null}
    </div>
  );
}
